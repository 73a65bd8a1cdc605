/**
 * The proxy's figures (issue 53): autocannon through `tsiws-conform proxy` against autocannon
 * direct, on the same reference server, in one run; and the proxy's memory over 100,000 exchanges.
 *
 * "Judging included": the proxy judges each exchange after its answer has gone out, so a proxy that
 * forwards fast and judges slowly would look fast to autocannon while its backlog grows. The rate
 * through the proxy therefore counts only what it judged, over autocannon's window and the time the
 * proxy then took to finish judging and write its reports after SIGTERM (results.json says how many
 * exchanges it judged).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import type { HttpRequest } from '../transports/index.js';
import { bracketingRate, raw, type RawResult } from './autocannon.js';
import { BIN } from './child.js';
import { watchMemory } from './memory.js';

/** The target: through the proxy at least this share of autocannon's direct rate. */
export const PROXY_TARGET_RATIO = 0.8;
/** The memory target (issue 61): the proxy's peak after 100,000 exchanges over its peak after 10,000. */
export const PROXY_MEMORY_TARGET = 1.15;

export interface ProxyRate {
  readonly direct: RawResult;
  readonly directAfter: RawResult;
  /** Autocannon's own view through the proxy (answers received). */
  readonly through: RawResult;
  /** Exchanges the proxy judged and reported, and the seconds from autocannon's start to its reports. */
  readonly judged: number;
  readonly judgedSeconds: number;
  /** Judged exchanges a second over the bracketing direct rate. */
  readonly ratio: number;
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
  /** SIGTERM, then the reports: resolves with how many exchanges they hold. */
  stop(): Promise<number>;
}

/** Starts `tsiws-conform proxy --target URL --port 0`, writing its reports into `reports`. */
function spawnProxy(target: string, reports: string): Promise<RunningProxy> {
  const child = spawn(process.execPath, [BIN, 'proxy', '--target', target, '--port', '0', '--reports', reports], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    const early = (code: number | null) => reject(new Error(`the proxy ended before it listened (exit ${code}): ${out.slice(-1000)}${err.slice(-1000)}`));
    child.once('exit', early);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /tsiws-conform proxy: (http:\/\/[^/\s]+)/.exec(out);
      if (!m || child.listenerCount('exit') === 0) return;
      child.off('exit', early);
      resolve({
        url: m[1]!,
        pid: child.pid!,
        stop: () => new Promise<number>((done, fail) => {
          child.once('exit', () => {
            try {
              const results = JSON.parse(readFileSync(join(reports, 'results.json'), 'utf8')) as { run: { observed?: { exchanges: number } } };
              done(results.run.observed?.exchanges ?? 0);
            } catch (e) {
              fail(new Error(`the proxy wrote no readable results.json after SIGTERM (${(e as Error).message}): ${err.slice(-1000)}`));
            }
          });
          child.kill('SIGTERM');
        }),
      });
    });
  });
}

/** Autocannon direct, through a fresh proxy, and direct again (the direct rate brackets the other). */
export async function proxyRate(target: string, requests: readonly HttpRequest[], connections: number, seconds: number): Promise<ProxyRate> {
  const work = mkdtempSync(join(tmpdir(), 'tsiws-bench-proxy-'));
  try {
    const direct = await raw(target, requests, connections, seconds);
    const proxy = await spawnProxy(target, join(work, 'reports'));
    const started = performance.now();
    const through = await raw(proxy.url, requests, connections, seconds);
    const judged = await proxy.stop();
    const judgedSeconds = (performance.now() - started) / 1000;
    const directAfter = await raw(target, requests, connections, seconds);
    const ratio = Number((judged / judgedSeconds / bracketingRate(direct, directAfter)).toFixed(3));
    return { direct, directAfter, through, judged, judgedSeconds: Number(judgedSeconds.toFixed(2)), ratio };
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
