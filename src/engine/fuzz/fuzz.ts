/**
 * One fast-check property per operation: each generated case goes over every selected transport.
 * Every valid request must yield a conforming answer (all checks, the echo included when the target
 * echoes), a value a transport does not accept (a boolean "1" over HTTP GET, say) must be rejected
 * per the profile, the transports must agree (transport-parity), and with --reference-url each
 * answer must match the reference's beyond the noise (matches-reference, fuzz-reference.ts). A failure is shrunk to a
 * minimal counterexample and recorded with its seed and path.
 */
import fc from 'fast-check';
import { expectedEcho, familyOf } from '../../asmx/echo.js';
import type { Case } from '../../cases/case.js';
import { valuesArbitrary } from '../../cases/arbitraries.js';
import { ASMX_ONLY_SCENARIO, INVALID_SCENARIO } from '../../cases/negative.js';
import { invalidValueOnWire } from '../../cases/wire-guard.js';
import type { Operation } from '../../contract/index.js';
import type { RunSettings } from '../../config/settings.js';
import type { HttpClient } from '../../http/send.js';
import { getTransportById, type TransportId, type WireValues } from '../../transports/index.js';
import { repetitionId } from '../../results/repetition.js';
import { parityRecord } from '../exchange/parity.js';
import type { ExchangeRecord, FuzzInfo } from '../../results/record.js';
import { runCaseShowingLater } from '../exchange/run-case.js';
import { classifyValue } from '../../cases/value-classes.js';
import { failsWith } from '../../results/findings.js';
import { tallyOutcome, type DataPathOutcome } from '../../results/data-path.js';
import { TRANSPORT_IDS } from '../../transports/index.js';
import type { ValuePool } from '../../state/learn.js';
import type { LearnedState } from '../learn/learned-state.js';
import { poolOf } from '../learn/learned-cases.js';
import { fuzzConstraintsFor } from './fuzz-constraints.js';
import { needsOwnInstance, ownInstance, withInstance } from '../learn/instances.js';
import { fillFromPool, ID_PARAMS } from '../learn/pool-values.js';
import { slotOf } from '../exchange/run-unit.js';
import type { ScenarioId, ValueClass } from '../../results/case-labels.js';
import { sampleReferenceJudge } from '../reference/fuzz-reference.js';

/** Time a failing property may spend shrinking its counterexample. */
export const SHRINK_BUDGET_MS = 10_000;

