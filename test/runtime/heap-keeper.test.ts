/** heap-keeper.ts: a full collection once the old generation holds more than the slack over what
 * the last collection left, and none while it stays within it. */
import { getHeapStatistics } from 'node:v8';
import { afterEach, expect, test, vi } from 'vitest';
import { keepHeapNearLive, oldGenerationBytes } from '../../src/runtime/heap-keeper.js';

afterEach(() => {
  vi.useRealTimers();
});

const MiB = 1024 * 1024;

test('collects when the old generation passes the slack over the last collection, then keeps near the new live size', () => {
  vi.useFakeTimers();
  let used = 30 * MiB;
  const collect = vi.fn(() => {
    used = 32 * MiB; // what the collection left live
  });
  const stop = keepHeapNearLive({ everyMs: 1000, slackBytes: 24 * MiB, used: () => used, collect });
  used = 54 * MiB;
  vi.advanceTimersByTime(1000);
  expect(collect).not.toHaveBeenCalled(); // 24 MiB over: within the slack
  used = 55 * MiB;
  vi.advanceTimersByTime(1000);
  expect(collect).toHaveBeenCalledTimes(1);
  used = 56 * MiB; // 24 over the 32 the collection left
  vi.advanceTimersByTime(1000);
  expect(collect).toHaveBeenCalledTimes(1);
  used = 57 * MiB;
  vi.advanceTimersByTime(1000);
  expect(collect).toHaveBeenCalledTimes(2);
  stop();
  used = 500 * MiB;
  vi.advanceTimersByTime(5000);
  expect(collect).toHaveBeenCalledTimes(2);
});

test('a collection of V8\'s own lowers the live size it keeps near', () => {
  vi.useFakeTimers();
  let used = 60 * MiB;
  const collect = vi.fn();
  const stop = keepHeapNearLive({ everyMs: 1000, slackBytes: 24 * MiB, used: () => used, collect });
  used = 20 * MiB;
  vi.advanceTimersByTime(1000);
  used = 45 * MiB; // 25 over the 20 V8's own collection left, though below where it started
  vi.advanceTimersByTime(1000);
  expect(collect).toHaveBeenCalledTimes(1);
  stop();
});

test('reads the old generation from V8: more than nothing, and less than the heap with its young generation', () => {
  const old = oldGenerationBytes();
  expect(old).toBeGreaterThan(1 * MiB);
  expect(old).toBeLessThanOrEqual(getHeapStatistics().used_heap_size);
});

test('the timer does not keep the process alive', () => {
  const setInterval = vi.spyOn(globalThis, 'setInterval');
  const stop = keepHeapNearLive({ collect: () => {} });
  const timer = setInterval.mock.results[0]!.value as NodeJS.Timeout;
  expect(timer.hasRef()).toBe(false);
  stop();
  setInterval.mockRestore();
});

test('without a collector given, collects with the engine\'s (globalThis.gc under --expose-gc)', () => {
  vi.useFakeTimers();
  const gc = vi.fn();
  vi.stubGlobal('gc', gc);
  let used = 10 * MiB;
  const stop = keepHeapNearLive({ everyMs: 1000, slackBytes: 1 * MiB, used: () => used });
  vi.advanceTimersByTime(1000);
  expect(gc).not.toHaveBeenCalled();
  used = 12 * MiB;
  vi.advanceTimersByTime(1000);
  expect(gc).toHaveBeenCalledTimes(1);
  stop();
  vi.unstubAllGlobals();
});
