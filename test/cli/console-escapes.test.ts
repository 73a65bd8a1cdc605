/**
 * Issue 41: a target's text reaches the console with its control characters shown as escapes,
 * never raw (a fault string could otherwise retitle, clear and recolour the operator's terminal),
 * while the reports keep it as it was.
 */
import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { runInProcess } from '../support/cli.js';

// A window title, a screen clear, a colour, a carriage return, a bidi override and a C1 CSI.
const HOSTILE = 'PWNED \x1b]0;PWNED-TERM\x07\x1b[2J\x1b[31mred\rover \u202eevil\u202c \x9b2J';
const SHOWN = 'PWNED \\x1b]0;PWNED-TERM\\x07\\x1b[2J\\x1b[31mred\\rover \\u202eevil\\u202c \\u009b2J';
let server: Server;
let url: string;

beforeAll(async () => {
  // Every request, ?WSDL included, is answered 500 with the hostile text as the error message.
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(HOSTILE));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tsiWS.asmx`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('the console shows the target\'s control characters as escapes; results.json keeps them raw', async () => {
  const r = await runInProcess(['run', '--base-url', url, '--operations', 'MobileTasksList', '--transports', 'post', '--suites', 'positive', '--runs', '1']);
  const printed = r.stdout + r.stderr;
  expect(r.code, printed).toBe(1);
  // not-a-fault quotes the error message on its one console line.
  expect(printed).toContain(`not-a-fault: answered with a fault: : ${SHOWN} (case MobileTasksList-example`);
  expect(printed).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/);
  const failure = (r.json('results.json').failures as Array<{ check: string; message: string }>).find((f) => f.check === 'not-a-fault');
  expect(failure?.message).toBe(`answered with a fault: : ${HOSTILE}`);
});