/** A property's own seed, derived from the run's: independent of the order properties run in. */
export function propertySeed(seed: number, operation: string): number {
  let h = 0x811c9dc5; // FNV-1a, 32 bit
  for (const ch of `${seed}:${operation}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  return h | 0;
}

/** The case generated values make on a transport: valid there, or the negative case they are.
 * A value ASMX's parsing refuses is a negative value only if the validity guard finds it outside
 * its XSD type's lexical space as sent (after encoding); every shrinking candidate comes through
 * here too, so a shrunk counterexample is judged by its own wire form. One the guard finds valid
 * ("1" for a boolean over GET) is ASMX's habit, judged as such (the *-asmx-only scenarios). */
export function caseFor(op: Operation, values: WireValues, transport: TransportId, id: string): Case {
  const echo = expectedEcho(op, values, familyOf(transport));
  // Valid values stay a valid request even where a host may refuse them (markup over GET/POST, a
  // long query): such a refusal is recognised from the answer (src/profiles/host-rejection.ts).
  // A string always converts: only a typed parameter fails.
  if (echo.ok || echo.param.type === 'str') return { id, operation: op.name, kind: 'positive', values };
  const scenario = (invalidValueOnWire(op, values, transport, echo.param.name) ? INVALID_SCENARIO : ASMX_ONLY_SCENARIO)[echo.param.type];
  return { id, operation: op.name, kind: 'negative', scenario, param: echo.param.name, values, transports: [transport] };
}

/** Adds the value classes of one sample to a property's coverage (for the report's coverage section). */
function tally(coverage: Record<string, Partial<Record<ValueClass, number>>>, op: Operation, values: WireValues): void {
  for (const p of op.params) {
    const value = values[p.name];
    if (value === undefined) continue;
    const counts = (coverage[p.name] ??= {});
    for (const c of classifyValue(p.type, value)) counts[c] = (counts[c] ?? 0) + 1;
  }
}

export interface FuzzOptions {
  /** Epoch ms at which the run's --max-duration budget ends. */
  readonly deadline?: number;
  /** Sees the exchange records of every sample sent, shrinking included (run --record). */
  readonly onSample?: (records: readonly ExchangeRecord[]) => void;
  /** Which --repeat repetition this is: each has its own seed and case ids; 0 is an unrepeated run's. */
  readonly repetition?: number;
}

/** One sample: its records (one per transport, and the parity record comparing them), judged, but
 * without the requests reports show, which `shown` builds for a sample that is kept or recorded. */
interface Sample {
  readonly records: readonly ExchangeRecord[];
  shown(): ExchangeRecord[];
}

async function sample(settings: RunSettings & { baseUrl: string; learned?: LearnedState }, client: HttpClient, op: Operation, transports: readonly TransportId[], values: WireValues, id: string, slot: number): Promise<Sample> {
  const pool = poolOf(settings.learned);
  const own = pool !== undefined && needsOwnInstance(op.name);
  const runs = await Promise.all(transports.map(async (t, i) => {
    const c = caseFor(op, values, t, id);
    // A mutating case against a target with data: each transport its own instance (instances.ts).
    const instanced = own && c.kind === 'positive' ? withInstance(c, await ownInstance(settings, client, pool, op.name, values, t, slot + i, settings.learned?.failure)) : c;
    return runCaseShowingLater(settings, client, instanced, t);
  }));
  const withParity = (records: ExchangeRecord[]) => {
    const parity = parityRecord(settings, records, id);
    return parity ? [...records, parity] : records;
  };
  let shown: ExchangeRecord[] | undefined;
  // The parity record shows each transport's curl command: it is made again once they are built.
  return { records: withParity(runs.map((r) => r.record)), shown: () => (shown ??= withParity(runs.map((r) => r.showRequest(r.record)))) };
}

/** The ids of the checks that fail a sample: a shrunk candidate must fail one of the first
 * failure's, or shrinking would drift into a different finding (issue 37). */
export function failingChecks(records: readonly ExchangeRecord[], failOn: RunSettings['failOn']): Set<string> {
  const ids = new Set<string>();
  for (const r of records) {
    if (r.error) ids.add(`error:${r.error.code}`);
    for (const c of r.checks) if (failsWith(failOn)(c)) ids.add(c.id);
  }
  return ids;
}

/** Whether a shrinking candidate fails as the first counterexample did: one of its checks again. */
export const sameFinding = (first: ReadonlySet<string>, candidate: ReadonlySet<string>): boolean => [...candidate].some((id) => first.has(id));

/** The first slot a property's samples take (instances.ts): after every valid case's slots, and a
 * block of SAMPLE_SLOTS samples per repetition, each sample one slot per transport. */
const SAMPLE_SLOTS = 4096;
const fuzzSlot = (settings: Pick<RunSettings, 'repeat'>, repetition: number, sample: number): number =>
  slotOf(settings.repeat, 0) + (repetition * SAMPLE_SLOTS + sample) * TRANSPORT_IDS.length;

/** The first instance slot a recorded fuzz sample took, from its id (`<Op>-r2-fuzz-3`: repetition
 * 1, sample 3) and the recording's --repeat: a replay makes (or takes) the same instances, or a
 * sample that met an exhausted pool when recorded would find a record when replayed. */
export function recordedFuzzSlot(id: string, recordedRepeat: number): number | undefined {
  const m = /(?:-r(\d+))?-fuzz-(\d+)$/.exec(id);
  if (!m) return undefined;
  return fuzzSlot({ repeat: recordedRepeat }, m[1] ? Number(m[1]) - 1 : 0, Number(m[2]));
}

/** Values with the learned ids in place (the run fuzzes the rest): `pick` chooses the record. */
function withLearnedIds(op: Operation, values: WireValues, pool: ValuePool, pick: number): WireValues {
  return fillFromPool(op, values, pool, pick, ID_PARAMS);
}

/** What a property's samples leave for its records: the samples' count, coverage and data-path
 * tallies, the first sample, and the failure being shrunk. */
interface Progress {
  index: number;
  first?: Sample;
  lastFailure?: Sample;
  failedAt?: number;
  shrinkCutShort: boolean;
  firstFailing?: Set<string>;
  readonly coverage: Record<string, Partial<Record<ValueClass, number>>>;
  readonly dataPath: Map<string, { -readonly [K in DataPathOutcome]?: number }>;
}

/** What every sample of one property is sent and judged with. */
interface Property {
  readonly settings: RunSettings & { baseUrl: string; learned?: LearnedState };
  readonly client: HttpClient;
  readonly op: Operation;
  readonly transports: readonly TransportId[];
  readonly options: FuzzOptions;
  readonly key: string;
  readonly constraints: ReturnType<typeof fuzzConstraintsFor>;
  readonly reference: ReturnType<typeof sampleReferenceJudge>;
}

/** Fuzzes `op` over `transports`; returns the records of the first sample, or of the shrunk
 * counterexample, each marked with the property's fuzz information. */
export async function fuzzOperation(settings: RunSettings & { baseUrl: string; learned?: LearnedState }, client: HttpClient, op: Operation, transports: readonly TransportId[], options: FuzzOptions = {}): Promise<ExchangeRecord[]> {
  const key = repetitionId(op.name, options.repetition ?? 0);
  const seed = propertySeed(settings.seed, key);
  const progress: Progress = { index: 0, shrinkCutShort: false, coverage: {}, dataPath: new Map() };
  const pool = poolOf(settings.learned);
  const reference = sampleReferenceJudge(settings, client);
  const arbitrary = arbitraryFor(settings, op, pool);
  // Parameters the target's failures keep naming get known-good values (fuzz-constraints.ts).
  const constraints = fuzzConstraintsFor(op, settings);
  const property: Property = { settings, client, op, transports, options, key, constraints, reference };
  const checked = fc.asyncProperty(arbitrary, (drawn) => passes(property, progress, drawn));
  const budget = options.deadline === undefined ? {} : { interruptAfterTimeLimit: Math.max(1, options.deadline - Date.now()), markInterruptAsFailure: false };
  const details = await fc.check(checked, { seed, numRuns: settings.runs, ...budget });
  // fast-check reports a property interrupted before its first run as failed, even with
  // markInterruptAsFailure off (observed with fast-check 4): the --max-duration budget ran out as
  // the property started, which is a case not run, not a finding and not a tool error.
  if (details.interrupted && details.numRuns === 0 && !progress.lastFailure) return [];
  if (details.failed && !progress.lastFailure) throw details.errorInstance ?? new Error(`fuzzing ${op.name} failed without a counterexample`);
  const fuzz = fuzzInfoOf(settings, seed, details, progress, constraints);
  const records = (details.failed ? progress.lastFailure : progress.first)?.shown() ?? [];
  return markedRecords(records, fuzz, progress.dataPath, reference);
}

/** The values a property draws. Against a target with data, id parameters take learned ids (the
 * pick shrinks to the first record); against one without, the values are drawn exactly as before,
 * seed for seed. */
function arbitraryFor(settings: RunSettings & { learned?: LearnedState }, op: Operation, pool: ValuePool | undefined): fc.Arbitrary<WireValues> {
  const seeds = settings.learned?.found?.[op.name];
  const values = valuesArbitrary(op, { maxStringLength: settings.maxStringLength, ...(seeds ? { seeds } : {}) });
  return pool ? fc.tuple(values, fc.nat({ max: 1023 })).map(([v, pick]) => withLearnedIds(op, v, pool, pick)) : values;
}

/** The property's predicate: sends one sample over every transport and judges it; false keeps it
 * as the counterexample (being shrunk). */
async function passes(property: Property, progress: Progress, drawn: WireValues): Promise<boolean> {
  const { settings, op, options, constraints, reference } = property;
  // Shrinking long strings against a slow target can take minutes: past the budget every further
  // candidate counts as passing, unsent, so fast-check stops with the smallest real failure so far.
  if (progress.failedAt !== undefined && Date.now() - progress.failedAt > SHRINK_BUDGET_MS) {
    progress.shrinkCutShort = true;
    return true;
  }
  const values = constraints.apply(drawn);
  tally(progress.coverage, op, values);
  const slot = fuzzSlot(settings, options.repetition ?? 0, progress.index);
  const taken = await sample(settings, property.client, op, property.transports, values, `${property.key}-fuzz-${progress.index++}`, slot);
  tallyDataPaths(progress.dataPath, taken.records);
  constraints.observe(values, taken.records);
  if (options.onSample) options.onSample(taken.shown().filter((r) => r.kind !== 'parity'));
  progress.first ??= taken;
  const failing = failingChecks(taken.records, settings.failOn);
  // A difference from the reference beyond the noise fails the sample as a check would (issue 50).
  reference?.learn(taken.records);
  for (const r of taken.records) for (const c of reference?.findings(r) ?? []) failing.add(c.id);
  if (failing.size === 0) return true;
  // While shrinking, a candidate that fails for another reason is not this counterexample.
  if (progress.firstFailing && !sameFinding(progress.firstFailing, failing)) return true;
  progress.firstFailing ??= failing;
  progress.failedAt ??= Date.now();
  constraints.freeze();
  progress.lastFailure = taken; // during shrinking the last failure is the smallest counterexample so far
  return false;
}

/** Adds a sample's data-path outcomes to each transport's tally (the parity record has none). */
function tallyDataPaths(dataPath: Progress['dataPath'], records: readonly ExchangeRecord[]): void {
  for (const r of records) {
    if (r.kind === 'parity' || !r.dataPath) continue;
    const tally = dataPath.get(r.transport) ?? {};
    dataPath.set(r.transport, tally);
    tallyOutcome(tally, r.dataPath);
  }
}

/** The property's fuzz information, as its records carry it. */
function fuzzInfoOf(settings: RunSettings, seed: number, details: fc.RunDetails<[WireValues]>, progress: Progress, constraints: Property['constraints']): FuzzInfo {
  return {
    seed,
    runs: details.numRuns,
    planned: settings.runs,
    interrupted: details.interrupted,
    ...(details.failed ? { path: details.counterexamplePath ?? '', shrinks: details.numShrinks } : {}),
    ...(progress.shrinkCutShort ? { shrinkCutShort: progress.shrinkCutShort } : {}),
    samples: progress.index,
    coverage: progress.coverage,
    ...(constraints.learned().length > 0 ? { constrained: constraints.learned() } : {}),
    ...(constraints.lengthCeiling() ? { lengthCeiling: constraints.lengthCeiling()! } : {}),
  };
}

/** The kept sample's records marked as fuzzed: each transport's record carries its own transport's
 * data-path tally (never the parity record), and its difference from the reference, judged by all
 * the noise the property learned. */
function markedRecords(records: ExchangeRecord[], fuzz: FuzzInfo, dataPath: Progress['dataPath'], reference: Property['reference']): ExchangeRecord[] {
  return records.map((r) => {
    const tally = r.kind === 'parity' ? undefined : dataPath.get(r.transport);
    const differs = reference?.findings(r) ?? [];
    return { ...r, kind: r.kind === 'parity' ? 'parity' : 'fuzz', ...(differs.length > 0 ? { checks: [...r.checks, ...differs] } : {}), fuzz: tally ? { ...fuzz, dataPath: tally } : fuzz };
  });
}
