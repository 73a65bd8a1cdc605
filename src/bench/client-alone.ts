/**
 * The HTTP client alone: the harness's own client (src/http, over undici) replaying the prebuilt
 * requests at the run's concurrency, with none of the harness's other work (no cases, decoding,
 * checks or records). It stands between autocannon (prebuilt bytes on bare sockets) and the
 * harness, and splits the harness's distance from the raw rate in two: what the HTTP client costs
 * and waits (undici's work per request, and the event-loop turn it waits before it reuses a
 * keep-alive socket, GHSA-35p6-xmwp-9g52), and what the harness's checking adds to that.
 * Measured in this process, as autocannon is, for `seconds` after a warm-up of its own.
 */
import { createHttpClient, type HttpClient } from '../http/send.js';
import type { HttpRequest } from '../transports/index.js';
import { cpuDuring, type CpuSpent, type SideCpu } from './cpu.js';
import { keepInFlight } from './in-flight.js';

export interface ClientAloneResult {
  readonly requests: number;
  readonly perSecond: number;
  /** Requests that got no answer (TargetError), and answers that were not 2xx. */
  readonly errors: number;
  readonly non2xx: number;
  /** CPU ms per request of the target and of this process over the window; null without /proc. */
  readonly cpu: SideCpu | null;
  /** The first error's message, when there was one: a replay that fails says why. */
  readonly firstError?: string;
}

/** The client's own warm-up: undici's and our code compiled (JIT), its connections opened. */
export const WARM_UP_SECONDS = 1;

export interface ClientAloneOptions {
  readonly url: string;
  /** The target's process, whose CPU over the window is measured with this process's. */
  readonly targetPid: number;
  readonly requests: readonly HttpRequest[];
  readonly concurrency: number;
  readonly seconds: number;
  readonly warmUpSeconds?: number;
}

export async function clientAlone(options: ClientAloneOptions): Promise<ClientAloneResult> {
  const { url, targetPid, requests, concurrency, seconds } = options;
  if (requests.length === 0) throw new Error('the client alone needs at least one request to replay');
  const client = createHttpClient({ baseUrl: url, timeoutMs: 10_000, maxResponseBytes: 1 << 24, connections: concurrency });
  try {
    await replay(client, requests, concurrency, options.warmUpSeconds ?? WARM_UP_SECONDS);
    const { result, cpu } = await cpuDuring(targetPid, () => replay(client, requests, concurrency, seconds));
    return { ...result, cpu: cpu ? perRequest(cpu, result.requests) : null };
  } finally {
    await client.close();
  }
}

/** CPU ms per request of the target and of this process over a window of `requests` calls. */
export const perRequest = (cpu: CpuSpent, requests: number): SideCpu => ({ targetMs: Number((cpu.targetMs / Math.max(1, requests)).toFixed(3)), clientMs: Number((cpu.selfMs / Math.max(1, requests)).toFixed(3)) });

/** The requests replayed for `seconds` (in-flight.ts): a non-2xx answer is answered, but counted apart. */
async function replay(client: HttpClient, requests: readonly HttpRequest[], concurrency: number, seconds: number): Promise<Omit<ClientAloneResult, 'cpu'>> {
  const { answered, perSecond, errors, notGood, firstError } = await keepInFlight(requests, concurrency, seconds, async (request) => {
    const response = await client.send(request);
    return response.status >= 200 && response.status <= 299;
  });
  return { requests: answered, perSecond, errors, non2xx: notGood, ...(firstError !== undefined ? { firstError } : {}) };
}
