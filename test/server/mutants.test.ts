/**
 * Every mutant really deviates: one request that shows it, sent to the clean reference server and
 * to the mutant, gets a different answer (status, Content-Type or body; for the slow mutant, time).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { AUTH_PARAMS, getOperation, operations, SERVICE_PATH, type Operation, type SoapType } from '../../src/contract/index.js';
import { exampleCase } from '../../src/cases/examples.js';
import { MUTANTS } from '../../src/server/mutants/index.js';
import { startReferenceServer, type ReferenceServer } from '../../src/server/server.js';
import { getTransportById, type HttpRequest, type HttpResponse, type TransportId } from '../../src/transports/index.js';
import { send } from '../support/http.js';

const NS = 'http://www.tigerpawsoftware.com';
const SECRET = 'mutant-test-secret';

interface Probe {
  readonly transport: TransportId | 'wsdl';
  readonly op?: string;
  /** Sets the first non-authentication parameter of this type (the operation is chosen to have one). */
  readonly set?: readonly [SoapType, string];
  /** Changes the encoded request body. */
  readonly body?: (body: string) => string;
  /** Sign the request with a day-old timestamp (the servers then enforce signatures). */
  readonly stale?: boolean;
}

const PROBES: Record<string, Probe> = {
  'accept-bad-int': { transport: 'soap11', set: ['int', 'abc'] },
  'accept-bad-bool-get': { transport: 'get', set: ['bool', 'maybe'] },
  'mangle-non-ascii-get': { transport: 'get', set: ['str', 'Müller'] },
  'drop-non-ascii-post': { transport: 'post', set: ['str', 'Müller'] },
  'trim-post': { transport: 'post', set: ['str', '  padded  '] },
  'collapse-whitespace-soap11': { transport: 'soap11', set: ['str', 'two  spaces'] },
  'truncate-long-text-soap12': { transport: 'soap12', set: ['str', 'x'.repeat(300)] },
  'bool-title-case-soap12': { transport: 'soap12', set: ['bool', 'true'] },
  'aspnet-request-validation': { transport: 'get', set: ['str', '<b>bold</b>'] },
  'status-202-success': { transport: 'soap11' },
  'soap12-text-xml': { transport: 'soap12' },
  'get-no-charset': { transport: 'get' },
  'charset-lie-post': { transport: 'post' },
  'unescaped-ampersand-get': { transport: 'get', set: ['str', 'Smith & Sons'] },
  'external-dtd-get': { transport: 'get' },
  'soap12-internal-dtd': { transport: 'soap12' },
  'soap11-stylesheet-pi': { transport: 'soap11' },
  'gzip-unasked-post': { transport: 'post' },
  'soap12-answered-as-soap11': { transport: 'soap12' },
  'two-body-children': { transport: 'soap11' },
  'result-element-misnamed': { transport: 'soap11' },
  'response-tempuri-namespace': { transport: 'soap12' },
  'string-root-no-namespace': { transport: 'post' },
  'result-as-markup': { transport: 'soap12' },
  'fault-status-200': { transport: 'soap11', set: ['int', 'abc'] },
  'soap12-fault-text-xml': { transport: 'soap12', set: ['int', 'abc'] },
  'soap11-fault-no-faultstring': { transport: 'soap11', set: ['int', 'abc'] },
  'soap12-reason-no-lang': { transport: 'soap12', set: ['int', 'abc'] },
  'client-faults-as-server': { transport: 'soap11', set: ['int', 'abc'] },
  'generic-error-messages': { transport: 'get', set: ['int', 'abc'] },
  'form-errors-400': { transport: 'get', set: ['int', 'abc'] },
  'form-errors-as-html': { transport: 'post', set: ['int', 'abc'] },
  'malformed-xml-fault': { transport: 'soap11', body: (b) => b.slice(0, -20) },
  'fault-on-one-operation': { transport: 'soap12', op: 'MobileOpportunitySummary' },
  'missing-operation': { transport: 'get', op: 'MobilePartsUsedList' },
  'no-http-post': { transport: 'post' },
  'slow-operation': { transport: 'soap11', op: 'MobileContactSearch' },
  'no-timestamp-window': { transport: 'soap11', stale: true },
  'wsdl-reordered-params': { transport: 'wsdl' },
  'wsdl-changed-type': { transport: 'wsdl' },
  'get-post-not-enabled': { transport: 'get' },
  'soap12-not-enabled': { transport: 'soap12' },
  'tempuri-namespace': { transport: 'soap11' },
  'custom-errors-on': { transport: 'post', set: ['int', 'abc'] },
  'truncate-contact-search-soap12': { transport: 'soap12', op: 'MobileContactSearch', set: ['str', 'Bartholomew'] },
  'payload-renamed-field': { transport: 'soap11' },
  'payload-number-as-string': { transport: 'get' },
  'payload-missing-element-xml': { transport: 'post' },
  'soap11-element-after-body': { transport: 'soap11' },
  'soap11-encoding-style': { transport: 'soap11' },
  'soap11-unqualified-body-child': { transport: 'soap11' },
  'soap11-charset-latin1': { transport: 'soap11' },
  'wsdl-rpc-operation': { transport: 'wsdl' },
  'wsdl-soapaction-quoted': { transport: 'wsdl' },
};

