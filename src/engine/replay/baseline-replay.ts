/** `run --baseline DIR`: one recorded case sent again over its recorded transports, through the
 * normal engine (runCase, so every selected check applies), each answer compared with the baseline. */
import { inShard } from '../../results/repetition.js';
import { baselineChecks } from '../../checks/registry.js';
import { runChecks, selected } from '../../checks/runner.js';
import type { Case } from '../../cases/case.js';
import type { RunSettings } from '../../config/settings.js';
import { getOperation } from '../../contract/index.js';
import { caseFor as fuzzCaseFor, recordedFuzzSlot } from '../fuzz/fuzz.js';
import type { HttpClient } from '../../http/send.js';
import { parityRecord } from '../exchange/parity.js';
import type { ExchangeRecord } from '../../results/record.js';
import { runCase } from '../exchange/run-case.js';
import { rulesFor } from '../../parity/normalise.js';
import { TRANSPORT_IDS, type TransportId } from '../../transports/index.js';
import { hasData, type LearnedState } from '../learn/learned-state.js';
import { poolOf } from '../learn/learned-cases.js';
import { needsOwnInstance, ownInstance, withInstance } from '../learn/instances.js';
import { slotOf } from '../exchange/run-unit.js';
import type { Baseline } from '../../regression/baseline.js';
import { answerOf, type BaselineCase } from '../../regression/format.js';
import type { BaselineAnswer } from '../../results/transport-outcome.js';
import type { FieldPath } from '../../results/reference.js';

export const NOT_IN_BASELINE = 'not sent: the baseline has no answer to compare with (it was not sent when the baseline was recorded)';

export interface ReplayRow {
  readonly recorded: BaselineCase;
  /** Its place among the baseline's cases of its operation: the slot of the instances it takes (instances.ts). */
  readonly position: number;
  readonly answers: ReadonlyMap<TransportId, BaselineAnswer>;
  /** The recorded transports the run selected, in the usual order. */
  readonly transports: readonly TransportId[];
  /** A fuzz sample's first instance slot when it was recorded (fuzz.ts recordedFuzzSlot). */
  readonly fuzzSlot?: number;
}

/** The recorded cases to send again: those of the selected operations and transports, and under
 * --shard only this shard's part (dealt like a conformance run's units: a case keeps its
 * transports together, so its parity comparison is complete in its shard). */
export function casesToReplay(baseline: Baseline, settings: Pick<RunSettings, 'operations' | 'transports'> & Partial<Pick<RunSettings, 'shard'>>): ReplayRow[] {
  // A case's place among its operation's cases: distinct instances are per operation.
  const seen = new Map<string, number>();
  const placed = baseline.cases.map((c) => {
    const position = seen.get(c.operation) ?? 0;
    seen.set(c.operation, position + 1);
    return { c, position };
  });
  const repeat = baseline.manifest.settings?.['repeat'];
  const recordedRepeat = typeof repeat === 'number' && repeat >= 1 ? repeat : 1;
  return placed.filter(({ c }) => settings.operations.includes(c.operation)).map(({ c, position }) => {
    const answers = baseline.answers.get(c.id) ?? new Map<TransportId, BaselineAnswer>();
    const fuzzSlot = c.kind === 'fuzz' ? recordedFuzzSlot(c.id, recordedRepeat) : undefined;
    return { recorded: c, position, answers, transports: TRANSPORT_IDS.filter((t) => settings.transports.includes(t) && answers.has(t)), ...(fuzzSlot === undefined ? {} : { fuzzSlot }) };
  }).filter((r) => r.transports.length > 0).filter((_, position) => inShard(settings.shard, position));
}

/** The case a recorded one is on `transport`: fuzz cases are re-derived from their values. */
export function replayedCase(c: BaselineCase, transport: TransportId): Case {
  if (c.kind === 'fuzz') return fuzzCaseFor(getOperation(c.operation), c.values, transport, c.id);
  if (c.kind === 'positive') return { id: c.id, operation: c.operation, kind: 'positive', values: c.values };
  return { id: c.id, operation: c.operation, kind: 'negative', scenario: c.scenario!, ...(c.param ? { param: c.param } : {}), values: c.values, transports: [transport] };
}


