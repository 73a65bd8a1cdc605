/** garbage.ts: a full collection once enough bytes were read back and dropped, not before. */
import { expect, test, vi } from 'vitest';

test('collects once every 16 MiB dropped, with the engine\'s collector', async () => {
  const gc = vi.fn();
  vi.stubGlobal('gc', gc);
  const { dropped } = await import('../../src/results/garbage.js');
  dropped(16 * 1024 * 1024 - 1);
  expect(gc).not.toHaveBeenCalled();
  dropped(1);
  expect(gc).toHaveBeenCalledTimes(1);
  for (let i = 0; i < 16; i++) dropped(1024 * 1024);
  expect(gc).toHaveBeenCalledTimes(2);
  vi.unstubAllGlobals();
});

test('collectEvery collects on its timer until stopped', async () => {
  vi.useFakeTimers();
  const gc = vi.fn();
  vi.stubGlobal('gc', gc);
  vi.resetModules(); // a fresh module takes this collector
  const { collectEvery } = await import('../../src/results/garbage.js');
  const stop = collectEvery(1000);
  vi.advanceTimersByTime(2500);
  expect(gc).toHaveBeenCalledTimes(2);
  stop();
  vi.advanceTimersByTime(5000);
  expect(gc).toHaveBeenCalledTimes(2);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
