/** The gSOAP service's C source comes from the contract table: every operation over both SOAP
 * bindings and the form table, every parameter read as its type (npm run test:gsoap builds it). */
import { expect, test } from 'vitest';
import { operations } from '../../src/contract/index.js';
import { serverSource } from '../../scripts/gsoap/server-source.js';

const source = serverSource('urn:test');
const ECHO = { int: 'echo_int(&e', str: 'echo_str(&e', bool: 'echo_bool(&e', dt: 'echo_dt(soap, &e' } as const;

test.each(operations.map((op) => [op.name, op] as const))('%s: both SOAP bindings, each parameter echoed as its type, and a form row', (name, op) => {
  expect(source).toContain(`int __ns1__${name}(struct soap *soap, struct _ns1__${name} *in, struct _ns1__${name}Response *out) {`);
  expect(source).toContain(`int __ns1__${name}_(struct soap *soap, struct _ns1__${name} *in, struct _ns1__${name}Response *out) { return __ns1__${name}(soap, in, out); }`);
  const body = source.slice(source.indexOf(`int __ns1__${name}(`), source.indexOf(`int __ns1__${name}_(`));
  expect(body.split('\n').filter((l) => l.trim().startsWith('echo_') && !l.includes('echo_begin') && !l.includes('echo_end'))).toEqual(
    op.params.map((p) => expect.stringContaining(`${ECHO[p.type]}, "${p.name}", in->${p.name}`)));
  const code = { int: 'i', str: 's', dt: 'd', bool: 'b' } as const;
  expect(source).toContain(`  { "${name}", ${op.params.length}, { ${op.params.map((p) => `{ "${p.name}", '${code[p.type]}' }`).join(', ')} } },`);
});

test('the namespace of the GET/POST answer is the one given', () => {
  expect(source).toContain('static const char *NAMESPACE = "urn:test";');
});
