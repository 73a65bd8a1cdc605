/**
 * The proxy's figures (issues 53 and 61): autocannon through `tsiws-conform proxy` against autocannon
 * direct, on the same reference server, in one run; the latency it adds at half the direct rate; and
 * its memory over 100,000 exchanges.
 *
 * Forwarding never waits on judging (--judge sample, the default): the rate through the proxy is
 * autocannon's own, judging on, and the exchanges the proxy judged are counted beside it from its
 * results.json (judged a second over autocannon's window and the time the proxy then took to judge
 * what waited and write its reports after SIGTERM). With --judge all every exchange is judged and
 * the proxy forwards no faster than it judges: that rate is printed too. A bare Node proxy is
 * measured the same way beside them (bare-proxy.ts): what forwarding alone reaches here.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import type { HttpRequest } from '../transports/index.js';
import { bracketingRate, raw, type RawResult } from './autocannon.js';
import { startBareProxy } from './bare-proxy.js';
import { BIN } from './child.js';
import { latencyAt, type Latency } from './latency.js';
import { watchMemory } from './memory.js';

/** The target: forwarding through the proxy (judging on, sampling allowed) at least this share of
 * autocannon's direct rate. */
export const PROXY_TARGET_RATIO = 0.8;
/** The target: the median latency the proxy adds at half the direct rate, ms. */
export const PROXY_ADDED_P50_TARGET_MS = 1;
/** Connections the latency figure's client may open, direct and through the proxy alike: requests
 * sent at a fixed rate must not wait in the client. With the run's 4, a request waited in the
 * client's own pool whenever 4 were in flight, and the hop the proxy adds made that pool's queue
 * the latency measured. At 2,500 a second (2026-11-29, side by side): through the proxy p50 550 and
 * 603 ms with 4 connections, 2.6 and 9.6 ms with 64 (direct 0.7 to 2.3 ms). */
export const LATENCY_CONNECTIONS = 64;
/** The memory target (issue 61): the proxy's resident set after 100,000 exchanges over after 10,000,
 * each after a full collection, in one process, judging a sample and with --judge all. */
export const PROXY_MEMORY_TARGET = 1.15;

/** What a proxy's results.json says it forwarded and judged, and the seconds from autocannon's
 * start to its reports. */
export interface ProxyJudged {
  readonly exchanges: number;
  readonly judged: number;
  readonly seconds: number;
  /** Judged exchanges a second over those seconds. */
  readonly perSecond: number;
}

export interface ProxyRate {
  readonly direct: RawResult;
  readonly directAfter: RawResult;
  /** Autocannon's own view through the proxy judging a sample (answers received). */
  readonly through: RawResult;
  readonly judged: ProxyJudged;
  /** Answers a second through the proxy over the bracketing direct rate. */
  readonly ratio: number;
  /** Autocannon through a bare Node proxy (bare-proxy.ts), the same way: what forwarding alone
   * reaches on this machine, and the proxy's rate over it. */
  readonly bare: { readonly through: RawResult; readonly ratio: number; readonly proxyOverBare: number };
  /** The same through a proxy given --judge all. */
  readonly all: { readonly through: RawResult; readonly judged: ProxyJudged };
  /** At half the direct rate: each side's latency, and what the proxy added. */
  readonly latency: { readonly perSecond: number; readonly connections: number; readonly direct: Latency; readonly through: Latency; readonly addedP50Ms: number; readonly addedP99Ms: number };
}

/** One proxy process's memory over 100,000 exchanges, at 10,000 and at 100,000 (one --judge mode). */
export interface ProxyMemoryRun {
  /** Exchanges sent through it at each point. */
  readonly exchanges: readonly [number, number];
  /** Judged and reported when it stopped. */
  readonly judged: number;
  /** Its resident set after a full collection at each point, bytes: the figure held. */
  readonly settledBytes: readonly [number, number];
  /** V8's live heap then, bytes. */
  readonly heapBytes: readonly [number, number];
  /** The peak resident set over the first and the last windows of 10,000 exchanges, bytes. */
  readonly peakBytes: readonly [number, number];
  /** settledBytes[1] over settledBytes[0]. */
  readonly growth: number;
}

/** The proxy's memory (issue 61), judging a sample and with --judge all: `growth` is the larger. */
export interface ProxyMemory {
  readonly sample: ProxyMemoryRun;
  readonly all: ProxyMemoryRun;
  readonly growth: number;
}

interface RunningProxy {
  readonly url: string;
  readonly pid: number;
  /** SIGTERM, then the reports: resolves with how many exchanges they judged. */
  stop(): Promise<number>;
  /** SIGTERM, then the reports: what they say was forwarded and judged. */
  stopped(): Promise<{ exchanges: number; judged: number }>;
  /** With SETTLE_FLAGS: a full collection in the proxy, then its resident set and live heap. */
  settled(): Promise<{ rss: number; heapUsed: number }>;
}

