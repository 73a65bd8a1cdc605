/**
 * The proxy's judging queue (issue 61, deciding issue 53): forwarding never waits on judging. Each
 * forwarded exchange is offered here; judging takes them one a turn of the event loop, so the
 * forwarding of the next requests goes between two judgements, and while exchanges are being
 * forwarded (or came in the last RECENT_MS) judging takes at most a tenth of the proxy's time
 * (JUDGING_SHARE), the garbage collector's pauses counted in (gcPauses): on a machine whose cores
 * the client and the target also need, the rest is theirs and forwarding's. Once the traffic
 * stops, judging catches up at full speed. A backlog up to `capacity` is judged whole; past it, a
 * deterministic sample: every k-th exchange, k doubling as the space left up to twice the capacity
 * halves (sampleEvery), and at twice the capacity none, so memory stays bounded.
 * What was left unjudged is counted, with when and how thinly it was sampled, for every report.
 * `--judge all` judges each exchange as it is offered instead (today's backpressure: the proxy's
 * one thread forwards no more than it judges).
 */
import { PerformanceObserver } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';

export type JudgeMode = 'sample' | 'all';

/** When and how thinly exchanges were sampled: the first and last time an exchange was offered while
 * the backlog was past the capacity (epoch ms), the least and most k, how many such spells, and
 * whether the queue was ever full (none taken then). */
export interface SamplingWindow {
  readonly from: number;
  readonly to: number;
  readonly minEvery: number;
  readonly maxEvery: number;
  readonly periods: number;
  readonly full?: true;
}

/** results.json's `run.observed` counts: `sampled` is how many exchanges were forwarded unjudged
 * under load, `sampling` when and how thinly (every `minEvery`-th to every `maxEvery`-th; `full`:
 * at times none). */
export interface ObservedJudging {
  readonly judged: number;
  readonly sampled: number;
  readonly sampling?: {
    readonly from: string;
    readonly to: string;
    readonly minEvery: number;
    readonly maxEvery: number;
    readonly periods: number;
    readonly full?: true;
  };
}

export interface JudgeTally {
  /** Exchanges offered (every one forwarded). */
  readonly exchanges: number;
  readonly judged: number;
  /** Forwarded and left unjudged by the sample. */
  readonly unjudged: number;
  readonly sampling?: SamplingWindow;
}

/** The share of the proxy's time judging may take while exchanges are in flight. */
export const JUDGING_SHARE = 0.1;
/** Judging time saved up while idle, ms: a burst after a quiet spell is judged at once. */
const SAVED_MS = 5;
/** The proxy counts as forwarding this long after an exchange came, ms: on cores the client and the
 * target share, the proxy's idle moments between two exchanges are their time, not judging's. */
const RECENT_MS = 50;

/** A typical exchange held for judging (request, answer, their objects), for the default capacity. */
const EXCHANGE_BYTES = 32 * 1024;

/** The default --judge-queue: a 512th of the heap limit at 32 KB an exchange (the queue holds up to
 * twice its capacity), between 64 and 512: 259 on Node's usual 4 GB heap, 128 on a 2 GB one. Not
 * more (issue 61): under steady overload the backlog creeps towards twice the capacity, and each
 * exchange held costs about 10 KB of resident memory (its buffers, promoted to V8's old space
 * before it is judged). At the earlier 4,096 the queue was still filling after 60,000 exchanges,
 * the resident set rising from 200 to 290 MiB; at 256 it is full within a few thousand and the
 * resident set stays near 200 MiB. */
export function defaultJudgeQueue(heapLimit: number = getHeapStatistics().heap_size_limit): number {
  return Math.max(64, Math.min(512, Math.floor(heapLimit / 512 / EXCHANGE_BYTES)));
}

/** k, for a backlog of `backlog` exchanges waiting: 1 below the capacity; from it up to twice it, 2,
 * then 4, 8, ... each time the space left halves; Infinity at twice the capacity (none taken). */
export function sampleEvery(backlog: number, capacity: number): number {
  if (backlog < capacity) return 1;
  const left = 2 * capacity - backlog;
  if (left <= 0) return Infinity;
  return 2 ** (1 + Math.floor(Math.log2(capacity / left)));
}

export interface JudgeQueueOptions<T> {
  readonly mode: JudgeMode;
  readonly capacity: number;
  readonly judge: (item: T) => void;
  /** Epoch ms (a test's clock). */
  readonly now?: () => number;
  /** Runs `fn` on a later turn of the event loop (setImmediate). */
  readonly schedule?: (fn: () => void) => void;
  /** Whether exchanges are being forwarded now: judging then keeps to its share of the time. */
  readonly busy?: () => boolean;
  /** Runs `fn` after `ms` (setTimeout), and a monotonic clock in ms (performance.now): for tests. */
  readonly later?: (fn: () => void, ms: number) => void;
  readonly clock?: () => number;
  /** Milliseconds this thread spent on judging's behalf outside a judgement since the last call
   * (the garbage collector's pauses, gcPauses below): charged to judging's share as well. */
  readonly overheadMs?: () => number;
}

