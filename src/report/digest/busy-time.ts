/**
 * The time during which at least one of a suite's exchanges was in flight (junit.xml's testsuite
 * `time`), kept as the union of their spans as they come: disjoint intervals, sorted, merged on
 * arrival. It holds one interval per idle gap of the suite, not one per exchange, so it stays small
 * however many exchanges a --repeat run makes (the spans of every exchange were 50 bytes each).
 * A suite whose exchanges never overlap (one operation among twenty through a proxy) has a gap after
 * each, and a proxy runs for days (issue 61): past MAX_INTERVALS the oldest half is summed and let
 * go. A span that arrives later than those, before their end, counts only from there: exact for
 * spans that arrive in time order, as a live proxy's do.
 */
export const MAX_INTERVALS = 1000;

export class BusyTime {
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];
  /** The intervals let go: their time summed, and where the last one ended. */
  private settledMs = 0;
  private settledUntil = -Infinity;

  /** An exchange in flight from `start` to `end` (ms). Spans that meet or overlap are one. */
  add(start: number, end: number): void {
    if (end <= this.settledUntil) return;
    if (start < this.settledUntil) start = this.settledUntil;
    this.merge(start, end);
    if (this.starts.length > MAX_INTERVALS) this.settle(MAX_INTERVALS / 2);
  }

  private settle(count: number): void {
    for (let i = 0; i < count; i++) this.settledMs += this.ends[i]! - this.starts[i]!;
    this.settledUntil = this.ends[count - 1]!;
    this.starts.splice(0, count);
    this.ends.splice(0, count);
  }

  private merge(start: number, end: number): void {
    const { starts, ends } = this;
    // The first interval that ends at or after `start` (ends are sorted as the intervals are disjoint).
    let lo = 0;
    let hi = ends.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (ends[mid]! < start) lo = mid + 1;
      else hi = mid;
    }
    if (lo === ends.length) {
      starts.push(start);
      ends.push(end);
      return;
    }
    if (starts[lo]! > end) {
      starts.splice(lo, 0, start);
      ends.splice(lo, 0, end);
      return;
    }
    starts[lo] = Math.min(starts[lo]!, start);
    let to = Math.max(ends[lo]!, end);
    let next = lo + 1;
    while (next < starts.length && starts[next]! <= to) to = Math.max(to, ends[next++]!);
    ends[lo] = to;
    starts.splice(lo + 1, next - lo - 1);
    ends.splice(lo + 1, next - lo - 1);
  }

  /** The busy time in seconds, or undefined when no exchange was timed. */
  seconds(): number | undefined {
    if (this.starts.length === 0) return this.settledMs > 0 ? this.settledMs / 1000 : undefined;
    const last = this.starts.length - 1;
    let busy = this.settledMs;
    for (let i = 0; i < last; i++) busy += this.ends[i]! - this.starts[i]!;
    // Summed as the sweep of sorted spans did, to the last bit of a floating-point time.
    return (busy + this.ends[last]! - this.starts[last]!) / 1000;
  }

  /** How many disjoint intervals it holds. */
  get intervals(): number {
    return this.starts.length;
  }
}