/** Node flags for a preload that, on SIGUSR2, collects the garbage and prints the proxy's resident
 * set and live heap: what it holds at that point, not where V8's sawtooth of garbage between two
 * major collections happens to be (issue 61). It waits a second after the first collection and
 * collects again: the traffic has stopped, judging catches up, and V8's background threads give
 * back the pages freed. Read at once, the resident set moved by 150 to 179 MiB between ten points
 * of one run with the live heap at 29 MB throughout; a second later, 150 to 157 MiB. */
const SETTLE_FLAGS = ['--expose-gc', '--import', `data:text/javascript,${encodeURIComponent("process.on('SIGUSR2',()=>{gc();setTimeout(()=>{gc();gc();const m=process.memoryUsage();process.stderr.write(`tsiws-bench-settled ${m.rss} ${m.heapUsed}\\n`)},1000)})")}`];
const SETTLED_LINE = /tsiws-bench-settled (\d+) (\d+)\n/;

/** Starts `tsiws-conform proxy --target URL --port 0`, writing its reports into `reports`. */
function spawnProxy(target: string, reports: string, extra: readonly string[] = [], nodeFlags: readonly string[] = []): Promise<RunningProxy> {
  const child = spawn(process.execPath, [...nodeFlags, BIN, 'proxy', '--target', target, '--port', '0', '--reports', reports, ...extra], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const stopped = () => new Promise<{ exchanges: number; judged: number }>((done, fail) => {
    child.once('exit', () => {
      try {
        const results = JSON.parse(readFileSync(join(reports, 'results.json'), 'utf8')) as { run: { observed?: { exchanges: number; judged?: number } } };
        const observed = results.run.observed;
        done({ exchanges: observed?.exchanges ?? 0, judged: observed?.judged ?? observed?.exchanges ?? 0 });
      } catch (e) {
        fail(new Error(`the proxy wrote no readable results.json after SIGTERM (${(e as Error).message}): ${err.slice(-1000)}`));
      }
    });
    child.kill('SIGTERM');
  });
  // Without SETTLE_FLAGS's preload, SIGUSR2 ends the proxy: said, not waited on for ever.
  const settled = () => new Promise<{ rss: number; heapUsed: number }>((done, fail) => {
    const from = err.length;
    const ended = (code: number | null) => fail(new Error(`the proxy ended before it said its settled memory (exit ${code}): ${err.slice(-1000)}`));
    const seen = () => {
      const m = SETTLED_LINE.exec(err.slice(from));
      if (!m) return;
      child.stderr.off('data', seen);
      child.off('exit', ended);
      done({ rss: Number(m[1]), heapUsed: Number(m[2]) });
    };
    child.stderr.on('data', seen);
    child.once('exit', ended);
    child.kill('SIGUSR2');
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    const early = (code: number | null) => reject(new Error(`the proxy ended before it listened (exit ${code}): ${out.slice(-1000)}${err.slice(-1000)}`));
    child.once('exit', early);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /tsiws-conform proxy: (http:\/\/[^/\s]+)/.exec(out);
      if (!m || child.listenerCount('exit') === 0) return;
      child.off('exit', early);
      resolve({ url: m[1]!, pid: child.pid!, stopped, stop: () => stopped().then((c) => c.judged), settled });
    });
  });
}

/** Autocannon through a fresh proxy (`extra` its flags) for `seconds`, then its reports' counts. */
async function through(target: string, requests: readonly HttpRequest[], connections: number, seconds: number, work: string, extra: readonly string[]): Promise<{ through: RawResult; judged: ProxyJudged }> {
  const proxy = await spawnProxy(target, join(work, `reports${extra.join('')}`), extra);
  const started = performance.now();
  const result = await raw(proxy.url, requests, connections, seconds);
  const counts = await proxy.stopped();
  const judgedSeconds = (performance.now() - started) / 1000;
  return { through: result, judged: { ...counts, seconds: Number(judgedSeconds.toFixed(2)), perSecond: Math.round(counts.judged / judgedSeconds) } };
}

/** Autocannon through a fresh bare proxy for `seconds`. */
async function throughBare(target: string, requests: readonly HttpRequest[], connections: number, seconds: number): Promise<RawResult> {
  const bare = await startBareProxy(target);
  try {
    return await raw(bare.url, requests, connections, seconds);
  } finally {
    await bare.stop();
  }
}

/** The latency direct and through a fresh proxy at `perSecond`, and the difference. */
async function addedLatency(target: string, requests: readonly HttpRequest[], connections: number, perSecond: number, work: string): Promise<ProxyRate['latency']> {
  const seconds = 3;
  const direct = await latencyAt(target, requests, perSecond, seconds, connections);
  const proxy = await spawnProxy(target, join(work, 'reports-latency'));
  try {
    // The first second warms the proxy's code and connections; the second run is the one measured.
    await latencyAt(proxy.url, requests, perSecond, 1, connections);
    const via = await latencyAt(proxy.url, requests, perSecond, seconds, connections);
    return { perSecond, connections, direct, through: via, addedP50Ms: Number((via.p50Ms - direct.p50Ms).toFixed(3)), addedP99Ms: Number((via.p99Ms - direct.p99Ms).toFixed(3)) };
  } finally {
    await proxy.stop();
  }
}

