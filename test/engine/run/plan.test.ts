/** The plan behind --repeat and --shard: n shards run every unit exactly once, a case's transports
 * stay together, and repetition 1 is an unrepeated run. */
import { describe, expect, test } from 'vitest';
import { DEFAULTS, SETTINGS, type RunSettings } from '../../../src/config/settings.js';
import { ConfigError } from '../../../src/config/errors.js';
import { chunked, CHUNK_UNITS, fuzzPlan, negativePlan, positivePlan, repetitionsLabel, servicePlan, suitesToRun } from '../../../src/engine/run/plan.js';

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

describe('chunks: the repetitions of one case as one test', () => {
  const byCase = (u: { testCase: { operation: string; scenario?: string; param?: string } }) => `${u.testCase.operation} ${u.testCase.scenario ?? ''} ${u.testCase.param ?? ''}`;

  test('without --repeat every chunk is one unit, in the plan\'s order', () => {
    const units = negativePlan(settings());
    expect(chunked(units, byCase, 4)).toEqual(units.map((u) => [u]));
  });

  test('at --repeat 64 a case\'s repetitions make chunks of 16, every unit exactly once', () => {
    const units = negativePlan(settings({ repeat: 64 }));
    const chunks = chunked(units, byCase, 4);
    expect(chunks).toHaveLength(units.length / CHUNK_UNITS);
    expect(chunks.flat().map((u) => u.testCase.id).sort()).toEqual(units.map((u) => u.testCase.id).sort());
    for (const chunk of chunks) {
      expect(new Set(chunk.map(byCase)).size).toBe(1);
      // One after another: repetitions 1-16, 17-32, ... of the case.
      expect(chunk.map((u) => u.repetition)).toEqual(Array.from({ length: 16 }, (_, i) => chunk[0]!.repetition + i));
    }
    // The order of their first units: the first chunk of every case before any second chunk.
    expect(chunks.slice(0, 3).map((c) => c[0]!.repetition)).toEqual([0, 0, 0]);
  });

  test('a few cases repeated keep two chunks for every test run at once (--concurrency)', () => {
    const units = positivePlan(settings({ repeat: 20, operations: ['MobileTasksList'] }));
    expect(chunked(units, byCase, 4).map((c) => c.length)).toEqual([2, 2, 2, 2, 2, 2, 2, 2, 2, 2]);
    expect(chunked(units, byCase, 1).map((c) => c.length)).toEqual([10, 10]);
    expect(chunked(units, byCase, 16).map((c) => c.length)).toEqual(Array(20).fill(1));
  });

  test('a chunk\'s name says which repetitions it holds', () => {
    const units = positivePlan(settings({ repeat: 20, operations: ['MobileTasksList'] }));
    expect(chunked(units, byCase, 1).map(repetitionsLabel)).toEqual([' #1-10', ' #11-20']);
    expect(repetitionsLabel([units[0]!])).toBe('');
    expect(repetitionsLabel([units[4]!])).toBe(' #5');
  });
});
