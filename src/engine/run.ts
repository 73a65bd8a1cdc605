/**
 * One conformance run: pick the target (start the embedded reference server when none is given,
 * otherwise make sure the target answers at all), run the suites under vitest, collect the records.
 */
import { fileURLToPath } from 'node:url';
import { startVitest } from 'vitest/node';
import { SERVICE_PATH } from '../contract/index.js';
import type { RunSettings } from '../config/settings.js';
import { createHttpClient, TargetError } from '../http/send.js';
import { startReferenceServer, type ReferenceServer } from '../server/server.js';
import { signerFor } from './auth.js';
import { RecordCollector } from './collector.js';
import type { ExchangeRecord } from './record.js';
import { targetSettings, type TargetSettings } from './vitest-context.js';

export class TargetUnreachableError extends Error {
  readonly code = 'TSIWS_UNREACHABLE';
}

export interface RunResult {
  readonly target: TargetSettings;
  readonly records: readonly ExchangeRecord[];
  readonly toolErrors: readonly string[];
  /** Tests skipped because --max-duration ran out. */
  readonly cutShort: number;
  readonly startedAt: string;
  readonly durationMs: number;
}

const SUITES_CONFIG = fileURLToPath(new URL('../../suites/vitest.config.ts', import.meta.url));

/** Any HTTP answer at all, even an error status, means the target is reachable. */
export async function ensureReachable(settings: RunSettings & { baseUrl: string }): Promise<void> {
  const client = createHttpClient({ baseUrl: settings.baseUrl, timeoutMs: settings.timeoutMs, maxResponseBytes: settings.maxResponseBytes, connections: 1 });
  try {
    await client.send({ method: 'GET', path: `${SERVICE_PATH}?WSDL`, headers: {} });
  } catch (err) {
    if (err instanceof TargetError && err.code !== 'TSIWS_RESPONSE_TOO_LARGE') {
      throw new TargetUnreachableError(`target unreachable: ${err.message}`);
    }
    throw err;
  } finally {
    await client.close();
  }
}

export async function conformanceRun(settings: RunSettings, onRecord?: (r: ExchangeRecord) => void): Promise<RunResult> {
  const startedAt = new Date();
  if (settings.signer) await signerFor(settings.signer); // a broken signer is a configuration error, before any request
  let server: ReferenceServer | undefined;
  let target: TargetSettings;
  if (settings.baseUrl) {
    target = targetSettings(settings, settings.baseUrl, false, startedAt.getTime());
    await ensureReachable(target);
  } else {
    server = await startReferenceServer({ namespace: settings.namespace, ...(settings.authSecret ? { authSecret: settings.authSecret } : {}) });
    target = targetSettings(settings, server.url, true, startedAt.getTime());
  }
  const collector = new RecordCollector(onRecord);
  const exitCode = process.exitCode;
  try {
    const vitest = await startVitest('test', settings.suites.map((s) => `suites/${s}.conform.ts`), {
      config: SUITES_CONFIG,
      watch: false,
      reporters: [collector],
      provide: { tsiws: target },
      maxConcurrency: settings.concurrency,
    });
    await vitest.close();
  } finally {
    // vitest sets the process exit code from its own verdict; ours is decided by the CLI.
    process.exitCode = exitCode;
    await server?.close();
  }
  return { target, records: collector.records, toolErrors: collector.toolErrors, cutShort: collector.cutShort, startedAt: startedAt.toISOString(), durationMs: Date.now() - startedAt.getTime() };
}
