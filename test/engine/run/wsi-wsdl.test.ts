/** The run reads the target's ?WSDL once (issue 51): the probe's answer when a --base-url was probed,
 * one GET otherwise, none when no WS-I check is selected; the answer goes to the service suite, which
 * then sends nothing. Loopback server counting requests. */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { DEFAULTS } from '../../../src/config/settings.js';
import { targetSettings } from '../../../src/engine/run/vitest-context.js';
import { readWsdl } from '../../../src/engine/run/wsi-wsdl.js';
import { responseOf } from '../../../src/engine/run/wsdl-answer.js';
import { runServiceChecks } from '../../../src/engine/run/run-service.js';
import { createHttpClient } from '../../../src/http/send.js';
import { runClient } from '../../../src/engine/send/run-client.js';
import { response } from '../../support/http.js';

const WSDL = readFileSync(new URL('../../../wsdl/tsiWS.wsdl', import.meta.url), 'utf8');
const seen: string[] = [];
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    req.resume().on('end', () => res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' }).end(WSDL));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());
beforeEach(() => {
  seen.length = 0;
});

const target = (over: Partial<typeof DEFAULTS> = {}) => targetSettings({ ...DEFAULTS, ...over }, base, false);

/** readWsdl over the run's client for `t`, closed after. */
async function readWsdlOf(t: ReturnType<typeof target>, probed: Parameters<typeof readWsdl>[1]) {
  const client = runClient(t, t.baseUrl);
  try {
    return await readWsdl(t, probed, client);
  } finally {
    await client.close();
  }
}

const wsiWsdlOf = async (t: ReturnType<typeof target>, probed: Parameters<typeof readWsdl>[1]) => (await readWsdlOf(t, probed)).wsiWsdl;

test('no probe answer: one GET ?WSDL, its soapActions read', async () => {
  const facts = await wsiWsdlOf(target(), undefined);
  expect(seen).toEqual(['GET /api/rmm/tsiWS.asmx?WSDL']);
  expect(facts?.claim).toBe(false);
  expect(facts?.soapActions?.['MobileContactSearch']).toBe('http://www.tigerpawsoftware.com/MobileContactSearch');
});

test("the probe's answer is read, not asked again", async () => {
  const facts = await wsiWsdlOf(target(), response('Not Found', 'text/plain', 404));
  expect(seen).toEqual([]);
  expect(facts).toEqual({ claim: false, unread: 'GET ?WSDL answered HTTP 404' });
});

test('no WS-I check selected: nothing sent, nothing read', async () => {
  expect(await wsiWsdlOf(target({ skipChecks: ['wsi-basic-profile', 'wsi-description'] }), undefined)).toBeUndefined();
  expect(seen).toEqual([]);
});

test('an unreachable target: the run goes on, the WSDL unread', async () => {
  const facts = await wsiWsdlOf(targetSettings({ ...DEFAULTS, timeoutMs: 2000 }, 'http://127.0.0.1:1', false), undefined);
  expect(facts?.claim).toBe(false);
  expect(facts?.soapActions).toBeUndefined();
  expect(facts?.unread).toMatch(/./);
});

test('the answer goes to the service suite, which judges it without sending GET ?WSDL again', async () => {
  const read = await readWsdlOf(target(), undefined);
  expect(seen).toEqual(['GET /api/rmm/tsiWS.asmx?WSDL']);
  expect(responseOf(read.wsdlAnswer!).body.toString('utf8')).toBe(WSDL);
  const settings = { ...target(), ...read };
  const client = createHttpClient({ baseUrl: base, timeoutMs: 2000, maxResponseBytes: settings.maxResponseBytes, connections: 1, access: settings });
  try {
    const record = await runServiceChecks(settings, client);
    expect(record.checks.find((c) => c.id === 'wsdl-matches-contract')?.status).toBe('passed');
    expect(record.wsi).toBeDefined();
    // Without an answer handed over, the suite asks for itself: the control of the count above.
    await runServiceChecks(target(), client);
  } finally {
    await client.close();
  }
  expect(seen).toEqual(['GET /api/rmm/tsiWS.asmx?WSDL', 'GET /api/rmm/tsiWS.asmx?WSDL']);
});

test('no service suite in the run (or not in this shard): the answer is not handed over', async () => {
  expect((await readWsdlOf(target({ suites: ['positive'] }), undefined)).wsdlAnswer).toBeUndefined();
  expect((await readWsdlOf(target({ shard: { index: 2, count: 2 } }), undefined)).wsdlAnswer).toBeUndefined();
});

test('no WS-I check, a probe answer: handed to the service suite all the same', async () => {
  const read = await readWsdlOf(target({ skipChecks: ['wsi-basic-profile', 'wsi-description'] }), response(WSDL, 'text/xml', 200));
  expect(read.wsiWsdl).toBeUndefined();
  expect(read.wsdlAnswer?.status).toBe(200);
  expect(seen).toEqual([]);
});