const servers = new Map<string, ReferenceServer>();
let clean: ReferenceServer;
let cleanAuth: ReferenceServer;
/** The clean server answering in the xml result format: the control of a mutant that answers so. */
let cleanXml: ReferenceServer;

beforeAll(async () => {
  clean = await startReferenceServer();
  cleanAuth = await startReferenceServer({ authSecret: SECRET });
  cleanXml = await startReferenceServer({ resultFormat: 'xml' });
  for (const m of MUTANTS) servers.set(m.name, await startReferenceServer({ mutant: m.name, ...(PROBES[m.name]?.stale ? { authSecret: SECRET } : {}) }));
});
afterAll(() => Promise.all([clean.close(), cleanAuth.close(), cleanXml.close(), ...[...servers.values()].map((s) => s.close())]));

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const hasParam = (op: Operation, type: SoapType) => op.params.some((p) => p.type === type && !AUTH_PARAMS.includes(p.name));

async function request(probe: Probe): Promise<HttpRequest> {
  if (probe.transport === 'wsdl') return { method: 'GET', path: `${SERVICE_PATH}?WSDL`, headers: {} };
  const op = probe.op ? getOperation(probe.op) : operations.find((o) => !probe.set || hasParam(o, probe.set[0]))!;
  const values: Record<string, string> = { ...exampleCase(op).values };
  if (probe.set) values[op.params.find((p) => p.type === probe.set![0] && !AUTH_PARAMS.includes(p.name))!.name] = probe.set[1];
  const now = new Date(Date.now() - (probe.stale ? 24 * 3600 * 1000 : 0));
  const auth: Record<string, string> = { repnumber: '1', timestamp: now.toISOString(), sig: '', mobilekey: '' };
  if (probe.stale) {
    process.env['TSIWS_AUTH_SECRET'] = SECRET;
    const signer = new URL('../../examples/signer.mjs', import.meta.url).href;
    const { sign } = (await import(signer)) as { sign: (i: object) => Record<string, string> };
    const params = Object.fromEntries(op.params.filter((p) => !['sig', 'timestamp', 'mobilekey'].includes(p.name)).map((p) => [p.name, values[p.name] ?? auth[p.name]!]));
    Object.assign(auth, sign({ operation: op.name, params, now }));
  }
  for (const p of op.params) if (p.name in auth) values[p.name] = auth[p.name]!;
  const req = getTransportById(probe.transport).encode({ namespace: NS }, op, values);
  return probe.body && req.body !== undefined ? { ...req, body: probe.body(req.body) } : req;
}

/** The answer without the server's own address (the WSDL names it in its service ports). */
const shown = (r: HttpResponse, server: ReferenceServer) => ({ status: r.status, contentType: r.headers['content-type'], contentEncoding: r.headers['content-encoding'], body: r.body.toString('utf8').split(server.url).join('http://server') });

const controlOf = (name: string) => (PROBES[name]!.stale ? cleanAuth : MUTANTS.find((m) => m.name === name)!.resultFormat === 'xml' ? cleanXml : clean);

// soap12-text-xml and soap12-fault-text-xml end -xml for their text/xml content type; the rule is the payload mutants'.
test('a payload mutant answers in the xml result format exactly when its name ends -xml', () => {
  for (const m of MUTANTS) expect(m.resultFormat === 'xml', m.name).toBe(m.name.startsWith('payload-') && m.name.endsWith('-xml'));
});

test.each(MUTANTS.filter((m) => m.name.startsWith('payload-')).map((m) => m.name))('%s changes only the result text, not status, headers or envelope', async (name) => {
  const req = await request(PROBES[name]!);
  const transport = getTransportById(PROBES[name]!.transport as TransportId);
  const op = operations.find(() => true)!;
  const [before, after] = [await send(controlOf(name).url, req), await send(servers.get(name)!.url, req)];
  expect({ status: after.status, type: after.headers['content-type'] }).toEqual({ status: before.status, type: before.headers['content-type'] });
  const [textBefore, textAfter] = [before, after].map((r) => {
    const decoded = transport.decode({ namespace: NS }, op, r);
    return decoded.kind === 'result' ? decoded.text : undefined;
  });
  expect(textAfter).not.toEqual(textBefore);
  // Put the clean text in the mutant's answer: the rest of the body is the same.
  expect(after.body.toString('utf8')).toBe(before.body.toString('utf8').replace(escapeXml(textBefore!), escapeXml(textAfter!)));
});

test('every mutant has a probe', () => {
  expect(Object.keys(PROBES).sort()).toEqual(MUTANTS.map((m) => m.name).sort());
});

test.each(MUTANTS.map((m) => m.name))('%s answers its probe differently from the clean server', { timeout: 30_000 }, async (name) => {
  const probe = PROBES[name]!;
  const req = await request(probe);
  const [cleanServer, mutant] = [controlOf(name), servers.get(name)!];
  const before = shown(await send(cleanServer.url, req), cleanServer);
  const started = performance.now();
  const after = shown(await send(mutant.url, req), mutant);
  if (name === 'slow-operation') {
    expect(after).toEqual(before);
    expect(performance.now() - started).toBeGreaterThan(7900);
  } else {
    expect(after).not.toEqual(before);
  }
  if (probe.stale) expect([before.status, after.status]).toEqual([500, 200]);
});
