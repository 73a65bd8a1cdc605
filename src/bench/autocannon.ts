/** The raw side: autocannon replaying prebuilt valid requests, with none of the harness's work. */
import autocannon from 'autocannon';
import type { HttpRequest } from '../transports/index.js';

export interface RawResult {
  readonly requests: number;
  readonly perSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly errors: number;
  readonly non2xx: number;
}

export async function raw(url: string, requests: readonly HttpRequest[], connections: number, seconds: number): Promise<RawResult> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: requests.map((r) => ({ method: r.method, path: r.path, headers: { ...r.headers }, ...(r.body !== undefined ? { body: r.body } : {}) })),
  });
  return {
    requests: result.requests.total,
    perSecond: result.requests.total / (result.duration || seconds),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/**
 * The raw rate a harness run is compared with: autocannon's, measured just before the harness and
 * again just after it, averaged. The machine is shared: a load that comes or goes while the bench
 * runs would otherwise count wholly for or against one side of the ratio.
 */
export function bracketingRate(before: RawResult, after: RawResult): number {
  return (before.perSecond + after.perSecond) / 2;
}

/** How far apart the two raw rates are, as the larger over the smaller less one (0.74: 74%). */
export const rawSpread = (before: RawResult, after: RawResult): number =>
  Math.max(before.perSecond, after.perSecond) / Math.max(1, Math.min(before.perSecond, after.perSecond)) - 1;

/** Raw rates further apart than this say the machine's load changed while the ratio was taken: its
 * two windows gave 6,177 and 10,721 requests a second against one server (2026-11-24 14:49). */
export const UNSTEADY_SPREAD = 0.2;

/** A line warning that the raw rates moved, or undefined when they held. */
export function unsteadyNote(who: string, before: RawResult, after: RawResult): string | undefined {
  const spread = rawSpread(before, after);
  if (spread <= UNSTEADY_SPREAD) return undefined;
  return `${who}note: the raw rate moved by ${(spread * 100).toFixed(0)}% between its two windows (${before.perSecond.toFixed(0)} and ${after.perSecond.toFixed(0)} req/s): the machine's load changed while the ratio was taken; the ratio is uncertain, run the bench again`;
}
