/**
 * The proxy's figures (issues 53 and 61): autocannon through `tsiws-conform proxy` against autocannon
 * direct, on the same reference server, in one run; the latency it adds at half the direct rate; and
 * its memory over 100,000 exchanges.
 *
 * Forwarding never waits on judging (--judge sample, the default): the rate through the proxy is
 * autocannon's own, judging on, and the exchanges the proxy judged are counted beside it from its
 * results.json (judged a second over autocannon's window and the time the proxy then took to judge
 * what waited and write its reports after SIGTERM). With --judge all every exchange is judged and
 * the proxy forwards no faster than it judges: that rate is printed too.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import type { HttpRequest } from '../transports/index.js';
import { bracketingRate, raw, type RawResult } from './autocannon.js';
import { BIN } from './child.js';
import { latencyAt, type Latency } from './latency.js';
import { watchMemory } from './memory.js';

/** The target: forwarding through the proxy (judging on, sampling allowed) at least this share of
 * autocannon's direct rate. */
export const PROXY_TARGET_RATIO = 0.8;
/** The target: the median latency the proxy adds at half the direct rate, ms. */
export const PROXY_ADDED_P50_TARGET_MS = 1;
/** The memory target (issue 61): the proxy's peak after 100,000 exchanges over its peak after 10,000. */
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
  /** The same through a proxy given --judge all. */
  readonly all: { readonly through: RawResult; readonly judged: ProxyJudged };
  /** At half the direct rate: each side's latency, and what the proxy added. */
  readonly latency: { readonly perSecond: number; readonly direct: Latency; readonly through: Latency; readonly addedP50Ms: number; readonly addedP99Ms: number };
}

export interface ProxyMemory {
  readonly exchanges: readonly [number, number];
  /** Peak resident set of the proxy process at each size, bytes. */
  readonly peakBytes: readonly [number, number];
  readonly growth: number;
}

interface RunningProxy {
  readonly url: string;
  readonly pid: number;
  /** SIGTERM, then the reports: resolves with how many exchanges they judged. */
  stop(): Promise<number>;
  /** SIGTERM, then the reports: what they say was forwarded and judged. */
  stopped(): Promise<{ exchanges: number; judged: number }>;
}

/** Starts `tsiws-conform proxy --target URL --port 0`, writing its reports into `reports`. */
function spawnProxy(target: string, reports: string, extra: readonly string[] = []): Promise<RunningProxy> {
  const child = spawn(process.execPath, [BIN, 'proxy', '--target', target, '--port', '0', '--reports', reports, ...extra], { stdio: ['ignore', 'pipe', 'pipe'] });
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
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    const early = (code: number | null) => reject(new Error(`the proxy ended before it listened (exit ${code}): ${out.slice(-1000)}${err.slice(-1000)}`));
    child.once('exit', early);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /tsiws-conform proxy: (http:\/\/[^/\s]+)/.exec(out);
      if (!m || child.listenerCount('exit') === 0) return;
      child.off('exit', early);
      resolve({ url: m[1]!, pid: child.pid!, stopped, stop: () => stopped().then((c) => c.judged) });
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

/** The latency direct and through a fresh proxy at `perSecond`, and the difference. */
async function addedLatency(target: string, requests: readonly HttpRequest[], connections: number, perSecond: number, work: string): Promise<ProxyRate['latency']> {
  const seconds = 3;
  const direct = await latencyAt(target, requests, perSecond, seconds, connections);
  const proxy = await spawnProxy(target, join(work, 'reports-latency'));
  try {
    // The first second warms the proxy's code and connections; the second run is the one measured.
    await latencyAt(proxy.url, requests, perSecond, 1, connections);
    const via = await latencyAt(proxy.url, requests, perSecond, seconds, connections);
    return { perSecond, direct, through: via, addedP50Ms: Number((via.p50Ms - direct.p50Ms).toFixed(3)), addedP99Ms: Number((via.p99Ms - direct.p99Ms).toFixed(3)) };
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
    const all = await through(target, requests, connections, seconds, work, ['--judge', 'all']);
    const directAfter = await raw(target, requests, connections, seconds);
    const directRate = bracketingRate(direct, directAfter);
    const ratio = Number((sampled.through.perSecond / directRate).toFixed(3));
    const latency = await addedLatency(target, requests, connections, Math.round(directRate / 2), work);
    return { direct, directAfter, through: sampled.through, judged: sampled.judged, ratio, all, latency };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The proxy's peak memory after `amount` exchanges sent through it by autocannon. */
async function peakAfter(target: string, requests: readonly HttpRequest[], connections: number, amount: number): Promise<{ peak: number; judged: number }> {
  const work = mkdtempSync(join(tmpdir(), 'tsiws-bench-proxy-memory-'));
  try {
    const proxy = await spawnProxy(target, join(work, 'reports'));
    const watch = watchMemory(proxy.pid, 200);
    await autocannon({ url: proxy.url, connections, amount, requests: requests.map((r) => ({ method: r.method, path: r.path, headers: { ...r.headers }, ...(r.body !== undefined ? { body: r.body } : {}) })) });
    const judged = await proxy.stop();
    return { peak: watch.stop().processBytes, judged };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Peak memory of the proxy after 10,000 and after 100,000 exchanges: flat when their ratio is small. */
export async function proxyMemory(target: string, requests: readonly HttpRequest[], connections: number, sizes: readonly [number, number] = [10_000, 100_000]): Promise<ProxyMemory> {
  const small = await peakAfter(target, requests, connections, sizes[0]);
  const large = await peakAfter(target, requests, connections, sizes[1]);
  return { exchanges: [small.judged, large.judged], peakBytes: [small.peak, large.peak], growth: Number((large.peak / Math.max(1, small.peak)).toFixed(3)) };
}
