/** Issue 20: a suite split across worker processes (lanes). Every row runs in exactly one lane, a
 * case keeps its transports there, and a lane is paid for only by a core's worth of work. */
import { describe, expect, test } from 'vitest';
import { DEFAULTS, type RunSettings } from '../../../src/config/settings.js';
import { autoWorkers, fileWorkers, LANE_EXCHANGES, laneCounts, laneRows, laneTotal, runLanes, targetIsLocal, type Lane, type LanedSuite } from '../../../src/engine/run/lanes.js';
import { negativePlan, suiteWork } from '../../../src/engine/run/plan.js';

const settings = (over: Partial<RunSettings> = {}): RunSettings => ({ ...DEFAULTS, ...over });
const auto = (workers: number) => ({ workers, minExchanges: LANE_EXCHANGES });
const lanes = (suite: LanedSuite, count: number): Lane[] => Array.from({ length: count }, (_, index) => ({ index, counts: { [suite]: count } }));

describe.each([1, 2, 3, 5])('%i lanes', (count) => {
  test.each([0, 1, 4, 13])('deal %i rows: each in exactly one lane, the lanes as even as can be', (n) => {
    const rows = Array.from({ length: n }, (_, i) => i);
    const parts = lanes('positive', count).map((lane) => laneRows(lane, 'positive', rows));
    expect(parts.flat().sort((a, b) => a - b)).toEqual(rows);
    const sizes = parts.map((p) => p.length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
  });
});

test('a case keeps all its transports in its lane', () => {
  const whole = negativePlan(settings());
  const parts = lanes('negative', 3).map((lane) => laneRows(lane, 'negative', whole));
  expect(parts.flat().map((u) => `${u.testCase.id} ${u.transports.join(',')}`).sort()).toEqual(whole.map((u) => `${u.testCase.id} ${u.transports.join(',')}`).sort());
});

test('without lanes (plain vitest) or with one, a suite runs every row; a lane a suite does not have runs none', () => {
  expect(laneRows(undefined, 'fuzz', [1, 2, 3])).toEqual([1, 2, 3]);
  expect(laneRows({ index: 0, counts: { positive: 2 } }, 'fuzz', [1, 2, 3])).toEqual([1, 2, 3]);
  expect(laneRows({ index: 1, counts: { positive: 2 } }, 'fuzz', [1, 2, 3])).toEqual([]);
});

describe('how many lanes', () => {
  test('the default run keeps one worker per suite, even on many cores', () => {
    expect(laneCounts(suiteWork(settings()), auto(64))).toEqual({ positive: 1, negative: 1, fuzz: 1, service: 1 });
  });

  test("one suite with several cores' worth of work gets the spare cores, one lane each", () => {
    // The bench's harness run: 200 x 80 exchanges of the positive suite.
    const bench = suiteWork(settings({ suites: ['positive'], repeat: 200 }));
    expect(bench).toEqual({ positive: { units: 4000, exchanges: 16_000 } });
    expect(laneCounts(bench, auto(2))).toEqual({ positive: 2 });
    expect(laneCounts(bench, auto(4))).toEqual({ positive: 4 });
    // 16,000 exchanges keep at most 6 lanes of 2,500.
    expect(laneCounts(bench, auto(16))).toEqual({ positive: 6 });
  });

  test('a hard fuzz run splits its properties, at most one lane a property', () => {
    const fuzz = suiteWork(settings({ suites: ['fuzz'], runs: 1000 }));
    expect(laneCounts(fuzz, auto(8))).toEqual({ fuzz: 8 });
    expect(laneCounts(fuzz, auto(64))).toEqual({ fuzz: 20 });
  });

  test('the spare cores go to the suite with the most work per lane', () => {
    const work = { positive: { units: 400, exchanges: 20_000 }, fuzz: { units: 40, exchanges: 8_000 }, service: { units: 1, exchanges: 1 } };
    expect(laneCounts(work, auto(2))).toEqual({ positive: 2, fuzz: 1, service: 1 });
    expect(laneCounts(work, auto(4))).toEqual({ positive: 3, fuzz: 2, service: 1 });
  });

  test('chosen automatically, lanes take only the cores the suites leave idle, less one for the main process', () => {
    expect(autoWorkers(2, 4)).toBe(1);
    expect(autoWorkers(2, 1)).toBe(1);
    expect(autoWorkers(4, 1)).toBe(3);
    expect(autoWorkers(16, 4)).toBe(12);
    expect(autoWorkers(1, 1)).toBe(1);
    // The default run at --repeat 64 on 2 cores: four suites, no lane.
    expect(laneCounts(suiteWork(settings({ repeat: 64 })), auto(autoWorkers(2, 4)))).toEqual({ positive: 1, negative: 1, fuzz: 1, service: 1 });
    // The bench's harness run: one lane on 2 cores, three on 4.
    expect(laneCounts(suiteWork(settings({ suites: ['positive'], repeat: 200 })), auto(autoWorkers(2, 1)))).toEqual({ positive: 1 });
    expect(laneCounts(suiteWork(settings({ suites: ['positive'], repeat: 200 })), auto(autoWorkers(4, 1)))).toEqual({ positive: 3 });
  });

  test('--workers N splits however small the suite, never a unit; --rate keeps one lane', () => {
    const small = suiteWork(settings({ operations: ['MobileTimeLogCreate'], runs: 2 }));
    expect(runLanes({ workers: 3, rate: undefined }, small)).toEqual({ positive: 1, negative: 3, fuzz: 1, service: 1 });
    expect(runLanes({ workers: 1, rate: undefined }, small)).toEqual({ positive: 1, negative: 1, fuzz: 1, service: 1 });
    expect(runLanes({ workers: 8, rate: 50 }, suiteWork(settings({ repeat: 200 })))).toEqual({ positive: 1, negative: 1, fuzz: 1, service: 1 });
  });

  test('the run needs as many lanes as its most split suite', () => {
    expect(laneTotal({ positive: 1, fuzz: 3 })).toBe(3);
    expect(laneTotal({})).toBe(1);
  });
});

describe('worker processes for the suite files of a run without lanes', () => {
  test('a target on this machine leaves a core to itself and the main process; a remote one runs the files side by side', () => {
    expect([2, 4, 8].map((cores) => fileWorkers(4, { cores, local: true }))).toEqual([1, 3, 4]);
    expect([1, 2, 8].map((cores) => fileWorkers(4, { cores, local: false }))).toEqual([4, 4, 4]);
    expect(fileWorkers(2, { cores: 8, local: false })).toBe(2);
    expect(fileWorkers(4, { cores: 1, local: true })).toBe(1);
  });

  test('--workers chooses outright, never more than the files', () => {
    expect(fileWorkers(4, { cores: 2, local: true, workers: 3 })).toBe(3);
    expect(fileWorkers(4, { cores: 16, local: false, workers: 1 })).toBe(1);
    expect(fileWorkers(2, { cores: 2, local: true, workers: 8 })).toBe(2);
  });

  test.each([
    [true, 'http://example.com/tsiWS.asmx', true],
    [false, 'http://127.0.0.1:8080/x', true],
    [false, 'http://127.8.0.1/x', true],
    [false, 'http://localhost:3000', true],
    [false, 'http://[::1]:3000/', true],
    [false, 'https://tsi.example.com/api/rmm/tsiWS.asmx', false],
    [false, 'http://10.0.0.7/', false],
    [false, 'http://127.example.com/', false],
  ])('embedded %s, %s: on this machine %s', (embedded, baseUrl, local) => {
    expect(targetIsLocal({ embedded, baseUrl })).toBe(local);
  });
});
