/** The stateful mutants scored on the personalities (scripts/mutation/personalities.ts): the plan,
 * the verdicts on given run outcomes, and the table. */
import { describe, expect, test } from 'vitest';
import { formatPersonalityTable, judgePersonalities, OTHER_PERSONALITIES, personalitiesOk, planPersonalities } from '../../scripts/mutation/personalities.js';
import type { SubjectResult } from '../../scripts/mutation/run-subject.js';

const tally = (ids: readonly string[]) => Object.fromEntries(ids.map((id) => [id, 1]));
const outcome = (name: string, fired: readonly string[], warned: readonly string[] = []): SubjectResult => ({
  name, config: '', fired: tally(fired), warned: tally(warned), samples: {}, exchanges: 3, errors: 0, toolErrors: [], durationMs: 0, cpuMs: 0,
});

describe('planPersonalities', () => {
  test('every other personality, a clean control each, every mutant that applies started as a live target', () => {
    expect(OTHER_PERSONALITIES).toEqual(['vendor-xml-strict', 'vendor-faults', 'vendor-pairs', 'vendor-exact', 'vendor-linked']);
    const { subjects, notApplicable } = planPersonalities(['vendor-faults'], { only: ['stateful-error-not-json', 'stateful-update-not-persisted'] });
    expect(subjects.map((s) => [s.name, s.personality, s.mutant])).toEqual([
      ['clean:stateful@vendor-faults', 'vendor-faults', undefined],
      ['stateful-update-not-persisted@vendor-faults', 'vendor-faults', 'stateful-update-not-persisted'],
    ]);
    expect(notApplicable).toEqual([{ personality: 'vendor-faults', mutant: 'stateful-error-not-json', verdict: 'n/a', reason: 'business errors are SoapException faults there: no error text is written', fired: [] }]);
  });
});

describe('judgePersonalities', () => {
  const only = ['stateful-update-not-persisted', 'stateful-trim-soap12'];
  const { subjects, notApplicable } = planPersonalities(['vendor-pairs'], { only });

  test('caught when the checks meant to catch it fail more often than in the control; missed when no more often', () => {
    const results = new Map([
      ['clean:stateful@vendor-pairs', outcome('c', ['transport-parity'])],
      ['stateful-update-not-persisted@vendor-pairs', outcome('u', [], ['state-consistency'])],
      ['stateful-trim-soap12@vendor-pairs', outcome('t', ['transport-parity'])],
    ]);
    const twice = judgePersonalities(subjects, new Map([...results, ['stateful-trim-soap12@vendor-pairs', { ...outcome('t', []), fired: { 'transport-parity': 2 } }]]), notApplicable);
    expect(twice.cells[1]).toEqual({ personality: 'vendor-pairs', mutant: 'stateful-trim-soap12', verdict: 'caught', fired: ['transport-parity'] });
    const result = judgePersonalities(subjects, results, notApplicable);
    expect(result.cells).toEqual([
      { personality: 'vendor-pairs', mutant: 'stateful-update-not-persisted', verdict: 'caught*', fired: ['state-consistency'] },
      { personality: 'vendor-pairs', mutant: 'stateful-trim-soap12', verdict: 'MISSED', reason: 'did not fire: transport-parity', fired: [] },
    ]);
    expect(personalitiesOk(result)).toBe(false);
    expect(formatPersonalityTable(result, ['vendor-pairs']).split('\n')).toEqual([
      'Stateful mutants on the personalities (caught* = by warnings only; n/a = cannot show there):',
      'mutant                         vendor-pairs  ',
      'stateful-update-not-persisted  caught*       ',
      'stateful-trim-soap12           MISSED        ',
      '',
      'Clean controls (the personality with no mutant; what fires here is not credited to a mutant):',
      '  clean:stateful@vendor-pairs: 1 errors (transport-parity 1), 0 warnings (none), 3 records',
      '',
      'Missed and not applicable:',
      '  stateful-trim-soap12 on vendor-pairs: MISSED, did not fire: transport-parity',
      '',
      'Personality score: 1/2 caught over 1 personalities (0 n/a).',
    ]);
  });

  test('every mutant caught and the control complete: ok', () => {
    const results = new Map([
      ['clean:stateful@vendor-pairs', outcome('c', [])],
      ['stateful-update-not-persisted@vendor-pairs', outcome('u', [], ['state-consistency'])],
      ['stateful-trim-soap12@vendor-pairs', outcome('t', ['transport-parity'])],
    ]);
    expect(personalitiesOk(judgePersonalities(subjects, results, notApplicable))).toBe(true);
  });
});
