/** The verdicts of `npm run mutants` on given run outcomes (scripts/mutation/harness.ts judge). */
import { describe, expect, test } from 'vitest';
import { CATCHABLE_CHECK_IDS as CHECK_IDS, judge } from '../../scripts/mutation/harness.js';
import { baselineName, payloadFormatOf, plan } from '../../scripts/mutation/plan.js';
import type { SubjectResult } from '../../scripts/mutation/run-subject.js';
import { ALL_CHECKS } from '../../src/checks/registry.js';
import { ALL_MUTANTS as MUTANTS } from '../../scripts/mutation/catalog.js';

const tally = (ids: readonly string[]) => Object.fromEntries(ids.map((id) => [id, 1]));
const outcome = (name: string, fired: readonly string[], warned: readonly string[] = []): SubjectResult => ({
  name, config: '', fired: tally(fired), warned: tally(warned), samples: {}, exchanges: 1, errors: 0, toolErrors: [], durationMs: 0, cpuMs: 0,
});

/** Every subject of the full plan, each mutant firing exactly the checks meant to catch it, and a
 * deployment mistake's run diagnosed as it must be, every finding explained. */
function perfect(): Map<string, SubjectResult> {
  return new Map(plan().map((s) => {
    const m = MUTANTS.find((x) => x.name === s.mutant);
    return [s.name, { ...outcome(s.name, m ? m.caughtBy : []), ...(m?.diagnosis ? { diagnoses: { [m.diagnosis]: 7 }, unexplained: 0 } : {}) }];
  }));
}

