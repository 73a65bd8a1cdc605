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
