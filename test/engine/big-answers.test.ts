/**
 * A target answering every request with megabytes (issue 18: a 10 MB faultstring took 20 s an
 * answer and the run never finished). What leaves the worker is bounded whatever the answer's size:
 * check messages, fault reasons and result texts are quoted, not carried whole. Asserted as sizes,
 * not wall time, which would make the test flaky on a loaded machine.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { exampleCase } from '../../src/cases/examples.js';
import { DEFAULTS } from '../../src/config/settings.js';
import { getOperation } from '../../src/contract/index.js';
import { compactRecord, RESULT_CHARS } from '../../src/results/compact.js';
import { EXCERPT_BYTES } from '../../src/results/recorded-http.js';
import { runCaseUnit } from '../../src/engine/exchange/run-unit.js';
import { createHttpClient, type HttpClient } from '../../src/http/send.js';
import { MESSAGE_CHARS } from '../../src/results/clip.js';
import { TRANSPORT_IDS } from '../../src/transports/index.js';

const MB = 1024 * 1024;
const NS = 'http://www.tigerpawsoftware.com';
// 9 MiB text nodes: a fault and a result that are large but valid (test/decode/huge-text.test.ts reads one of 10 MiB).
const FAULT = `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault><faultcode>soap:Server</faultcode><faultstring>${'f'.repeat(9 * MB)}</faultstring></soap:Fault></soap:Body></soap:Envelope>`;
const RESULT = `<?xml version="1.0" encoding="utf-8"?><string xmlns="${NS}">${'r'.repeat(9 * MB)}</string>`;

let server: Server;
let baseUrl: string;
let client: HttpClient;

beforeAll(async () => {
  // SOAP requests get the fault (HTTP 500), GET and POST a huge result (HTTP 200).
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const soap = req.url!.endsWith('tsiWS.asmx');
      res.writeHead(soap ? 500 : 200, { 'content-type': 'text/xml; charset=utf-8' }).end(soap ? FAULT : RESULT);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  client = createHttpClient({ baseUrl, timeoutMs: 30_000, maxResponseBytes: 16 * MB, connections: 4 });
});
afterAll(async () => {
  await client.close();
  await new Promise((resolve) => server.close(resolve));
});

test('megabyte faults and results are judged, and the records that leave the worker quote them boundedly', async () => {
  const settings = { ...DEFAULTS, baseUrl, maxResponseBytes: 16 * MB };
  const records = (await runCaseUnit(settings, client, exampleCase(getOperation('MobileTasksList')), TRANSPORT_IDS)).map(compactRecord);
  expect(records.map((r) => r.transport)).toEqual([...TRANSPORT_IDS, 'parity']);
  const soap11 = records[0]!;
  expect(soap11.checks.find((c) => c.id === 'not-a-fault')).toMatchObject({ status: 'failed', message: expect.stringMatching(/^answered with a fault: soap:Server: f+… \(\d+ more characters\)$/) });
  expect(soap11.result).toMatchObject({ kind: 'fault', reason: expect.stringMatching(/more characters\)$/) });
  for (const r of records) {
    for (const c of r.checks) expect((c.message ?? '').length, `${r.transport} ${c.id}`).toBeLessThan(MESSAGE_CHARS + 40);
    if (r.result?.kind === 'fault') expect(r.result.reason.length).toBeLessThan(EXCERPT_BYTES + 40);
    if (r.result?.kind === 'result') expect((r.result.text ?? '').length).toBeLessThan(RESULT_CHARS + 40);
    for (const o of r.parity?.outcomes ?? []) expect((o.text ?? '').length).toBeLessThan(RESULT_CHARS + 40);
  }
  // Four 9 MB answers, and what crosses to the reporters is a few tens of KiB.
  expect(JSON.stringify(records).length).toBeLessThan(256 * 1024);
});
