/** failures.har's entries for what a run can hold (report/foreign/har.ts): an exchange that got no answer,
 * an answer cut at the excerpt size, a warning under --fail-on; each read by har-validator. The
 * run end to end is in test/cli/har.test.ts. */
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import { failuresHar } from '../../../src/report/foreign/har.js';
import type { RunInfo } from '../../../src/report/digest/summary.js';
import type { ExchangeRecord } from '../../../src/results/record.js';

const harValidator = createRequire(import.meta.url)('har-validator') as { har(data: unknown): Promise<unknown> };

const RUN = { tool: { name: 'tsiws-conformance', version: '0.0.0' }, target: 'http://target.example', startedAt: '2026-11-26T10:00:00.000Z' } as unknown as RunInfo;

const record = (over: Partial<ExchangeRecord>): ExchangeRecord => ({
  operation: 'MobileAccountSearch', transport: 'post', caseId: 'MobileAccountSearch-valid', kind: 'positive',
  request: { method: 'POST', url: 'http://target.example/tsiWS.asmx/MobileAccountSearch', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'accountname=a%26b&sig=%3CSIGNATURE%3E', curl: 'curl ...' },
  response: { status: 500, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'x'.repeat(10), bodyBytes: 9000, truncated: true, elapsedMs: 12, sentAt: '2026-11-26T10:00:01.000Z' },
  checks: [{ id: 'http-status-200', status: 'failed', level: 'error', message: 'HTTP 500' }],
  ...over,
}) as ExchangeRecord;

const entriesOf = (text: string) => JSON.parse(text).log.entries;

describe('failuresHar', () => {
  test('a form post: its params decoded, its cut answer said, and the whole validates', async () => {
    const text = failuresHar([record({})], RUN, 'error');
    await expect(harValidator.har(JSON.parse(text))).resolves.toBeDefined();
    const [e] = entriesOf(text);
    expect(e.request.postData.params).toEqual([{ name: 'accountname', value: 'a&b' }, { name: 'sig', value: '<SIGNATURE>' }]);
    expect(e.response).toMatchObject({ status: 500, statusText: 'Internal Server Error', bodySize: 9000, content: { size: 9000, comment: 'cut at 10 of 9000 bytes, as the reports show it' } });
    expect(e.startedDateTime).toBe('2026-11-26T10:00:01.000Z');
  });

  test('an exchange that got no answer is status 0 with the error, and validates', async () => {
    const { response: _none, ...unanswered } = record({ checks: [], error: { code: 'TIMEOUT', message: 'no answer in 5000 ms' } });
    const text = failuresHar([unanswered as ExchangeRecord], RUN, 'error');
    await expect(harValidator.har(JSON.parse(text))).resolves.toBeDefined();
    expect(entriesOf(text)[0].response).toMatchObject({ status: 0, comment: 'no answer: TIMEOUT: no answer in 5000 ms' });
    expect(entriesOf(text)[0].startedDateTime).toBe(RUN.startedAt);
  });

  test('a warning is an entry under --fail-on warning only; passing, parity and skipped records never are', () => {
    const warning = record({ checks: [{ id: 'xml-lang', status: 'failed', level: 'warning', message: 'no xml:lang' }] });
    const others = [record({ checks: [{ id: 'http-status-200', status: 'passed' }] }), record({ kind: 'parity', transport: 'parity' }), record({ skipped: 'not selected' })];
    expect(entriesOf(failuresHar([warning, ...others], RUN, 'error'))).toHaveLength(0);
    expect(entriesOf(failuresHar([warning, ...others], RUN, 'warning'))).toHaveLength(1);
  });
});
