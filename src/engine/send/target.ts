/**
 * The one owner of a command's target: the URL the user gave, made sure to answer before any
 * work, or else the embedded reference server, started here and stopped by `close`. Run, replay,
 * diff-wsdl and the suites' global setup all open their target this way.
 */
import type { RunSettings, SettingsOf } from '../../config/settings.js';
import { startReferenceServer, type ReferenceServerOptions } from '../../server/server.js';
import type { HttpClient } from '../../http/send.js';
import { ensureReachable } from './reachable.js';
import { probeClient } from './run-client.js';
import type { ResultFormat } from '../../results/result-format.js';
import type { HttpResponse } from '../../transports/index.js';

/** How a run's settings start the embedded server. */
export function embeddedServer(settings: SettingsOf<'target' | 'auth'>, mutant?: string): ReferenceServerOptions {
  return { namespace: settings.namespace, resultFormat: settings.resultFormat, ...(settings.stateful ? { stateful: true } : {}), ...(settings.stampResults ? { stampResults: true } : {}), ...(settings.authSecret ? { authSecret: settings.authSecret } : {}), ...(mutant ? { mutant } : {}) };
}

export interface Target {
  /** Scheme, host and any path prefix before the service path. */
  readonly baseUrl: string;
  /** The embedded reference server, which this target started and `close` stops. */
  readonly embedded: boolean;
  /** The embedded server's result format (a mutant may fix its own); undefined for a given URL. */
  readonly resultFormat?: ResultFormat;
  /** The probe's answer to GET ?WSDL, when the given URL was probed. */
  readonly wsdl?: HttpResponse;
  close(): Promise<void>;
}

export interface TargetPlan {
  /** The given --base-url; undefined starts the embedded reference server. */
  readonly baseUrl: string | undefined;
  /** How the embedded server is started (namespace, signing secret, mutant). */
  readonly server: ReferenceServerOptions;
  /** Settings to probe a given URL with (ensureReachable) before any work. Without them it is not
   * probed: the command's own first request tells as much (diff-wsdl's ?WSDL), or each test does
   * (the suites under plain vitest). */
  readonly probe?: RunSettings;
  /** The client to probe with: the run's own for the given URL (run-client.ts), which the caller
   * closes. Without it the probe makes one of its own and closes it. */
  readonly client?: HttpClient;
}

export async function openTarget(plan: TargetPlan): Promise<Target> {
  if (plan.baseUrl) {
    const wsdl = plan.probe ? await probe({ ...plan.probe, baseUrl: plan.baseUrl }, plan.client) : undefined;
    return { baseUrl: plan.baseUrl, embedded: false, ...(wsdl ? { wsdl } : {}), close: async () => {} };
  }
  const server = await startReferenceServer(plan.server);
  return { baseUrl: server.url, embedded: true, resultFormat: server.resultFormat, close: () => server.close() };
}

/** ensureReachable over the caller's client, or over one made for the probe alone (replay's). */
async function probe(settings: RunSettings & { baseUrl: string }, given: HttpClient | undefined): Promise<HttpResponse> {
  if (given) return ensureReachable(settings, given);
  const client = probeClient(settings, settings.baseUrl);
  try {
    return await ensureReachable(settings, client);
  } finally {
    await client.close();
  }
}
