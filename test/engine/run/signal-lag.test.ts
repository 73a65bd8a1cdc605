import { getEventListeners } from 'node:events';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { abortedWithin, SIGNAL_LAG_MS } from '../../../src/engine/run/signal-lag.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const settledAfter = async <T>(promise: Promise<T>, ms: number): Promise<T | 'pending'> => {
  let value: T | 'pending' = 'pending';
  void promise.then((v) => (value = v));
  await vi.advanceTimersByTimeAsync(ms);
  return value;
};

test('a signal already aborted: true at once', async () => {
  const controller = new AbortController();
  controller.abort('SIGINT');
  expect(await settledAfter(abortedWithin(controller.signal, 1000), 0)).toBe(true);
});

test('a signal aborted within the wait: true as soon as it is, and its listener is gone', async () => {
  const controller = new AbortController();
  const answer = abortedWithin(controller.signal, 1000);
  expect(await settledAfter(answer, 300)).toBe('pending');
  controller.abort('SIGINT');
  expect(await settledAfter(answer, 0)).toBe(true);
  expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
});

test('a signal not aborted within the wait: false once it is over, and its listener is gone', async () => {
  const controller = new AbortController();
  const answer = abortedWithin(controller.signal, 1000);
  expect(await settledAfter(answer, 999)).toBe('pending');
  expect(await settledAfter(answer, 1)).toBe(false);
  expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  controller.abort('SIGINT'); // too late: nothing left to hear it
});

test('no signal: false at once', async () => {
  expect(await settledAfter(abortedWithin(undefined, 1000), 0)).toBe(false);
});

test('the wait covers a signal dispatched a few event-loop turns late, and stays short', () => {
  expect(SIGNAL_LAG_MS).toBeGreaterThanOrEqual(100);
  expect(SIGNAL_LAG_MS).toBeLessThanOrEqual(1000);
});
