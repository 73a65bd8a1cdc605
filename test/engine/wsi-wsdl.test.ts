/** The run reads the target's ?WSDL for the WS-I checks once (issue 51): the probe's answer when a
 * --base-url was probed, one GET otherwise, none when no WS-I check is selected. Loopback server. */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { DEFAULTS } from '../../src/config/settings.js';
import { targetSettings } from '../../src/engine/vitest-context.js';
import { wsiWsdlOf } from '../../src/engine/wsi-wsdl.js';
import { response } from '../support/http.js';

const WSDL = readFileSync(new URL('../../wsdl/tsiWS.wsdl', import.meta.url), 'utf8');
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
