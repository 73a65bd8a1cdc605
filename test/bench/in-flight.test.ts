/** The bench's loop of calls in flight: it keeps `concurrency` calls going through the list in
 * turn, counts good answers, other answers and failures apart, and ends with its window. */
import { expect, test } from 'vitest';
import { keepInFlight } from '../../src/bench/in-flight.js';

const tick = () => new Promise<void>((done) => setTimeout(done, 1));

test('goes through the list in turn, never more than `concurrency` calls at once', async () => {
  const seen: string[] = [];
  let inFlight = 0;
  let most = 0;
  const result = await keepInFlight(['a', 'b', 'c'], 2, 0.1, async (item) => {
    most = Math.max(most, ++inFlight);
    seen.push(item);
    await tick();
    inFlight--;
    return true;
  });
  expect(most).toBe(2);
  expect(seen.slice(0, 6)).toEqual(['a', 'b', 'c', 'a', 'b', 'c']);
  expect(result).toMatchObject({ answered: seen.length, errors: 0, notGood: 0 });
  expect(result.perSecond).toBeGreaterThan(0);
  expect(result.firstError).toBeUndefined();
});

test('answers that are not good and calls that throw are counted apart, with the first reason', async () => {
  const result = await keepInFlight(['good', 'bad', 'broken'], 1, 0.1, async (item) => {
    await tick();
    if (item === 'broken') throw new Error(`no answer to ${item}`);
    return item === 'good';
  });
  expect(result.errors).toBeGreaterThan(0);
  expect(result.notGood).toBeGreaterThan(0);
  // Throwing calls are not answered ones: a third of the calls each.
  expect(result.answered).toBeGreaterThanOrEqual(2 * result.errors - 1);
  expect(result.firstError).toBe('no answer to broken');
});

test('a window that is over ends the loops, however fast the calls fail', async () => {
  const started = Date.now();
  const result = await keepInFlight([1], 4, 0.05, () => Promise.reject(new Error('refused')));
  // The 50 ms window ended the loops (loops that never ended would time the test out): room for load.
  expect(Date.now() - started).toBeLessThan(5_000);
  expect(result.answered).toBe(0);
  expect(result.errors).toBeGreaterThan(0);
});

test('nothing to send is a clear error', async () => {
  await expect(keepInFlight([], 4, 1, async () => true)).rejects.toThrow('at least one request');
});

test('each answered call is told with its send and end times (node-soap counts them as the harness does); a call that throws is not', async () => {
  const times: Array<[number, number]> = [];
  const result = await keepInFlight(['good', 'broken'], 1, 0.05, async (item) => {
    await tick();
    if (item === 'broken') throw new Error('no answer');
    return true;
  }, (sentAt, endAt) => times.push([sentAt, endAt]));
  expect(times).toHaveLength(result.answered);
  expect(result.errors).toBeGreaterThan(0);
  for (const [sentAt, endAt] of times) expect(endAt).toBeGreaterThanOrEqual(sentAt);
});