/** A meter of this thread's garbage-collection pauses: `since()` is the milliseconds paused since
 * its last call. Judging makes most of the proxy's garbage (a parsed document, its checks' texts, a
 * record a judgement), and it is collected later, in pauses that fall between two forwarded
 * exchanges. Left out of judging's share, they gave it far more than a tenth of the proxy's time:
 * through the proxy with four connections, 19,500 to 23,800 exchanges in 8 s, and with them
 * charged, 27,500 to 27,900 (direct 6,500 a second; measured 2026-11-29). Every pause is charged,
 * forwarding's own too: judging then errs on the side of forwarding. */
export function gcPauses(): { since(): number; stop(): void } {
  let ms = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) ms += entry.duration;
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    since: () => {
      const paused = ms;
      ms = 0;
      return paused;
    },
    stop: () => observer.disconnect(),
  };
}

export class JudgeQueue<T> {
  private items: Array<T | undefined> = [];
  private head = 0;
  private offered = 0;
  private judged = 0;
  private skipped = 0;
  /** Exchanges passed over since the last one the sample took. */
  private since = 0;
  private sampling: { -readonly [K in keyof SamplingWindow]: SamplingWindow[K] } | undefined;
  private inSpell = false;
  private scheduled = false;
  private readonly now: () => number;
  private readonly schedule: (fn: () => void) => void;
  private readonly clock: () => number;
  /** Judging time in hand, ms: it grows by JUDGING_SHARE of the time passing, up to SAVED_MS. */
  private budget = SAVED_MS;
  private budgetAt: number;
  private offeredAt = -Infinity;

  constructor(private readonly options: JudgeQueueOptions<T>) {
    this.now = options.now ?? Date.now;
    this.schedule = options.schedule ?? ((fn) => void setImmediate(fn));
    this.clock = options.clock ?? (() => performance.now());
    this.budgetAt = this.clock();
  }

  /** Exchanges waiting to be judged. */
  get backlog(): number {
    return this.items.length - this.head;
  }

  /** Takes a forwarded exchange: judged now (--judge all), queued, or counted as left unjudged. */
  offer(item: T): void {
    this.offered++;
    this.offeredAt = this.clock();
    if (this.options.mode === 'all') return this.judgeOne(item);
    const every = sampleEvery(this.backlog, this.options.capacity);
    if (every > 1) this.noteSampling(every);
    // A spell ends once the backlog is down to half the capacity, not each time it dips below it.
    else if (this.backlog * 2 < this.options.capacity) this.inSpell = false;
    if (every > 1 && this.since + 1 < every) {
      this.since++;
      this.skipped++;
      return;
    }
    this.since = 0;
    this.items.push(item);
    this.wake();
  }

  /** Judges everything still waiting, now (the proxy has stopped: the reports wait for it). */
  drain(): void {
    while (this.backlog > 0) this.judgeOne(this.take());
  }

  /** The counts, and the window as results.json gives it (ISO times). */
  observed(): ObservedJudging {
    const { sampling, ...counts } = this.tally();
    return { judged: counts.judged, sampled: counts.unjudged, ...(sampling ? { sampling: { ...sampling, from: new Date(sampling.from).toISOString(), to: new Date(sampling.to).toISOString() } } : {}) };
  }

  tally(): JudgeTally {
    return { exchanges: this.offered, judged: this.judged, unjudged: this.skipped, ...(this.sampling && this.skipped > 0 ? { sampling: { ...this.sampling } } : {}) };
  }

  private noteSampling(every: number): void {
    const at = this.now();
    const finite = Number.isFinite(every) ? every : 2;
    const s = (this.sampling ??= { from: at, to: at, minEvery: finite, maxEvery: finite, periods: 0 });
    if (!this.inSpell) s.periods++;
    this.inSpell = true;
    s.to = at;
    if (!Number.isFinite(every)) s.full = true;
    else {
      s.minEvery = Math.min(s.minEvery, every);
      s.maxEvery = Math.max(s.maxEvery, every);
    }
  }

  private take(): T {
    const item = this.items[this.head]!;
    this.items[this.head++] = undefined;
    // The array is compacted once half of it is spent, so taking stays O(1) on average.
    if (this.head * 2 >= this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return item;
  }

  private judgeOne(item: T): void {
    this.judged++;
    this.options.judge(item);
  }

  /** One judgement a turn: the event loop polls the sockets between two, so forwarding goes on.
   * While exchanges are in flight and judging has spent its share, the next waits until it has
   * one again. */
  private wake(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.schedule(() => this.turn());
  }

  private forwarding(at: number): boolean {
    return at - this.offeredAt < RECENT_MS || (this.options.busy?.() ?? false);
  }

  private turn(): void {
    this.scheduled = false;
    if (this.backlog === 0) return;
    const at = this.clock();
    this.budget = Math.min(SAVED_MS, this.budget + (at - this.budgetAt) * JUDGING_SHARE);
    this.budgetAt = at;
    if (this.budget < 0 && this.forwarding(at)) {
      this.scheduled = true;
      (this.options.later ?? ((fn, ms) => void setTimeout(fn, ms)))(() => this.turn(), Math.ceil(-this.budget / JUDGING_SHARE) || 1);
      return;
    }
    const item = this.take();
    if (this.backlog > 0) this.wake();
    // Judging once the traffic has stopped takes no one's time: it is not charged.
    const charged = this.forwarding(at);
    this.judgeOne(item);
    const end = this.clock();
    const overhead = this.options.overheadMs?.() ?? 0;
    if (charged) this.budget -= end - at + overhead;
    this.budgetAt = end;
  }
}
