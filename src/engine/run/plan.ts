/**
 * What a run sends, as one plan the suites and the run share: each suite's units (a case with all
 * its selected transports, or one fuzz property), repeated --repeat times, and the units this
 * --shard runs.
 *
 * Units are numbered in a fixed order (repetition, then operation, then case) and dealt round-robin:
 * unit k belongs to shard (k mod n) + 1. The same settings give every machine the same numbering,
 * so n shards together run each unit exactly once. A unit is never split, so a case's transports
 * always meet in one shard and its parity record is complete there. Vitest's own --shard splits by
 * file, and four suite files are too coarse for that.
 */
import type { NegativeCase, PositiveCase } from '../../cases/case.js';
import { exampleCase } from '../../cases/examples.js';
import type { LearnedState } from '../learn/learned-state.js';
import type { Phase } from '../learn/phases.js';
import { learnedCase, poolOf } from '../learn/learned-cases.js';
import { sequencePlan, type SequenceUnit } from '../sequences/sequences.js';
import { negativeCases } from '../../cases/negative.js';
import { anchorUse } from '../learn/anchors.js';
import { getOperation } from '../../contract/index.js';
import type { RunSettings, Shard, SuiteId } from '../../config/settings.js';
import type { SuiteWork } from './lanes.js';
import type { TransportId } from '../../transports/index.js';
import { inShard, repetitionId } from '../../results/repetition.js';

export interface CaseUnit<C> {
  readonly testCase: C;
  readonly transports: readonly TransportId[];
  /** 0 for the first repetition, whose ids are those of an unrepeated run. */
  readonly repetition: number;
}

export interface FuzzUnit {
  readonly operation: string;
  /** 0 for the first repetition, whose seed and ids are those of an unrepeated run. */
  readonly repetition: number;
}

type PlanSettings = Pick<RunSettings, 'operations' | 'transports' | 'repeat' | 'shard' | 'signer' | 'sig' | 'suites'> & {
  /** What the run learned from a target with data: valid cases use its values (pool-values.ts). */
  readonly learned?: LearnedState;
  readonly phase?: Phase;
};

/** How a repetition is told apart in test names: nothing for the first. */
export const repetitionLabel = (repetition: number): string => (repetition === 0 ? '' : ` #${repetition + 1}`);

/** How the repetitions of a chunk (below) are told apart in its test name: nothing for the first
 * alone, `#2` for one other, `#1-16` for a range. */
export function repetitionsLabel(units: ReadonlyArray<{ readonly repetition: number }>): string {
  const first = units[0]?.repetition ?? 0;
  const last = units.at(-1)?.repetition ?? 0;
  return first === last ? repetitionLabel(first) : ` #${first + 1}-${last + 1}`;
}

/** Most repetitions of one case a chunk holds. */
export const CHUNK_UNITS = 16;

/**
 * The units of a suite as vitest tests: the repetitions of one case (same `key`) in chunks of up to
 * CHUNK_UNITS, each chunk one test that runs its units one after another. Without --repeat every
 * chunk is one unit, as before. At --repeat 64 the negative suite made 16,576 tests, and vitest
 * keeps every test's state in the worker and in the main process until the file ends and sends
 * messages for each: measured (npm run bench, 2026-11-24), those messages cost the worker 0.063 ms
 * a checked exchange in one test per unit and 0.022 in one per case.
 *
 * A chunk is short (a few milliseconds a unit), so an interrupted run's grace still sees it end,
 * and chunks stay small enough that there are at least two for every test vitest runs at once
 * (`inFlight`, --concurrency): a run of few cases repeated still keeps its requests in flight.
 * Chunks come in the order of their first unit.
 */
export function chunked<U>(units: readonly U[], key: (unit: U) => string, inFlight: number): U[][] {
  const size = Math.max(1, Math.min(CHUNK_UNITS, Math.floor(units.length / (2 * Math.max(1, inFlight)))));
  // Each case's chunk being filled; a new chunk starts at the unit that finds its case's full.
  const filling = new Map<string, U[]>();
  const chunks: U[][] = [];
  for (const unit of units) {
    const k = key(unit);
    let chunk = filling.get(k);
    if (!chunk || chunk.length === size) {
      chunk = [];
      filling.set(k, chunk);
      chunks.push(chunk);
    }
    chunk.push(unit);
  }
  return chunks;
}

/** A repetition's id: the first keeps the case's own id, so --repeat 1 changes nothing. */
export { repetitionId };


const repetitions = (settings: PlanSettings): number[] => Array.from({ length: settings.repeat }, (_, i) => i);

function dealt<T>(settings: PlanSettings, units: readonly T[]): T[] {
  return units.filter((_, position) => inShard(settings.shard, position));
}

/** A unit of one repetition, unsharded: each repetition repeats it under its own id. */
type OnceUnit<C> = Omit<CaseUnit<C>, 'repetition'>;

