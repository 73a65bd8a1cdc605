import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { catchStrays } from '../../../src/engine/run/strays.js';
import { SIGNAL_LAG_MS } from '../../../src/engine/run/signal-lag.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

// The error tinypool 1.1.1 throws from a worker's exit event when events.once meets its ProcessWorker.
const tinypoolError = () => new TypeError('emitter.removeListener is not a function');

function setUp() {
  const controller = new AbortController();
  const source = new EventEmitter();
  const recorded: string[] = [];
  const strays = catchStrays(controller.signal, (m) => recorded.push(m), source);
  return { controller, source, recorded, strays };
}

test('an uncaught exception in a run that is not interrupted is a tool error, with where it was thrown', async () => {
  const { source, recorded, strays } = setUp();
  source.emit('uncaughtException', tinypoolError());
  await vi.advanceTimersByTimeAsync(SIGNAL_LAG_MS);
  await strays.settled();
  expect(recorded).toHaveLength(1);
  expect(recorded[0]).toMatch(/^uncaught: emitter\.removeListener is not a function \(at .*strays\.test\.ts/);
});

test('an unhandled rejection in a run that is not interrupted is a tool error', async () => {
  const { source, recorded, strays } = setUp();
  source.emit('unhandledRejection', 'Worker exited unexpectedly');
  await vi.advanceTimersByTimeAsync(SIGNAL_LAG_MS);
  await strays.settled();
  expect(recorded).toEqual(['unhandled: Worker exited unexpectedly']);
});

test('a stray that comes just before the signal does is the interruption\'s doing: dropped', async () => {
  const { controller, source, recorded, strays } = setUp();
  source.emit('uncaughtException', tinypoolError());
  source.emit('unhandledRejection', new Error('Worker exited unexpectedly'));
  await vi.advanceTimersByTimeAsync(SIGNAL_LAG_MS / 2);
  controller.abort('interrupted by SIGINT');
  await strays.settled();
  expect(recorded).toEqual([]);
});

test('a stray after the signal is dropped', async () => {
  const { controller, source, recorded, strays } = setUp();
  controller.abort('interrupted by SIGINT');
  source.emit('uncaughtException', tinypoolError());
  await strays.settled();
  expect(recorded).toEqual([]);
});

test('settled() waits for a stray still being decided', async () => {
  const { source, recorded, strays } = setUp();
  source.emit('uncaughtException', tinypoolError());
  let settled = false;
  void strays.settled().then(() => (settled = true));
  await vi.advanceTimersByTimeAsync(SIGNAL_LAG_MS - 1);
  expect(settled).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(settled).toBe(true);
  expect(recorded).toHaveLength(1);
});

test('release() stops listening', () => {
  const { source, strays } = setUp();
  expect(source.listenerCount('uncaughtException')).toBe(1);
  expect(source.listenerCount('unhandledRejection')).toBe(1);
  strays.release();
  expect(source.listenerCount('uncaughtException')).toBe(0);
  expect(source.listenerCount('unhandledRejection')).toBe(0);
});
