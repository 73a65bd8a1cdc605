/** A valid case that cannot be sent as one is not sent (issue 49): recorded not applicable, with
 * the reason and the request it would have been, and counted apart from the data path. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEFAULTS } from '../../src/config/settings.js';
import { runCase } from '../../src/engine/exchange/run-case.js';
import { createHttpClient, type HttpClient } from '../../src/http/send.js';
import { dataPathLine, dataPathOf } from '../../src/report/digest/data-path.js';
import { TRANSPORT_IDS } from '../../src/transports/index.js';

let server: Server;
let client: HttpClient;
let baseUrl: string;
let received = 0;

beforeAll(async () => {
  // Counts what arrives and answers nothing useful: whatever is sent is seen here.
  server = createServer((req, res) => {
    received++;
    req.resume();
    req.on('end', () => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  client = createHttpClient({ baseUrl, timeoutMs: 5000, maxResponseBytes: 1 << 20, connections: 2 });
});
afterAll(async () => {
  await client.close();
  await new Promise((resolve) => server.close(resolve));
});

const settings = () => ({ ...DEFAULTS, baseUrl, embedded: false });

test.each(TRANSPORT_IDS)('over %s, an empty int in a valid case is not sent: not applicable, naming the value', async (transport) => {
  const before = received;
  const record = await runCase(settings(), client, { id: 'rep-delete', operation: 'MobileServiceOrderRepAssignedDelete', kind: 'positive', values: { reptodelete: '', sonumber: '0' } }, transport);
  expect(received).toBe(before);
  expect(record.skipped).toMatch(/^not applicable: reptodelete "" is not a valid int value \(.+\)$/);
  expect(record.response).toBeUndefined();
  expect(record.checks).toEqual([]);
  expect(record.dataPath).toBeUndefined();
  // The request it would have been is shown, so a reader sees what was held back.
  expect(record.request.curl).toContain('reptodelete');
});

test('a case whose setup did not succeed is not sent, with the setup\'s reason', async () => {
  const before = received;
  const record = await runCase(settings(), client, { id: 'e-delete', operation: 'MobileContactEmailDelete', kind: 'positive', values: { emailid: '7' }, setup: 'made none', notApplicable: 'its setup did not succeed: made none' }, 'soap11');
  expect(received).toBe(before);
  expect(record.skipped).toBe('not applicable: its setup did not succeed: made none');
  expect(record.setup).toBe('made none');
});

test('a valid case is sent as before (the guard lets valid values through)', async () => {
  const before = received;
  const record = await runCase(settings(), client, { id: 'rep-delete', operation: 'MobileServiceOrderRepAssignedDelete', kind: 'positive', values: { reptodelete: '110', sonumber: '6001' } }, 'soap11');
  expect(received).toBe(before + 1);
  expect(record.skipped).toBeUndefined();
  expect(record.dataPath).toBe('fault');
});

test('the data path counts not-applicable cases apart, with the first reason, never as valid requests', async () => {
  const unsent = await runCase(settings(), client, { id: 'x', operation: 'MobileServiceOrderRepAssignedDelete', kind: 'positive', values: { reptodelete: '', sonumber: '0' } }, 'get');
  const sent = await runCase(settings(), client, { id: 'y', operation: 'MobileTimeLogList', kind: 'positive', values: { sologkeyid: '1' } }, 'get');
  const summary = dataPathOf([unsent, unsent, sent])!;
  expect(summary.total).toBe(1);
  expect(summary.notApplicable).toBe(2);
  expect(summary.operations['MobileServiceOrderRepAssignedDelete']).toMatchObject({ total: 0, notApplicable: 2 });
  expect(summary.operations['MobileServiceOrderRepAssignedDelete']!.notApplicableBecause).toMatch(/^reptodelete "" is not a valid int value/);
  expect(dataPathLine(summary)).toBe('Data path: 0 of 1 valid request succeeded (0%); 1 fault (2 not applicable, not sent)');
});

test('report.html shows a not-applicable column, with the reason as its title, only when a run had some', async () => {
  const { dataPathSection } = await import('../../src/report/html/data-path.js');
  const unsent = await runCase(settings(), client, { id: 'x', operation: 'MobileServiceOrderRepAssignedDelete', kind: 'positive', values: { reptodelete: '', sonumber: '0' } }, 'post');
  const sent = await runCase(settings(), client, { id: 'y', operation: 'MobileTimeLogList', kind: 'positive', values: { sologkeyid: '1' } }, 'post');
  const html = dataPathSection(dataPathOf([unsent, sent]));
  expect(html).toContain('<th class="num">total</th><th class="num">not applicable</th>');
  expect(html).toMatch(/<tr><td><code>MobileServiceOrderRepAssignedDelete<\/code><\/td>(<td class="num">0<\/td>){6}<td class="num" title="reptodelete &quot;&quot; is not a valid int value [^"]*">1<\/td><\/tr>/);
  expect(dataPathSection(dataPathOf([sent]))).not.toContain('not applicable');
});
