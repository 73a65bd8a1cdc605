/** The plan behind --repeat and --shard: n shards run every unit exactly once, a case's transports
 * stay together, and repetition 1 is an unrepeated run. */
import { describe, expect, test } from 'vitest';
import { DEFAULTS, SETTINGS, type RunSettings } from '../../src/config/settings.js';
import { ConfigError } from '../../src/config/errors.js';
import { fuzzPlan, negativePlan, positivePlan, servicePlan, suitesToRun } from '../../src/engine/plan.js';

const settings = (over: Partial<RunSettings> = {}): RunSettings => ({ ...DEFAULTS, ...over });
const ids = (s: RunSettings) => [
  ...positivePlan(s).map((u) => `positive ${u.testCase.id} ${u.transports.join(',')}`),
  ...negativePlan(s).map((u) => `negative ${u.testCase.id} ${u.transports.join(',')}`),
  ...fuzzPlan(s).map((u) => `fuzz ${u.operation} ${u.repetition}`),
  ...(servicePlan(s) ? ['service'] : []),
];

describe.each([1, 2, 4, 7])('%i shards', (count) => {
  test('together run every unit of the whole run exactly once', () => {
    const whole = ids(settings({ repeat: 2 }));
    const parts = Array.from({ length: count }, (_, i) => ids(settings({ repeat: 2, shard: { index: i + 1, count } })));
    expect(parts.flat().sort()).toEqual([...whole].sort());
    for (const part of parts) expect(part.length).toBeGreaterThan(0);
  });
});

test("a case keeps all its transports in its shard", () => {
  const whole = negativePlan(settings());
  const shard = negativePlan(settings({ shard: { index: 3, count: 4 } }));
  for (const u of shard) expect(u.transports).toEqual(whole.find((w) => w.testCase.id === u.testCase.id)!.transports);
});

test('--repeat 1 keeps the ids of an unrepeated run; later repetitions get -r2, -r3', () => {
  expect(positivePlan(settings()).map((u) => u.testCase.id)).toHaveLength(20);
  const repeated = positivePlan(settings({ repeat: 3, operations: ['MobileTasksList'] })).map((u) => [u.testCase.id, u.repetition]);
  expect(repeated).toEqual([['MobileTasksList-example', 0], ['MobileTasksList-example-r2', 1], ['MobileTasksList-example-r3', 2]]);
});

test('the ?WSDL check runs once, in the first shard, and empty suites are left out', () => {
  const one = { operations: ['MobileTasksList'] };
  expect([1, 2, 3].map((index) => servicePlan(settings({ ...one, shard: { index, count: 3 } })))).toEqual([1, 0, 0]);
  expect(suitesToRun(settings({ ...one, shard: { index: 2, count: 3 } }))).toEqual(['negative']);
  expect(suitesToRun(settings({ ...one, shard: { index: 1, count: 3 } }))).toEqual(['positive', 'negative', 'fuzz', 'service']);
});

describe('--shard', () => {
  const parse = SETTINGS.find((s) => s.key === 'shard')!.parse as (t: string, s: string) => unknown;
  test('takes i/n', () => expect(parse(' 2 / 4 ', '--shard')).toEqual({ index: 2, count: 4 }));
  test.each(['0/4', '5/4', '2', '2/0', 'a/b', '-1/4'])('refuses %s naming the flag and the form', (text) => {
    expect(() => parse(text, '--shard')).toThrow(new ConfigError(`--shard: expected i/n with 1 <= i <= n (e.g. 2/4 for the second of four shards), got "${text}"`));
  });
});