/** Autocannon direct, through a fresh proxy judging a sample, through one judging all, and direct
 * again (the direct rate brackets the others); then the latency added at half the direct rate. */
export async function proxyRate(target: string, requests: readonly HttpRequest[], connections: number, seconds: number): Promise<ProxyRate> {
  const work = mkdtempSync(join(tmpdir(), 'tsiws-bench-proxy-'));
  try {
    const direct = await raw(target, requests, connections, seconds);
    const sampled = await through(target, requests, connections, seconds, work, []);
    const bare = await throughBare(target, requests, connections, seconds);
    const all = await through(target, requests, connections, seconds, work, ['--judge', 'all']);
    const directAfter = await raw(target, requests, connections, seconds);
    const directRate = bracketingRate(direct, directAfter);
    const ratio = Number((sampled.through.perSecond / directRate).toFixed(3));
    const latency = await addedLatency(target, requests, LATENCY_CONNECTIONS, Math.round(directRate / 2), work);
    const ofBare = { through: bare, ratio: Number((bare.perSecond / directRate).toFixed(3)), proxyOverBare: Number((sampled.through.perSecond / bare.perSecond).toFixed(3)) };
    return { direct, directAfter, through: sampled.through, judged: sampled.judged, ratio, bare: ofBare, all, latency };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** `amount` exchanges sent through `url` by autocannon. */
async function send(url: string, requests: readonly HttpRequest[], connections: number, amount: number): Promise<void> {
  if (amount > 0) await autocannon({ url, connections, amount, requests: requests.map((r) => ({ method: r.method, path: r.path, headers: { ...r.headers }, ...(r.body !== undefined ? { body: r.body } : {}) })) });
}

/** The peak resident set of `pid` while `sending` goes on. */
async function windowPeak(pid: number, sending: () => Promise<void>): Promise<number> {
  const watch = watchMemory(pid, 200);
  await sending();
  return watch.stop().processBytes;
}

/** One proxy (`extra` its flags) given sizes[1] exchanges: settled after sizes[0] and at the end,
 * with the peaks of the first and the last sizes[0]. One process, so start-up and warm-up count at
 * both points alike. */
async function memoryRun(target: string, requests: readonly HttpRequest[], connections: number, sizes: readonly [number, number], extra: readonly string[]): Promise<ProxyMemoryRun> {
  const work = mkdtempSync(join(tmpdir(), 'tsiws-bench-proxy-memory-'));
  try {
    const proxy = await spawnProxy(target, join(work, 'reports'), extra, SETTLE_FLAGS);
    const middle = Math.max(0, sizes[1] - 2 * sizes[0]);
    const firstPeak = await windowPeak(proxy.pid, () => send(proxy.url, requests, connections, sizes[0]));
    const first = await proxy.settled();
    await send(proxy.url, requests, connections, middle);
    const lastPeak = await windowPeak(proxy.pid, () => send(proxy.url, requests, connections, sizes[1] - sizes[0] - middle));
    const last = await proxy.settled();
    const judged = await proxy.stop();
    return {
      exchanges: sizes, judged, settledBytes: [first.rss, last.rss], heapBytes: [first.heapUsed, last.heapUsed], peakBytes: [firstPeak, lastPeak],
      growth: Number((last.rss / Math.max(1, first.rss)).toFixed(3)),
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * The proxy's memory after 10,000 and after 100,000 exchanges, judging a sample and with --judge
 * all (issue 61): flat when the resident set after a full collection at 100,000 is near the one at
 * 10,000. Not the peaks of two processes, one given 10,000 and one 100,000: the peak is where V8's
 * old space stands between major collections (30 MB live, up to 110 MB before one), and of ten
 * times the windows the larger peak is likelier, so that ratio read 1.08 to 1.5 with the live heap
 * flat. The peaks of the first and the last 10,000 are printed beside it.
 */
export async function proxyMemory(target: string, requests: readonly HttpRequest[], connections: number, sizes: readonly [number, number] = [10_000, 100_000]): Promise<ProxyMemory> {
  const sample = await memoryRun(target, requests, connections, sizes, []);
  const all = await memoryRun(target, requests, connections, sizes, ['--judge', 'all']);
  return { sample, all, growth: Math.max(sample.growth, all.growth) };
}

const MiB = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

/** The memory figure's console lines, one a --judge mode. */
export function proxyMemoryLines(pm: ProxyMemory): string[] {
  return (['sample', 'all'] as const).map((mode) => {
    const r = pm[mode];
    const [small, large] = r.exchanges;
    return `proxy memory (--judge ${mode}, ${r.judged} of ${large} judged): resident ${MiB(r.settledBytes[0])} after ${small} exchanges, ${MiB(r.settledBytes[1])} after ${large}, each after a full collection: ${r.growth} (target at most ${PROXY_MEMORY_TARGET}); live heap ${MiB(r.heapBytes[0])} and ${MiB(r.heapBytes[1])}; peak over the first and the last ${small} exchanges ${MiB(r.peakBytes[0])} and ${MiB(r.peakBytes[1])}`;
  });
}
