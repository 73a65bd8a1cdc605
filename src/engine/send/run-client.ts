/**
 * The one place a run's HTTP client for a deployment is made from its settings: a keep-alive pool
 * of `concurrency` connections, with the run's time-out, size cap, retries, rate and access. The
 * main process makes one for the target and one for each reference URL, once per run, and hands
 * them to the probe, the ?WSDL read and discovery; each worker process makes its own the same way
 * (suites/support.ts).
 */
import type { RunSettings } from '../../config/settings.js';
import { createHttpClient, type HttpAccess, type HttpClient, type SendOptions } from '../../http/send.js';

export type ClientSettings = Pick<RunSettings, 'timeoutMs' | 'maxResponseBytes' | 'concurrency' | 'retries' | 'rate'> & HttpAccess;

/** The run's client for the deployment at `baseUrl`; `access` is the target's own unless given (a
 * reference's, engine/reference/reference-clients.ts). */
export function runClient(settings: ClientSettings, baseUrl: string, access: HttpAccess = settings): HttpClient {
  return createHttpClient({ baseUrl, timeoutMs: settings.timeoutMs, maxResponseBytes: settings.maxResponseBytes, connections: settings.concurrency, retries: settings.retries, rate: settings.rate, access });
}

/** A client for one probe where no run's client exists (replay's): one connection, no retries, no rate. */
export const probeClient = (settings: ClientSettings, baseUrl: string): HttpClient => runClient({ ...settings, concurrency: 1, retries: 0, rate: undefined }, baseUrl);

/** A probe's requests over a run's client: its first failure is the answer, never retried. */
export const PROBE: SendOptions = { retries: 0 };
