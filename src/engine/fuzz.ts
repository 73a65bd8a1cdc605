/**
 * One fast-check property per operation and transport: every generated valid request yields a
 * conforming answer (all checks, the echo included when the target echoes); a generated value the
 * transport does not accept (a boolean "1" over HTTP GET, say) must be rejected per the profile.
 * A failure is shrunk to a minimal counterexample and recorded with its seed and path.
 */
import fc from 'fast-check';
import { expectedEcho, familyOf } from '../asmx/echo.js';
import type { Case } from '../cases/case.js';
import { valuesArbitrary } from '../cases/arbitraries.js';
import type { ScenarioId } from '../cases/negative.js';
import type { Operation, SoapType } from '../contract/index.js';
import type { RunSettings } from '../config/settings.js';
import type { HttpClient } from '../http/send.js';
import type { TransportId, WireValues } from '../transports/index.js';
import { findingsOf } from './findings.js';
import type { ExchangeRecord, FuzzInfo } from './record.js';
import { runCase } from './run-case.js';

/** A property's own seed, derived from the run's: independent of the order properties run in. */
export function propertySeed(seed: number, operation: string, transport: TransportId): number {
  let h = 0x811c9dc5; // FNV-1a, 32 bit
  for (const ch of `${seed}:${operation}:${transport}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  return h | 0;
}

const SCENARIO_FOR: Record<SoapType, ScenarioId> = { int: 'int-non-numeric', dt: 'dt-invalid', bool: 'bool-invalid', str: 'int-non-numeric' };

/** The case generated values make on a transport: valid there, or the negative case they are. */
export function caseFor(op: Operation, values: WireValues, transport: TransportId, index: number): Case {
  const echo = expectedEcho(op, values, familyOf(transport));
  const id = `${op.name}-fuzz-${index}`;
  if (echo.ok) return { id, operation: op.name, kind: 'positive', values };
  return { id, operation: op.name, kind: 'negative', scenario: SCENARIO_FOR[echo.param.type], param: echo.param.name, values, transports: [transport] };
}

export interface FuzzOptions {
  /** Epoch ms at which the run's --max-duration budget ends. */
  readonly deadline?: number;
}

export async function fuzzProperty(settings: RunSettings & { baseUrl: string }, client: HttpClient, op: Operation, transport: TransportId, options: FuzzOptions = {}): Promise<ExchangeRecord | undefined> {
  const seed = propertySeed(settings.seed, op.name, transport);
  let index = 0;
  let first: ExchangeRecord | undefined;
  let lastFailure: ExchangeRecord | undefined;
  const property = fc.asyncProperty(valuesArbitrary(op, { maxStringLength: settings.maxStringLength }), async (values) => {
    const record = await runCase(settings, client, caseFor(op, values, transport, index++), transport);
    first ??= record;
    if (findingsOf(record).length === 0) return true;
    lastFailure = record; // during shrinking the last failure is the smallest counterexample so far
    return false;
  });
  const budget = options.deadline === undefined ? {} : { interruptAfterTimeLimit: Math.max(1, options.deadline - Date.now()), markInterruptAsFailure: false };
  const details = await fc.check(property, { seed, numRuns: settings.runs, ...budget });
  if (details.failed && !lastFailure) throw details.errorInstance ?? new Error(`fuzzing ${op.name} over ${transport} failed without a counterexample`);
  const fuzz: FuzzInfo = {
    seed,
    runs: details.numRuns,
    planned: settings.runs,
    interrupted: details.interrupted,
    ...(details.failed ? { path: details.counterexamplePath ?? '', shrinks: details.numShrinks } : {}),
  };
  const record = details.failed ? lastFailure : first;
  return record && { ...record, kind: 'fuzz', fuzz };
}
