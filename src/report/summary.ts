/** Counts and verdict of a run, computed from its records (pure). */
import { findingsOf, outcomeOf } from '../engine/findings.js';
import type { ExchangeRecord } from '../engine/record.js';

export interface RunInfo {
  readonly tool: { readonly name: string; readonly version: string };
  readonly target: string;
  readonly embedded: boolean;
  readonly namespace: string;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly configuration: Record<string, unknown>;
  readonly toolErrors: readonly string[];
  /** fast-check seed: `--seed` repeats the run's requests. */
  readonly seed: number;
  /** Present when the run did not do all it planned. */
  readonly incomplete?: { readonly reason: string; readonly casesNotRun: number; readonly fuzzPropertiesInterrupted: number };
  /** Present when merge-reports joined these reports from the shards of one run. */
  readonly merged?: ReadonlyArray<{ readonly shard: string; readonly from: string; readonly startedAt: string; readonly durationMs: number }>;
}

export interface Summary {
  readonly verdict: 'conforms' | 'does-not-conform' | 'error';
  readonly exchanges: { readonly total: number; readonly passed: number; readonly failed: number; readonly error: number; readonly skipped: number };
  readonly checks: { readonly passed: number; readonly failed: number; readonly skipped: number; readonly error: number };
}

export function summarise(records: readonly ExchangeRecord[], toolErrors: readonly string[]): Summary {
  const exchanges = { total: records.length, passed: 0, failed: 0, error: 0, skipped: 0 };
  const checks = { passed: 0, failed: 0, skipped: 0, error: 0 };
  for (const r of records) {
    exchanges[outcomeOf(r)]++;
    for (const c of r.checks) checks[c.status]++;
  }
  // A check that crashed or a suite that broke means the tool cannot vouch for the verdict; an
  // exchange the target did not complete (reset, timeout) is a finding about the target.
  const verdict = toolErrors.length > 0 || checks.error > 0 ? 'error' : exchanges.failed + exchanges.error > 0 ? 'does-not-conform' : 'conforms';
  return { verdict, exchanges, checks };
}

/** Every problem of a run as one flat list, for results.json and the console. */
export function failuresOf(records: readonly ExchangeRecord[]) {
  return records.flatMap((r) => {
    const what = {
      operation: r.operation, transport: r.transport, caseId: r.caseId, kind: r.kind,
      ...(r.scenario ? { scenario: r.scenario } : {}), ...(r.param ? { param: r.param } : {}), ...(r.expectation ? { expectation: r.expectation } : {}),
    };
    const excerpt = { request: r.request, ...(r.response ? { response: r.response } : {}) };
    if (r.error) return [{ ...what, check: r.error.code, status: 'error' as const, message: r.error.message, ...excerpt }];
    return r.checks
      .filter((c) => c.status === 'failed' || c.status === 'error')
      .map((c) => ({ ...what, check: c.id, status: c.status, message: c.message ?? '', ...excerpt }));
  });
}

export { findingsOf };

/** Service-level checks that could not be made, with why (e.g. no WSDL published). */
export function notesOf(records: readonly ExchangeRecord[]): Array<{ check: string; message: string }> {
  return records.filter((r) => r.kind === 'service').flatMap((r) => r.checks.filter((c) => c.status === 'skipped').map((c) => ({ check: c.id, message: c.message ?? '' })));
}