/** Adds the baseline comparison to the record of an exchange made again; `noise`: the operation's
 * noise fields learned from the baseline's repetitions (regression/baseline-noise.ts). */
export function withRegression(settings: RunSettings & { learned?: LearnedState }, record: ExchangeRecord, baseline: BaselineAnswer, noise: readonly FieldPath[] = []): ExchangeRecord {
  if (record.skipped) return record;
  const rules = rulesFor(settings);
  const candidate = answerOf(record);
  // Against a target with data, a create makes a new id, and a case on an instance of its own
  // names one: the baseline's ids are not the candidate's, so outcome and shape are compared.
  const byOutcome = hasData(settings.learned) && (getOperation(record.operation).class === 'create' || record.setup !== undefined);
  const how = { ...(byOutcome ? { byOutcome: { failure: settings.learned?.failure } } : {}), ...(noise.length > 0 ? { noise } : {}) };
  let regression: ExchangeRecord['regression'];
  const outcomes = runChecks(selected(baselineChecks, settings), (check) => {
    const { verdict, comparison } = check.run({ baseline, candidate, rules, how });
    regression = { baseline, rules: rules.map((r) => r.name), ...comparison };
    return verdict;
  });
  return { ...record, checks: [...record.checks, ...outcomes], ...(regression ? { regression } : {}) };
}

/** The instance slot a replayed case takes over `t`: a fuzz sample the one it took when recorded. */
const slotIn = (placed: Pick<ReplayRow, 'position' | 'fuzzSlot'>, t: TransportId): number =>
  (placed.fuzzSlot ?? slotOf(placed.position, 0)) + TRANSPORT_IDS.indexOf(t);

/** Sends `c` again over each of `transports` that has a recorded answer; a fuzz case also gets
 * its parity record, as in the fuzz suite. Each repetition of a case recorded with --repeat is a
 * case of its own here, replayed against its own recording; `noise` is its operation's. */
export async function replayCase(settings: RunSettings & { baseUrl: string; learned?: LearnedState }, client: HttpClient, c: BaselineCase, answers: ReadonlyMap<TransportId, BaselineAnswer>, transports: readonly TransportId[], skipped: (transport: TransportId, reason: string) => ExchangeRecord, placed: Pick<ReplayRow, 'position' | 'fuzzSlot'> = { position: 0 }, noise: readonly FieldPath[] = []): Promise<ExchangeRecord[]> {
  const pool = poolOf(settings.learned);
  const records = await Promise.all(transports.map(async (t) => {
    const baseline = answers.get(t)!;
    if (baseline.outcome === 'skipped') return skipped(t, NOT_IN_BASELINE);
    const replayed = replayedCase(c, t);
    // The recorded id was the recording's instance: the replay makes (or takes) its own, again.
    const instanced = pool && replayed.kind === 'positive' && needsOwnInstance(c.operation)
      ? withInstance(replayed, await ownInstance(settings, client, pool, c.operation, replayed.values, t, slotIn(placed, t), settings.learned?.failure))
      : replayed;
    return withRegression(settings, await runCase(settings, client, instanced, t), baseline, noise);
  }));
  // The candidate's transports must still agree with each other, as in a conformance run.
  const parity = parityRecord(settings, records.filter((r) => !r.skipped), c.id, noise);
  const all = parity ? [...records, parity] : records;
  if (c.kind !== 'fuzz') return all;
  const fuzz = { seed: c.fuzz?.seed ?? settings.seed, runs: 1, planned: 1, interrupted: false, ...(c.fuzz?.path ? { path: c.fuzz.path } : {}) };
  return all.map((r) => ({ ...r, kind: r.kind === 'parity' ? 'parity' : 'fuzz', fuzz }));
}