function positiveOnce(settings: PlanSettings): Array<OnceUnit<PositiveCase>> {
  const pool = poolOf(settings.learned);
  return settings.operations.map((name) => {
    const op = getOperation(name);
    return { testCase: pool ? learnedCase(op, pool) : exampleCase(op), transports: settings.transports };
  });
}

function negativeOnce(settings: PlanSettings): Array<OnceUnit<NegativeCase>> {
  const auth = settings.signer !== undefined || settings.sig !== undefined;
  return settings.operations.flatMap((name) =>
    negativeCases(getOperation(name), { auth, anchor: anchorUse(settings.learned, name) })
      .map((c) => ({ testCase: c, transports: c.transports.filter((t) => settings.transports.includes(t)) }))
      .filter((u) => u.transports.length > 0));
}

/** The units of every repetition in the plan's order (repetition, then operation, then case),
 * each repetition's case under its own id, dealt to this shard. */
function repeated<C extends { readonly id: string }>(settings: PlanSettings, once: ReadonlyArray<OnceUnit<C>>): Array<CaseUnit<C>> {
  return dealt(settings, repetitions(settings).flatMap((rep) => once.map((u) => ({ testCase: { ...u.testCase, id: repetitionId(u.testCase.id, rep) }, transports: u.transports, repetition: rep }))));
}

export function positivePlan(settings: PlanSettings): Array<CaseUnit<PositiveCase>> {
  return repeated(settings, positiveOnce(settings));
}

export function negativePlan(settings: PlanSettings): Array<CaseUnit<NegativeCase>> {
  return repeated(settings, negativeOnce(settings));
}

export function fuzzPlan(settings: PlanSettings): FuzzUnit[] {
  return dealt(settings, repetitions(settings).flatMap((repetition) => settings.operations.map((operation) => ({ operation, repetition }))));
}

/** The sequences of this shard (sequences.ts): one unit per sequence and transport, dealt like cases. */
export function sequencesPlan(settings: PlanSettings): SequenceUnit[] {
  return dealt(settings, repetitions(settings).flatMap((repetition) => sequencePlan(settings, repetition)));
}

function sequenceShare(settings: PlanSettings): SuiteWork {
  const units = sequencesPlan(settings);
  return { units: units.length, exchanges: units.reduce((sum, u) => sum + u.exchanges, 0) };
}

/** The ?WSDL check is one unit, whatever --repeat says: the first shard makes it. */
export function servicePlan(settings: PlanSettings): number {
  return inShard(settings.shard, 0) ? 1 : 0;
}

/** What this shard takes of `once` repeated --repeat times, counted without making the units (the
 * CLI sizes the plan before the run, and at --repeat 64 the negative suite alone is 16,576 units):
 * how many, and the sum of `weight` over them. */
function shardShare<T>(settings: PlanSettings, once: readonly T[], weight: (unit: T) => number): SuiteWork {
  let units = 0;
  let exchanges = 0;
  const total = once.length * settings.repeat;
  for (let position = 0; position < total; position++) {
    if (!inShard(settings.shard, position)) continue;
    units++;
    exchanges += weight(once[position % once.length]!);
  }
  return { units, exchanges };
}

/** What each suite has to do in this shard: its units (one test each, or a chunk of repetitions,
 * see chunked) and the exchanges they make. A fuzz property sends --runs samples over its
 * transports, more when it shrinks a failure. */
function suiteShares(settings: PlanSettings & Partial<Pick<RunSettings, 'runs'>>): Record<SuiteId, () => SuiteWork> {
  const cases = (once: ReadonlyArray<{ readonly transports: readonly TransportId[] }>) => shardShare(settings, once, (u) => u.transports.length);
  return {
    positive: () => cases(positiveOnce(settings)),
    negative: () => cases(negativeOnce(settings)),
    fuzz: () => shardShare(settings, settings.operations, () => (settings.runs ?? 1) * settings.transports.length),
    service: () => ({ units: servicePlan(settings), exchanges: servicePlan(settings) }),
    sequences: () => sequenceShare(settings),
  };
}

/** What each selected suite has to do in this shard, for its lanes (lanes.ts). */
export function suiteWork(settings: PlanSettings & Pick<RunSettings, 'runs'>): Partial<Record<SuiteId, SuiteWork>> {
  const share = suiteShares(settings);
  return Object.fromEntries(settings.suites.map((s) => [s, share[s]()] as const).filter(([, work]) => work.units > 0));
}

/** The selected suites that have something to run in this shard. */
export function suitesToRun(settings: PlanSettings): SuiteId[] {
  const share = suiteShares(settings);
  return settings.suites.filter((s) => share[s]().units > 0);
}

/** The units the selected suites run in this shard: progress and cases not run count them. */
export function plannedTests(settings: PlanSettings): number {
  const share = suiteShares(settings);
  return settings.suites.reduce((sum, s) => sum + share[s]().units, 0);
}
