/**
 * The latency a proxy adds (issue 61): the prebuilt requests sent at a fixed rate, below what the
 * target takes, direct and through the proxy, each answer timed to the microsecond (autocannon's
 * histograms keep whole milliseconds, too coarse for a target of 1 ms added). The added p50 and p99
 * are the differences of the two runs' percentiles.
 */
import { Pool } from 'undici';
import type { HttpRequest } from '../transports/index.js';

export interface Latency {
  readonly sent: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
const ms = (n: number) => Number(n.toFixed(3));

/** `perSecond` requests a second for `seconds`, spread over up to `connections` connections. */
export async function latencyAt(url: string, requests: readonly HttpRequest[], perSecond: number, seconds: number, connections: number): Promise<Latency> {
  const pool = new Pool(url, { connections });
  const times: number[] = [];
  const pending = new Set<Promise<void>>();
  const send = (r: HttpRequest) => {
    const started = performance.now();
    const done: Promise<void> = pool.request({ method: r.method, path: r.path, headers: r.headers, body: r.body ?? null })
      .then((res) => res.body.dump())
      .then(() => void times.push(performance.now() - started), () => undefined)
      .finally(() => pending.delete(done));
    pending.add(done);
  };
  const start = performance.now();
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const elapsed = (performance.now() - start) / 1000;
      const due = Math.min(Math.floor(elapsed * perSecond), Math.round(seconds * perSecond));
      while (sent < due) send(requests[sent++ % requests.length]!);
      if (elapsed >= seconds) {
        clearInterval(tick);
        resolve();
      }
    }, 1);
  });
  await Promise.allSettled([...pending]);
  await pool.close();
  const sorted = times.sort((a, b) => a - b);
  return { sent, p50Ms: ms(percentile(sorted, 50)), p99Ms: ms(percentile(sorted, 99)) };
}
