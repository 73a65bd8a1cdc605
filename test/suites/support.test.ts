/** suites/support.ts report(): a passing test never makes its own expect (vitest builds one, about
 * 6 KiB of heap kept until the suite file ends, the first time a concurrent test reads
 * `context.expect`); a failing one asserts through it, naming every finding. */
import { describe, expect, it } from 'vitest';
import { report, type ReportContext } from '../../suites/support.js';
import type { ExchangeRecord } from '../../src/results/record.js';

const record = (checks: ExchangeRecord['checks']): ExchangeRecord => ({
  operation: 'MobileGetEmployee',
  transport: 'soap11',
  caseId: 'p1',
  kind: 'positive',
  request: { method: 'POST', url: 'http://127.0.0.1:1/api/rmm/tsiWS.asmx', headers: {}, body: '', curl: '' },
  checks,
});

/** A context that counts how often its expect is read, and what it was asked to assert. */
function counting(): { context: ReportContext; reads: () => number; asserted: unknown[] } {
  let reads = 0;
  const asserted: unknown[] = [];
  const context: ReportContext = {
    task: { meta: {} },
    get expect() {
      reads++;
      return (v: unknown) => ({ toEqual: (w: unknown) => void asserted.push(v, w) });
    },
  };
  return { context, reads: () => reads, asserted };
}

const run = { record: undefined, failOn: 'error' } as const;

describe('report', () => {
  it.each([
    ['a passing exchange', [record([{ id: 'http-status-200', status: 'passed' }])]],
    ['a warning under --fail-on error', [record([{ id: 'sla-ms', status: 'failed', level: 'warning', message: 'slow' }])]],
    ['a skipped exchange', [{ ...record([]), skipped: 'not sent' }]],
  ])('does not read the test context\'s expect for %s', (_, records) => {
    const { context, reads, asserted } = counting();
    report(context, records, run);
    expect(reads()).toBe(0);
    expect(asserted).toEqual([]);
  });

  it('asserts through the test context\'s expect when a finding fails the run', () => {
    const { context, reads, asserted } = counting();
    report(context, [record([{ id: 'http-status-200', status: 'passed' }]), { ...record([{ id: 'echo-matches', status: 'failed', message: 'echo differs' }]), transport: 'get' }], run);
    expect(reads()).toBe(1);
    expect(asserted).toEqual([['get echo-matches: echo differs'], []]);
  });
});
