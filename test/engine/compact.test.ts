/** What the reports keep of a record: a passing exchange loses its bodies, a finding keeps all. */
import { expect, test } from 'vitest';
import { compactRecord } from '../../src/engine/compact.js';
import type { ExchangeRecord } from '../../src/engine/record.js';

const passing: ExchangeRecord = {
  operation: 'MobileTasksList', transport: 'soap11', caseId: 'MobileTasksList-example', kind: 'positive', values: { a: '1' },
  request: { method: 'POST', url: 'http://x/api', headers: { 'content-type': 'text/xml' }, body: '<e/>', curl: "curl 'http://x/api'" },
  response: { status: 200, headers: { 'content-type': 'text/xml' }, body: '<r/>', bodyBytes: 4, truncated: false, elapsedMs: 3 },
  result: { kind: 'result', text: 'hello' },
  checks: [{ id: 'http-status-200', status: 'passed' }],
};

test('a passing exchange keeps its verdicts, status and sizes, and drops bodies, curl and result text', () => {
  expect(compactRecord(passing)).toEqual({
    operation: 'MobileTasksList', transport: 'soap11', caseId: 'MobileTasksList-example', kind: 'positive', values: { a: '1' },
    request: { method: 'POST', url: 'http://x/api', headers: { 'content-type': 'text/xml' }, curl: '' },
    response: { status: 200, headers: { 'content-type': 'text/xml' }, body: '', bodyBytes: 4, truncated: false, elapsedMs: 3 },
    checks: [{ id: 'http-status-200', status: 'passed' }],
    compacted: true,
  });
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
