/** The proxy's judging queue (issue 61): a backlog up to the capacity judged whole, past it every
 * k-th exchange with k doubling as the space left halves, none at twice the capacity; the counts and
 * the sampling window the reports print; --judge all judges each as it comes. */
import { describe, expect, test } from 'vitest';
import { defaultJudgeQueue, gcPauses, JudgeQueue, sampleEvery, type JudgeMode } from '../../src/proxy/judge-queue.js';
import { judgedText } from '../../src/report/digest/judged.js';

/** A queue whose turns run when the test says, on a clock the test sets. */
function queue(mode: JudgeMode, capacity: number) {
  const judged: number[] = [];
  const turns: Array<() => void> = [];
  let now = Date.UTC(2026, 10, 29, 12, 1, 7);
  const q = new JudgeQueue<number>({ mode, capacity, judge: (n) => judged.push(n), now: () => now, schedule: (fn) => turns.push(fn) });
  return {
    q, judged,
    tick: (ms: number) => (now += ms),
    turn: () => turns.shift()?.(),
  };
}

describe('sampleEvery', () => {
  test('1 below the capacity, then 2, 4, 8 as the space left up to twice it halves, none when full', () => {
    expect([0, 99, 100, 149, 150, 174, 175, 187, 199, 200, 250].map((b) => sampleEvery(b, 100))).toEqual([1, 1, 2, 2, 4, 4, 8, 8, 128, Infinity, Infinity]);
    expect([0, 1, 2].map((b) => sampleEvery(b, 1))).toEqual([1, 2, Infinity]);
  });
});

