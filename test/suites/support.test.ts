/** suites/support.ts report(): a passing test never makes its own expect (vitest builds one, about
 * 6 KiB of heap kept until the suite file ends, the first time a concurrent test reads
 * `context.expect`); a failing one asserts through it, naming every finding. */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { CUT_SHORT, report, runChunk, type ReportContext } from '../../suites/support.js';
import type { TargetSettings } from '../../src/engine/run/vitest-context.js';
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

  it('counts the exchanges with findings that fail the run for the progress line, and none when there are none', () => {
    const failing = { ...record([{ id: 'echo-matches', status: 'failed', message: 'a' }, { id: 'xsd-valid', status: 'failed', message: 'b' }]), transport: 'get' as const };
    const warned = record([{ id: 'sla-ms', status: 'failed', level: 'warning', message: 'slow' }]);
    const { context } = counting();
    report(context, [failing, warned, { ...failing, transport: 'post' }], run);
    expect(context.task.meta.tsiwsFindings).toBe(2);
    const quiet = counting();
    report(quiet.context, [warned], run);
    expect(quiet.context.task.meta.tsiwsFindings).toBeUndefined();
  });
});

describe('runChunk', () => {
  const settings = (deadline?: number) => ({ deadline, record: undefined, failOn: 'error' }) as unknown as TargetSettings;
  const chunkContext = () => {
    const skipped: Array<string | undefined> = [];
    // vitest's skip ends the test by throwing.
    const skip = (note?: string): never => {
      skipped.push(note);
      throw new Error('skipped');
    };
    const context = { ...counting().context, task: { meta: {} as ReportContext['task']['meta'] }, skip };
    return { context, skipped };
  };
  const passing = (caseId: string) => ({ ...record([{ id: 'http-status-200', status: 'passed' }]), caseId });

  it('runs every unit one after another and says how many units the test holds', async () => {
    const { context, skipped } = chunkContext();
    const order: string[] = [];
    await runChunk(settings(), context, ['a', 'b', 'c'], async (id) => {
      order.push(`start ${id}`);
      await new Promise((resolve) => setTimeout(resolve, 1));
      order.push(`end ${id}`);
      return [passing(id)];
    });
    expect(order).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(context.task.meta).toEqual({ tsiwsUnits: 3 });
    expect(skipped).toEqual([]);
  });

  it('a chunk of one unit is a test like any other', async () => {
    const { context } = chunkContext();
    await runChunk(settings(), context, ['a'], () => [passing('a')]);
    expect(context.task.meta).toEqual({});
  });

  it('runs no further unit once --max-duration ran out, and counts those it left', async () => {
    const { context } = chunkContext();
    const ran: string[] = [];
    // The clock is the test's: unit b runs past the deadline by construction, not by a sleep a
    // loaded machine could stretch past the deadline before unit a (issue 59).
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const deadline = Date.now() + 100;
      await runChunk(settings(deadline), context, ['a', 'b', 'c', 'd'], (id) => {
        ran.push(id);
        if (id === 'b') vi.setSystemTime(deadline + 5);
        return [passing(id)];
      });
    } finally {
      vi.useRealTimers();
    }
    expect(ran).toEqual(['a', 'b']);
    expect(context.task.meta).toEqual({ tsiwsUnits: 4, tsiwsCutShort: 2 });
  });

  it('skips the whole chunk when the budget was spent before it started', async () => {
    const { context, skipped } = chunkContext();
    const ran: string[] = [];
    await expect(runChunk(settings(Date.now() - 1), context, ['a', 'b'], (id) => (ran.push(id), [passing(id)]))).rejects.toThrow('skipped');
    expect(skipped).toEqual([CUT_SHORT]);
    expect(ran).toEqual([]);
    expect(context.task.meta.tsiwsUnits).toBe(2);
  });

  it.each([
    ['lets go of', undefined, false],
    ['keeps (--record)', 'baseline.json', true],
  ])('%s a passing unit\'s whole record before the next unit runs', async (_, recordTo, kept) => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const { context } = chunkContext();
    let response: WeakRef<object> | undefined;
    let alive: boolean | undefined;
    await runChunk({ ...settings(), record: recordTo } as TargetSettings, context, ['a', 'b'], async (id) => {
      if (id === 'a') {
        const whole = { status: 200, headers: {}, body: 'x'.repeat(100_000), bodyBytes: 100_000, truncated: false, elapsedMs: 1 };
        response = new WeakRef(whole);
        return [{ ...passing(id), response: whole }];
      }
      // A WeakRef's target is held to the end of the job that made it.
      await new Promise((resolve) => setTimeout(resolve, 0));
      gc();
      alive = response!.deref() !== undefined;
      return [passing(id)];
    });
    expect(alive).toBe(kept);
  });

  it('names the case of each finding when the chunk holds several', async () => {
    const { context, asserted } = (() => {
      const c = counting();
      return { context: { ...c.context, task: { meta: {} }, skip: () => {} }, asserted: c.asserted };
    })();
    const failing = (caseId: string) => ({ ...record([{ id: 'echo-matches', status: 'failed', message: 'echo differs' }]), caseId });
    await runChunk(settings(), context, ['p1', 'p1-r2'], (id) => [failing(id)]);
    expect(asserted).toEqual([['p1 soap11 echo-matches: echo differs', 'p1-r2 soap11 echo-matches: echo differs'], []]);
  });
});
