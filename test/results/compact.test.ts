/** What the reports keep of a record: a passing exchange loses its bodies, a finding keeps all. */
import { expect, test } from 'vitest';
import { compactRecord, RESULT_CHARS } from '../../src/results/compact.js';
import type { ExchangeRecord } from '../../src/results/record.js';
import { compared } from '../support/reference-records.js';

const passing: ExchangeRecord = {
  operation: 'MobileTasksList', transport: 'soap11', caseId: 'MobileTasksList-example', kind: 'positive', values: { a: '1' },
  request: { method: 'POST', url: 'http://x/api', headers: { 'content-type': 'text/xml' }, body: '<e/>', curl: "curl 'http://x/api'" },
  response: { status: 200, headers: { 'content-type': 'text/xml' }, body: '<r/>', bodyBytes: 4, truncated: false, elapsedMs: 3 },
  result: { kind: 'result', text: 'hello' },
  checks: [{ id: 'http-status-200', status: 'passed' }],
};

test('a passing exchange keeps its verdicts, status and sizes, and drops bodies, curl and result text', () => {
  expect(compactRecord({ ...passing, kind: 'negative' })).toEqual({
    operation: 'MobileTasksList', transport: 'soap11', caseId: 'MobileTasksList-example', kind: 'negative', values: { a: '1' },
    request: { method: 'POST', url: 'http://x/api', headers: { 'content-type': 'text/xml' }, curl: '' },
    response: { status: 200, headers: { 'content-type': 'text/xml' }, body: '', bodyBytes: 4, truncated: false, elapsedMs: 3 },
    checks: [{ id: 'http-status-200', status: 'passed' }],
    compacted: true,
  });
});

test('the JSON of a compact record: the record\'s key order, a kept result text last, then compacted', () => {
  // records.jsonl is written from this text: a change of order is a change of the report.
  expect(JSON.stringify(compactRecord({ ...passing, regression: undefined }))).toBe(
    '{"operation":"MobileTasksList","transport":"soap11","caseId":"MobileTasksList-example","kind":"positive","values":{"a":"1"},'
    + '"request":{"method":"POST","url":"http://x/api","headers":{"content-type":"text/xml"},"curl":""},'
    + '"response":{"status":200,"headers":{"content-type":"text/xml"},"body":"","bodyBytes":4,"truncated":false,"elapsedMs":3},'
    + '"checks":[{"id":"http-status-200","status":"passed"}],"result":{"kind":"result","text":"hello"},"compacted":true}');
  const parity = { ...passing, transport: 'parity', kind: 'parity', parity: { outcomes: [{ transport: 'get', status: 200, outcome: 'result', text: 'hello', curl: 'curl x' }], differences: [], rules: [] } } as ExchangeRecord;
  expect(compactRecord(parity).parity?.outcomes).toEqual([{ transport: 'get', status: 200, outcome: 'result', text: null, curl: '' }]);
});

test('a passing valid request keeps a result text of up to RESULT_CHARS, for shapes infer', () => {
  expect(compactRecord(passing).result).toEqual({ kind: 'result', text: 'hello' });
  expect(compactRecord({ ...passing, kind: 'fuzz' }).result).toEqual({ kind: 'result', text: 'hello' });
  expect(compactRecord({ ...passing, result: { kind: 'result', text: 'r'.repeat(RESULT_CHARS + 1) } }).result).toBeUndefined();
});

test.each([
  ['a failed check', { checks: [{ id: 'http-status-200', status: 'failed', message: 'HTTP 500' }] }],
  ['an exchange that did not complete', { error: { code: 'TSIWS_TIMEOUT', message: 'slow' } }],
  ['the ?WSDL record', { kind: 'service', transport: 'wsdl' }],
  ['a skipped exchange', { skipped: 'not sent' }],
  ['a parity record with differences', { transport: 'parity', kind: 'parity', parity: { outcomes: [], rules: [], differences: [{ inherent: true }] } }],
] as const)('%s is kept whole', (_, change) => {
  const record = { ...passing, ...change } as unknown as ExchangeRecord;
  expect(compactRecord(record)).toBe(record);
});

test('a kept record holds at most RESULT_CHARS of a result text, its own and its parity outcomes', () => {
  const text = 'r'.repeat(RESULT_CHARS + 10);
  const cut = `${'r'.repeat(RESULT_CHARS)}… (10 more characters)`;
  const failing = { ...passing, result: { kind: 'result', text }, checks: [{ id: 'rejects-invalid-input', status: 'failed', message: 'accepted' }] } as unknown as ExchangeRecord;
  expect(compactRecord(failing).result).toEqual({ kind: 'result', text: cut });
  const parity = { ...passing, transport: 'parity', kind: 'parity', parity: { outcomes: [{ transport: 'get', status: 200, outcome: 'result', text, curl: 'c' }], rules: [], differences: [{ inherent: true }] } } as unknown as ExchangeRecord;
  expect(compactRecord(parity).parity!.outcomes[0]!.text).toBe(cut);
});

test('a passing exchange that differed from --reference-url keeps its curl command (its reference verdict replays it); one that did not is compacted', () => {
  const differing = compared({ differences: [{ field: '$.name', reference: 'a', candidate: 'b' }] });
  expect(compactRecord(differing).request.curl).toBe(differing.request.curl);
  expect(compactRecord(compared({})).request.curl).toBe('');
});