describe('JudgeQueue', () => {
  test('a backlog within the capacity is judged whole, one exchange a turn', () => {
    const { q, judged, turn } = queue('sample', 4);
    for (let i = 1; i <= 4; i++) q.offer(i);
    expect(judged).toEqual([]);
    turn();
    expect(judged).toEqual([1]);
    for (let i = 0; i < 3; i++) turn();
    expect(judged).toEqual([1, 2, 3, 4]);
    expect(q.tally()).toEqual({ exchanges: 4, judged: 4, unjudged: 0 });
    expect(judgedText(4, q.observed())).toBe('judged all 4 exchanges');
  });

  test('past the capacity, every k-th exchange is taken: the same ones on every run', () => {
    const run = () => {
      const { q, judged, tick, turn } = queue('sample', 4);
      for (let i = 1; i <= 30; i++) {
        q.offer(i);
        tick(1000);
        // Judging keeps up with one exchange in three.
        if (i % 3 === 0) turn();
      }
      q.drain();
      return { judged, tally: q.tally() };
    };
    const first = run();
    expect(run()).toEqual(first);
    // Backlog 4 at the 6th offer: k 2 (6 passed over, 7 taken), and so on while judging lags.
    expect(first.judged.slice(0, 6)).toEqual([1, 2, 3, 4, 5, 7]);
    const { tally } = first;
    expect(tally.exchanges).toBe(30);
    expect(tally.judged + tally.unjudged).toBe(30);
    expect(tally.unjudged).toBeGreaterThan(0);
    expect(first.judged).toHaveLength(tally.judged);
    expect(tally.sampling).toMatchObject({ minEvery: 2, periods: 1 });
    expect(tally.sampling!.maxEvery).toBeGreaterThanOrEqual(2);
  });

  test('the queue never holds more than twice its capacity; none is taken while it is full', () => {
    const { q, judged } = queue('sample', 2);
    for (let i = 1; i <= 100; i++) q.offer(i);
    expect(q.backlog).toBe(4);
    q.drain();
    // 1, 2 whole; at backlog 2 k is 2 (3 passed over, 4 taken); at 3, k 4 (5, 6, 7 passed over, 8 taken); then full.
    expect(judged).toEqual([1, 2, 4, 8]);
    expect(q.tally()).toMatchObject({ exchanges: 100, judged: 4, unjudged: 96, sampling: { minEvery: 2, maxEvery: 4, full: true } });
  });

  test('the text names the counts and the sampling window', () => {
    const { q, tick } = queue('sample', 1);
    q.offer(1);
    q.offer(2);
    tick(12_000);
    q.offer(3);
    q.offer(4);
    q.drain();
    expect(judgedText(4, q.observed())).toBe('judged 2 of 4 exchanges; 2 forwarded unjudged under load (sampling 1 in 2 from 12:01:07 to 12:01:19 UTC, none while the queue was full)');
    expect(judgedText(31_002, { judged: 8_665, sampled: 22_337, sampling: { from: '2026-01-01T12:01:07.000Z', to: '2026-01-01T12:01:19.000Z', minEvery: 4, maxEvery: 4, periods: 1 } }))
      .toBe('judged 8,665 of 31,002 exchanges; 22,337 forwarded unjudged under load (sampling 1 in 4 from 12:01:07 to 12:01:19 UTC)');
  });

  test('a backlog that falls below the capacity ends a spell of sampling; the next one is counted', () => {
    const { q, turn } = queue('sample', 1);
    q.offer(1);
    q.offer(2);
    turn();
    q.offer(3);
    turn();
    turn();
    q.offer(4);
    q.offer(5);
    expect(q.tally()).toMatchObject({ exchanges: 5, unjudged: 2, sampling: { periods: 2 } });
    q.drain();
    expect(judgedText(5, q.observed())).toMatch(/^judged 3 of 5 exchanges; 2 forwarded unjudged under load \(sampling 1 in 2 from 12:01:07 to 12:01:07 UTC, in 2 spells\)$/);
  });

  /** A queue on a test clock: each judgement takes `judgeMs`, and leaves `pauseMs` of collecting
   * behind it (charged as overhead); turns and waits run when the test says. */
  function timedQueue(judgeMs: number, pauseMs?: number) {
    const t = { clock: 0, busy: true, paused: 0, judged: [] as number[], turns: [] as Array<() => void>, waits: [] as number[] };
    const q = new JudgeQueue<number>({
      mode: 'sample', capacity: 100, busy: () => t.busy, schedule: (fn) => t.turns.push(fn), clock: () => t.clock,
      later: (fn, ms) => { t.waits.push(ms); t.turns.push(() => { t.clock += ms; fn(); }); },
      judge: (n) => { t.judged.push(n); t.clock += judgeMs; t.paused += pauseMs ?? 0; },
      ...(pauseMs === undefined ? {} : { overheadMs: () => { const ms = t.paused; t.paused = 0; return ms; } }),
    });
    const turn = () => t.turns.shift()!();
    /** Traffic stops: nothing in flight, nothing offered for a while; every turn left runs. */
    const stopTraffic = () => {
      t.busy = false;
      t.clock += 100;
      while (t.turns.length > 0) turn();
    };
    return { q, t, turn, stopTraffic };
  }

  test('while exchanges are in flight or came lately, judging keeps to a tenth of the time; once traffic stops, it is not held back', () => {
    const { q, t, turn, stopTraffic } = timedQueue(2);
    for (let i = 1; i <= 10; i++) q.offer(i);
    // 5 ms saved up: three judgements (6 ms), then a wait of 10 ms for each 1 ms spent over.
    for (let i = 0; i < 3; i++) turn();
    expect(t.judged).toEqual([1, 2, 3]);
    turn();
    expect(t.waits).toEqual([10]);
    expect(t.judged).toEqual([1, 2, 3]);
    turn();
    expect(t.judged).toEqual([1, 2, 3, 4]);
    stopTraffic();
    expect(t.judged).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(t.waits).toEqual([10]);
  });

  test("the collector's pauses are charged to judging's share while forwarding, and dropped once traffic stops", () => {
    const { q, t, turn, stopTraffic } = timedQueue(1, 3);
    for (let i = 1; i <= 6; i++) q.offer(i);
    // 5 ms saved up: the first judgement costs 4 (1 + 3), the second 4 more: 3 ms over, a 30 ms wait.
    turn();
    turn();
    expect(t.judged).toEqual([1, 2]);
    turn();
    expect(t.waits).toEqual([30]);
    expect(t.judged).toEqual([1, 2]);
    // Once traffic stops, judging catches up, and its pauses cost no one's time.
    stopTraffic();
    expect(t.judged).toEqual([1, 2, 3, 4, 5, 6]);
    expect(t.waits).toEqual([30]);
  });

  test('gcPauses measures this thread\'s collections', async () => {
    const pauses = gcPauses();
    try {
      expect(pauses.since()).toBe(0);
      // Garbage enough for several scavenges, then a turn for the observer's entries to arrive.
      let keep = 0;
      for (let i = 0; i < 200_000; i++) keep += JSON.stringify({ i, text: 'x'.repeat(64) }).length;
      expect(keep).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(pauses.since()).toBeGreaterThan(0);
      expect(pauses.since()).toBe(0);
    } finally {
      pauses.stop();
    }
  });

  test('--judge all judges each exchange as it is offered, whatever the backlog', () => {
    const { q, judged } = queue('all', 1);
    for (let i = 1; i <= 10; i++) q.offer(i);
    expect(judged).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(q.tally()).toEqual({ exchanges: 10, judged: 10, unjudged: 0 });
  });

  test('the default capacity follows the heap limit, within 64 and 512', () => {
    expect(defaultJudgeQueue(2 * 1024 ** 3)).toBe(128);
    expect(defaultJudgeQueue(64 * 1024 ** 2)).toBe(64);
    expect(defaultJudgeQueue(64 * 1024 ** 3)).toBe(512);
  });

  test("the default queue holds few enough exchanges that the proxy's memory is flat (issue 61)", () => {
    // On Node's usual 4 GB heap the backlog stops at twice the capacity: at the earlier default
    // (4,096) it took 60,000 exchanges to get there, the resident set growing all the while.
    const capacity = defaultJudgeQueue(4144 * 1024 ** 2);
    expect(capacity).toBeLessThanOrEqual(512);
    const q = new JudgeQueue<number>({ mode: 'sample', capacity, judge: () => undefined, schedule: () => undefined });
    for (let i = 0; i < 100_000; i++) q.offer(i);
    // Nothing judged (the schedule never runs): the backlog is the most the queue ever holds.
    expect(q.backlog).toBe(2 * capacity);
    expect(q.backlog).toBeLessThanOrEqual(1024);
  });
});