describe('judge', () => {
  test('every mutant caught by its checks and a clean baseline: ok, and every check credited', () => {
    const verdict = judge(plan(), perfect(), true);
    expect(verdict.ok).toBe(true);
    expect(verdict.unfired).toEqual([]);
    expect(verdict.mutants.every((m) => m.caught)).toBe(true);
  });

  test('a deployment mistake is caught only when its run names its diagnosis and explains every finding', () => {
    const named = (diagnoses: Record<string, number>, unexplained: number) => {
      const results = perfect();
      results.set('tempuri-namespace', { ...results.get('tempuri-namespace')!, diagnoses, unexplained });
      return judge(plan(), results, true).mutants.find((m) => m.name === 'tempuri-namespace')!;
    };
    expect(named({ 'namespace-differs': 7 }, 0)).toMatchObject({ caught: true, diagnosis: { id: 'namespace-differs', named: true, unexplained: 0 } });
    expect(named({ 'namespace-differs': 7 }, 2)).toMatchObject({ caught: false, diagnosis: { named: true, unexplained: 2 } });
    expect(named({ 'custom-error-pages': 7 }, 0)).toMatchObject({ caught: false, diagnosis: { named: false } });
  });

  test('a diagnosis on the clean server fails the run', () => {
    const results = perfect();
    results.set('clean', { ...results.get('clean')!, diagnoses: { 'transport-not-enabled': 3 }, unexplained: 0 });
    const verdict = judge(plan(), results, true);
    expect(verdict.ok).toBe(false);
    expect(verdict.clean.find((c) => c.name === 'clean')!.diagnosed).toEqual(['transport-not-enabled']);
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
    // The mutants auth-enforced is meant to catch, the echo server's and the stateful ones.
    const subjects = plan().filter((s) => !['no-timestamp-window', 'stateful-get-unsigned', 'stateful-mobilekey-unchecked'].includes(s.mutant ?? ''));
    const whole = judge(subjects, perfect(), true);
    expect(whole.unfired).toEqual(['auth-enforced']);
    expect(whole.ok).toBe(false);
    expect(judge(subjects, perfect(), false).ok).toBe(true);
    // matches-baseline fires only in a replay: without the mutants replayed, nothing credits it.
    const noReplay = plan().filter((s) => !s.mutant || !MUTANTS.find((m) => m.name === s.mutant)!.caughtBy.includes('matches-baseline'));
    // (nor result-schema, which only the payload mutants, replays too, are meant to catch).
    const replayOnly = CHECK_IDS.filter((id) => MUTANTS.filter((m) => m.caughtBy.includes(id)).every((m) => m.caughtBy.includes('matches-baseline')));
    expect(judge(noReplay, perfect(), true).unfired).toEqual(replayOnly);
    expect(replayOnly).toContain('matches-baseline');
  });

  test('a tolerated variant passes only when nothing fires', () => {
    const results = perfect();
    results.set('aspnet-request-validation', outcome('aspnet-request-validation', ['transport-parity']));
    const verdict = judge(plan(), results, true);
    expect(verdict.mutants.find((m) => m.name === 'aspnet-request-validation')).toMatchObject({ caught: false, tolerated: true });
    expect(verdict.ok).toBe(false);
  });

  test('a mutant that needs a baseline is a replay, judged against the clean server replaying its own recording', () => {
    const subjects = plan();
    const mutant = subjects.find((s) => s.mutant === 'truncate-contact-search-soap12')!;
    const control = subjects.find((s) => s.name === 'clean:mutant-config:replay')!;
    expect(mutant).toMatchObject({ replay: true, config: 'runs 1, baseline replay' });
    expect(control).toMatchObject({ replay: true, config: 'runs 10, baseline replay' });
    expect(control.settings.seed).toBe(mutant.settings.seed);
    // Only mutants that need a baseline (and payload mutants, below) are replays; the control is not the default run.
    const replayed = MUTANTS.filter((m) => m.needs?.baseline || payloadFormatOf(m.name));
    const payloadControls = [...new Set(MUTANTS.flatMap((m) => payloadFormatOf(m.name) ?? []))].map((f) => baselineName('asmx', true, f));
    expect(subjects.filter((s) => s.replay).map((s) => s.name).sort()).toEqual(['clean:mutant-config:replay', ...payloadControls, ...replayed.map((m) => m.name)].sort());
    expect(baselineName('asmx', true)).toBe('clean:mutant-config:replay');
  });

  test('a payload mutant in xml runs in xml, replayed against schemas, against a clean control of its own', () => {
    const subjects = plan();
    const mutant = subjects.find((s) => s.mutant === 'payload-missing-element-xml')!;
    const control = subjects.find((s) => s.name === baselineName('asmx', true, 'xml'))!;
    expect(mutant.settings.resultFormat).toBe('xml');
    expect(mutant.config).toContain('xml results');
    expect(control).toMatchObject({ settings: { resultFormat: 'xml' } });
    expect(subjects.filter((s) => s.settings.resultFormat === 'xml').map((s) => s.name).sort()).toEqual([baselineName('asmx', true, 'xml'), ...MUTANTS.filter((m) => m.resultFormat === 'xml').map((m) => m.name)].sort());
  });

  test('matches-baseline firing on the clean replays fails the run and is credited to no mutant', () => {
    const results = perfect();
    for (const control of plan().filter((s) => s.replay && !s.mutant)) results.set(control.name, outcome(control.name, ['matches-baseline']));
    const verdict = judge(plan(), results, true);
    expect(verdict.ok).toBe(false);
    expect(verdict.clean.find((c) => c.name === 'clean:mutant-config:replay')).toMatchObject({ fired: ['matches-baseline'], mustBeClean: true });
    expect(verdict.mutants.find((m) => m.name === 'truncate-contact-search-soap12')).toMatchObject({ caught: false, missing: ['matches-baseline'] });
    // A payload mutant lacks only matches-baseline: its result-schema finding is beyond its control's.
    for (const m of verdict.mutants.filter((x) => payloadFormatOf(x.name))) expect(m).toMatchObject({ caught: false, missing: ['matches-baseline'] });
    expect(verdict.unfired).toEqual(CHECK_IDS.filter((id) => MUTANTS.filter((m) => m.caughtBy.includes(id)).every((m) => m.caughtBy.includes('matches-baseline'))));
  });

  test('a payload mutant is a replay against schemas inferred from the clean server in its result format, with a control of its own', () => {
    const fixture = (name: string) => ({ name, description: name, caughtBy: ['result-schema', 'matches-baseline'] });
    const subjects = plan({ catalog: [fixture('payload-renamed-field'), fixture('truncate')] });
    expect(subjects.map((s) => [s.name, s.replay ?? false, s.payload ?? null])).toEqual([
      ['clean', false, null],
      ['clean:mutant-config:replay:json-schemas', true, 'json'],
      ['payload-renamed-field', true, 'json'],
      ['truncate', false, null],
    ]);
    expect(subjects.find((s) => s.name === 'payload-renamed-field')!.config).toBe('runs 1, baseline replay, json results, schemas inferred');
    expect([payloadFormatOf('payload-number-as-string'), payloadFormatOf('payload-missing-element-xml'), payloadFormatOf('truncate-x-xml')]).toEqual(['json', 'xml', undefined]);
  });

  test('a payload mutant named -xml runs against the clean server answering XML results (run setting resultFormat)', () => {
    const subjects = plan({ catalog: [{ name: 'payload-missing-element-xml', description: '', caughtBy: ['result-schema'] }] });
    expect(subjects.map((s) => [s.name, s.payload, (s.settings as unknown as Record<string, unknown>)['resultFormat']])).toEqual([
      ['clean', undefined, 'json'],
      ['clean:mutant-config:replay:xml-schemas', 'xml', 'xml'],
      ['payload-missing-element-xml', 'xml', 'xml'],
    ]);
  });

  test('the conformance-run controls are not taken as the replay control', () => {
    const results = perfect();
    for (const name of ['clean', 'clean:mutant-config']) results.set(name, outcome(name, ['matches-baseline']));
    expect(judge(plan(), results, true).mutants.find((m) => m.name === 'truncate-contact-search-soap12')).toMatchObject({ caught: true });
  });

  test('a clean run that could not record its baseline fails the run, though nothing fired', () => {
    const results = perfect();
    results.set('clean:mutant-config:replay', { ...outcome('clean:mutant-config:replay', []), toolErrors: ['the baseline recorded against the clean server is incomplete: 3 cases not run'] });
    const verdict = judge(plan(), results, true);
    expect(verdict.clean.find((c) => c.name === 'clean:mutant-config:replay')?.fired).toEqual([]);
    expect(verdict.ok).toBe(false);
  });

  test('without its replay control a replay mutant cannot be judged', () => {
    const subjects = plan().filter((s) => s.name !== 'clean:mutant-config:replay');
    const results = perfect();
    results.delete('clean:mutant-config:replay');
    expect(() => judge(subjects, results, true)).toThrow(/no clean control for truncate-contact-search-soap12 \(clean:mutant-config:replay\)/);
  });

  test('a mutant caught by warnings alone is caught under --fail-on warning, and runs with it', () => {
    const results = perfect();
    results.set('generic-error-messages', outcome('generic-error-messages', [], ['error-message-per-profile']));
    const verdict = judge(plan(), results, true);
    expect(verdict.mutants.find((m) => m.name === 'generic-error-messages')).toMatchObject({ caught: true, byWarnings: true, fired: ['error-message-per-profile'] });
    expect(verdict.mutants.find((m) => m.name === 'status-202-success')).toMatchObject({ caught: true, byWarnings: false });
    const subject = plan().find((s) => s.mutant === 'generic-error-messages')!;
    expect([subject.settings.failOn, subject.config]).toEqual(['warning', 'runs 1, fail-on warning']);
    expect(plan().find((s) => s.mutant === 'status-202-success')!.settings.failOn).toBe('error');
  });

  test('warnings on the clean server are allowed, but not credited to a mutant', () => {
    const results = perfect();
    results.set('clean:mutant-config', outcome('clean:mutant-config', [], ['error-message-per-profile']));
    const verdict = judge(plan(), results, true);
    expect(verdict.ok).toBe(false); // the check is credited to no mutant now
    expect(verdict.clean.find((c) => c.name === 'clean:mutant-config')).toMatchObject({ fired: [], warned: { 'error-message-per-profile': 1 } });
    expect(verdict.mutants.find((m) => m.name === 'generic-error-messages')).toMatchObject({ caught: false, missing: ['error-message-per-profile'] });
  });

  test('only info-level checks and the checks against a reference deployment are left out of the checks some mutant must fire', () => {
    // Every mutant is caught with no --reference-url (issue 59): matches-reference is an extra.
    const left = ALL_CHECKS.filter((c) => !CHECK_IDS.includes(c.id));
    expect(left.map((c) => [c.id, c.level])).toEqual([['matches-reference', 'error'], ['reference-outcome-explained', 'info']]);
  });

  test('the plan covers every check id through the mutants meant to catch it', () => {
    expect(new Set(MUTANTS.flatMap((m) => m.caughtBy))).toEqual(new Set(CHECK_IDS));
  });
});
