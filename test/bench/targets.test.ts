/** The bench's targets over several figures (src/bench/targets.ts): the median of the throughput
 * windows and the main process's CPU per exchange at every size. */
import { expect, test } from 'vitest';
import { mainCpuTarget, mainCpuText, marginalCpu, median, NOT_MEASURED, perExchangeMs, targetText } from '../../src/bench/targets.js';

test('the median of three windows is the middle one, whatever their order', () => {
  expect(median([0.58, 0.484, 0.619])).toBe(0.58);
  expect(median([0.7])).toBe(0.7);
  expect(median([0.5, 0.7])).toBeCloseTo(0.6);
  expect(() => median([])).toThrow();
});

test('main CPU per exchange: met only when every size is within 0.1 ms', () => {
  const met = mainCpuTarget([{ size: 1, exchanges: 1000, mainCpuMs: 90 }, { size: 16, exchanges: 16000, mainCpuMs: 1200 }]);
  expect(met.perSize).toEqual([{ size: 1, value: 0.09, met: true }, { size: 16, value: 0.075, met: true }]);
  expect([met.value, met.met]).toEqual([0.09, true]);
  // One size over the target fails it, and the figure shown is that size's.
  const notMet = mainCpuTarget([{ size: 1, exchanges: 1136, mainCpuMs: 3634 }, { size: 16, exchanges: 18161, mainCpuMs: 1500 }]);
  expect(notMet.perSize.map((p) => p.met)).toEqual([false, true]);
  expect([notMet.value, notMet.met]).toEqual([3.199, false]);
});

test('a size without a figure (the CPU not read) does not count as met', () => {
  const t = mainCpuTarget([{ size: 1, exchanges: 1000, mainCpuMs: null }, { size: 16, exchanges: 16000, mainCpuMs: 800 }]);
  expect([t.value, t.met]).toEqual([null, false]);
  expect(perExchangeMs(100, 0)).toBeNull();
});

test('a part left out with --only reads "not measured", never met', () => {
  const none = mainCpuTarget([]);
  expect([none.met, none.skipped]).toEqual([false, NOT_MEASURED]);
  expect(targetText(none)).toBe('not measured');
  expect(targetText({ value: 0.61, target: '>= 0.60', met: true })).toBe('0.61 (met)');
  expect(targetText({ value: null, target: '>= 0.80', met: false, skipped: 'mono is not installed' })).toBe('skipped (NOT met)');
});

test('the marginal figure: the larger run\'s CPU less the smaller\'s over the extra exchanges', () => {
  // 1x 3,100 ms over 1,136; 16x 14,400 ms over 18,161: (14400 - 3100) / 17025.
  const rows = [{ size: 16, exchanges: 18161, mainCpuMs: 14400 }, { size: 1, exchanges: 1136, mainCpuMs: 3100 }, { size: 64, exchanges: 72641, mainCpuMs: 19050 }];
  expect(marginalCpu(rows)).toEqual([
    { from: 1, to: 16, value: 0.664, met: false },
    { from: 16, to: 64, value: 0.085, met: true },
  ]);
  expect(marginalCpu([rows[1]!])).toEqual([]);
  expect(marginalCpu([rows[1]!, { size: 16, exchanges: 18161, mainCpuMs: null }])).toEqual([{ from: 1, to: 16, value: null, met: false }]);
});

test('the main CPU text names every size and every marginal figure with met or NOT met', () => {
  const rows = [{ size: 1, exchanges: 1000, mainCpuMs: 2000 }, { size: 16, exchanges: 16000, mainCpuMs: 3200 }];
  expect(mainCpuText(mainCpuTarget(rows), marginalCpu(rows))).toBe('1x 2 (NOT met), 16x 0.2 (NOT met), marginal 1x-16x 0.08 (met)');
});
