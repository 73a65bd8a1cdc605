/** The verdicts of `npm run mutants` on given run outcomes (scripts/mutation/harness.ts judge). */
import { describe, expect, test } from 'vitest';
import { judge } from '../../scripts/mutation/harness.js';
import { plan } from '../../scripts/mutation/plan.js';
import type { SubjectResult } from '../../scripts/mutation/run-subject.js';
import { CHECK_IDS } from '../../src/checks/registry.js';
import { MUTANTS } from '../../src/server/mutants/index.js';

const outcome = (name: string, fired: readonly string[]): SubjectResult => ({
  name, config: '', fired: Object.fromEntries(fired.map((id) => [id, 1])), samples: {}, exchanges: 1, errors: 0, toolErrors: [], durationMs: 0, cpuMs: 0,
});

/** Every subject of the full plan, each mutant firing exactly the checks meant to catch it. */
function perfect(): Map<string, SubjectResult> {
  return new Map(plan().map((s) => [s.name, outcome(s.name, s.mutant ? MUTANTS.find((m) => m.name === s.mutant)!.caughtBy : [])]));
}

describe('judge', () => {
  test('every mutant caught by its checks and a clean baseline: ok, and every check credited', () => {
    const verdict = judge(plan(), perfect(), true);
    expect(verdict.ok).toBe(true);
    expect(verdict.unfired).toEqual([]);
    expect(verdict.mutants.every((m) => m.caught)).toBe(true);
  });

  test('a mutant whose check did not fire is missed', () => {
    const results = perfect();
    results.set('status-202-success', outcome('status-202-success', ['content-type']));
    const verdict = judge(plan(), results, true);
    expect(verdict.ok).toBe(false);
    expect(verdict.mutants.find((m) => m.name === 'status-202-success')).toMatchObject({ caught: false, missing: ['http-status-200'] });
  });

  test('a finding on the clean server fails the run, and its check is not credited to a mutant', () => {
    const results = perfect();
    results.set('clean:mutant-config', outcome('clean:mutant-config', ['response-time']));
    const verdict = judge(plan(), results, true);
    expect(verdict.ok).toBe(false);
    expect(verdict.mutants.find((m) => m.name === 'slow-operation')).toMatchObject({ caught: false, missing: ['response-time'] });
    expect(verdict.unfired).toContain('response-time');
  });

  test('a check that caught no mutant fails the whole-catalog run only', () => {
    const subjects = plan().filter((s) => s.mutant !== 'no-timestamp-window');
    const whole = judge(subjects, perfect(), true);
    expect(whole.unfired).toEqual(['auth-enforced']);
    expect(whole.ok).toBe(false);
    expect(judge(subjects, perfect(), false).ok).toBe(true);
  });

  test('a tolerated variant passes only when nothing fires', () => {
    const results = perfect();
    results.set('aspnet-request-validation', outcome('aspnet-request-validation', ['transport-parity']));
    const verdict = judge(plan(), results, true);
    expect(verdict.mutants.find((m) => m.name === 'aspnet-request-validation')).toMatchObject({ caught: false, tolerated: true });
    expect(verdict.ok).toBe(false);
  });

  test('the plan covers every check id through the mutants meant to catch it', () => {
    expect(new Set(MUTANTS.flatMap((m) => m.caughtBy))).toEqual(new Set(CHECK_IDS));
  });
});
