/** A suite's busy time kept as intervals merged on arrival (busy-time.ts) is the time the sorted
 * spans gave, whatever order they come in, and holds an interval per idle gap, not per exchange. */
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { BusyTime, MAX_INTERVALS } from '../../../src/report/digest/busy-time.js';

/** The spans sorted and swept, as junit.ts computed it before. */
function sweptSeconds(spans: Array<readonly [number, number]>): number | undefined {
  if (spans.length === 0) return undefined;
  const sorted = [...spans].sort((a, b) => a[0] - b[0]);
  let busy = 0;
  let [from, to] = sorted[0]!;
  for (const [start, end] of sorted) {
    if (start > to) {
      busy += to - from;
      from = start;
    }
    to = Math.max(to, end);
  }
  return (busy + to - from) / 1000;
}

test('the same seconds as sorting and sweeping every span, in any order of arrival', () => {
  const span = fc.tuple(fc.integer({ min: 0, max: 200 }), fc.float({ min: 0, max: 30, noNaN: true })).map(([s, d]) => [s, s + d] as const);
  fc.assert(fc.property(fc.array(span, { maxLength: 60 }), (spans) => {
    const busy = new BusyTime();
    for (const [s, e] of spans) busy.add(s, e);
    expect(busy.seconds()).toBe(sweptSeconds(spans));
  }), { numRuns: 500 });
});

test('a stream of overlapping exchanges is one interval however many there are', () => {
  const busy = new BusyTime();
  // 100,000 exchanges of 12 ms, four in flight, arriving a little out of order.
  for (let i = 0; i < 100_000; i++) busy.add((i ^ 1) * 3, (i ^ 1) * 3 + 12);
  expect(busy.intervals).toBe(1);
  expect(busy.seconds()).toBe((99_999 * 3 + 12) / 1000);
  busy.add(10_000_000, 10_000_005);
  expect(busy.intervals).toBe(2);
});

test('exchanges with a gap after each (a proxy\'s one operation among many) are held in at most MAX_INTERVALS, their time exact', () => {
  const busy = new BusyTime();
  // 100,000 exchanges of 2 ms, one every 20 ms, in time order but for neighbours swapped.
  for (let i = 0; i < 100_000; i++) busy.add((i ^ 1) * 20, (i ^ 1) * 20 + 2);
  expect(busy.intervals).toBeLessThanOrEqual(MAX_INTERVALS);
  expect(busy.seconds()).toBe(200);
  // A span older than those let go counts only past them: never twice.
  busy.add(0, 2);
  expect(busy.seconds()).toBe(200);
});
