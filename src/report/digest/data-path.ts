/**
 * Data-path coverage of a run (issue 37), counted a record at a time as the run digest counts
 * everything else: what the valid requests got (results/data-path.ts), overall and per operation.
 * A positive record is one valid exchange (its `dataPath`); a fuzz record stands for every sample of
 * its property over its transport (`fuzz.dataPath`), so its own `dataPath`, one of those samples,
 * is not counted again; a parity record compares exchanges already counted. Negative cases are not
 * valid requests.
 */
import { operations } from '../../contract/index.js';
import { countsOf, DATA_PATH_OUTCOMES, tallyOutcome, type DataPathCounts, type DataPathTally } from '../../results/data-path.js';
import type { ExchangeRecord } from '../../results/record.js';
import { isNotApplicable, NOT_APPLICABLE } from '../../results/not-applicable.js';
import type { Blocked } from '../../engine/learn/learned-state.js';

/** Valid cases not sent because they could not be made valid (results/not-applicable.ts): how
 * many, and the first one's reason. Not valid requests of the data path: counted apart. */
export interface NotApplicableCount {
  readonly notApplicable?: number;
  readonly notApplicableBecause?: string;
}

/** An operation's counts, with what still blocked its success when the search for values left it
 * so, its cases that were not applicable, and the parameters its fuzzing learned to send known-good
 * values (engine/fuzz/fuzz-constraints.ts). */
/** `constrained`: parameters the fuzzer learned to send known-good values; `lengthCeiling`: the
 * length it learned to cut long texts to (engine/fuzz/fuzz-constraints.ts). */
export type OperationDataPath = DataPathCounts & NotApplicableCount & { readonly blocked?: Blocked; readonly constrained?: readonly string[]; readonly lengthCeiling?: number };

/** results.json's summary.dataPath: the run's counts, and each operation's. */
export interface DataPathSummary extends DataPathCounts, NotApplicableCount {
  readonly operations: Readonly<Record<string, OperationDataPath>>;
}

/** `summary` with each blocked operation's last failure and the parameter it named (value-search.ts). */
export function withBlocked(summary: DataPathSummary | undefined, blocked: Readonly<Record<string, Blocked>> | undefined): DataPathSummary | undefined {
  if (!summary || !blocked) return summary;
  const operations = Object.fromEntries(Object.entries(summary.operations).map(([op, c]) => [op, blocked[op] ? { ...c, blocked: blocked[op] } : c]));
  return { ...summary, operations };
}

/** "still blocked: base64string: 'base64string is not valid base64'", or nothing. */
export const blockedText = (c: OperationDataPath): string =>
  c.blocked ? `still blocked${c.blocked.param ? ` at ${c.blocked.param}` : ''}: '${c.blocked.message}'` : '';

type Tally = { -readonly [K in keyof DataPathTally]: DataPathTally[K] };

// Operations listed as in the contract (then any other name, sorted): records arrive in whatever
// order the target answers, and two runs with the same seed must read alike.
const RANK = new Map(operations.map((o, index) => [o.name, index]));
const byContract = (a: string, b: string): number => (RANK.get(a) ?? RANK.size) - (RANK.get(b) ?? RANK.size) || (a < b ? -1 : a > b ? 1 : 0);

export class DataPathCoverage {
  private readonly byOperation = new Map<string, Tally>();
  private readonly unsent = new Map<string, { count: number; because: string }>();
  private readonly constrained = new Map<string, Set<string>>();
  private readonly ceilings = new Map<string, number>();

  add(r: ExchangeRecord): void {
    if (r.transport === 'parity') return;
    if (isNotApplicable(r.skipped)) {
      const known = this.unsent.get(r.operation);
      if (known) known.count++;
      else this.unsent.set(r.operation, { count: 1, because: r.skipped!.slice(NOT_APPLICABLE.length + 2) });
      if (!this.byOperation.has(r.operation)) this.byOperation.set(r.operation, {});
      return;
    }
    const tally = r.kind === 'fuzz' ? r.fuzz?.dataPath : r.kind === 'positive' && r.dataPath ? { [r.dataPath]: 1 } : undefined;
    if (!tally) return;
    for (const c of r.fuzz?.constrained ?? []) {
      const params = this.constrained.get(r.operation) ?? new Set();
      this.constrained.set(r.operation, params.add(c.param));
    }
    const ceiling = r.fuzz?.lengthCeiling?.chars;
    if (ceiling !== undefined) this.ceilings.set(r.operation, Math.min(ceiling, this.ceilings.get(r.operation) ?? ceiling));
    let own = this.byOperation.get(r.operation);
    if (!own) this.byOperation.set(r.operation, (own = {}));
    for (const outcome of DATA_PATH_OUTCOMES) if (tally[outcome]) tallyOutcome(own, outcome, tally[outcome]);
  }

  /** Undefined when no record carried data-path information (a run or report from before it). */
  summary(): DataPathSummary | undefined {
    if (this.byOperation.size === 0) return undefined;
    const all: Tally = {};
    const perOperation: Record<string, DataPathCounts> = {};
    let notApplicable = 0;
    for (const operation of [...this.byOperation.keys()].sort(byContract)) {
      const tally = this.byOperation.get(operation)!;
      const unsent = this.unsent.get(operation);
      const constrained = this.constrained.get(operation);
      perOperation[operation] = { ...countsOf(tally), ...(unsent ? { notApplicable: unsent.count, notApplicableBecause: unsent.because } : {}), ...(constrained ? { constrained: [...constrained] } : {}), ...(this.ceilings.has(operation) ? { lengthCeiling: this.ceilings.get(operation)! } : {}) };
      notApplicable += unsent?.count ?? 0;
      for (const outcome of DATA_PATH_OUTCOMES) if (tally[outcome]) tallyOutcome(all, outcome, tally[outcome]);
    }
    return { ...countsOf(all), ...(notApplicable > 0 ? { notApplicable } : {}), operations: perOperation };
  }
}

export function dataPathOf(records: Iterable<ExchangeRecord>): DataPathSummary | undefined {
  const coverage = new DataPathCoverage();
  for (const r of records) coverage.add(r);
  return coverage.summary();
}

/** The operations that had valid requests and not one success: each is a run-level warning. One
 * with answers the run could not class (unknown) is not known to have none. */
export function withoutSuccess(summary: DataPathSummary | undefined): Array<[string, OperationDataPath]> {
  return Object.entries(summary?.operations ?? {}).filter(([, c]) => c.total > 0 && c.success === 0 && c.unknown === 0);
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** "300 in-band failures, 40 unknown, 60 faults, 8 refused": the outcomes other than success that occurred. */
function unsuccessful(c: DataPathCounts): string {
  return [
    c.failure > 0 ? plural(c.failure, 'in-band failure', 'in-band failures') : '',
    c.unknown > 0 ? `${c.unknown} unknown (HTTP 200 the run cannot class as success or failure)` : '',
    c.fault > 0 ? plural(c.fault, 'fault', 'faults') : '',
    c.refused > 0 ? `${c.refused} refused` : '',
  ].filter(Boolean).join(', ');
}

/** Rounded down, as the progress bar is: 100% only when every valid request succeeded, and "<1%"
 * rather than 0% when some did. */
const percent = (part: number, whole: number): string => {
  const p = Math.floor((100 * part) / whole);
  return p === 0 && part > 0 ? '<1%' : `${p}%`;
};

/** The console's line: `Data path: 512 of 880 valid requests succeeded (58%); 300 in-band failures, ...`. */
export function dataPathLine(s: DataPathSummary): string {
  const unsent = s.notApplicable ? `${s.total === 0 ? '; ' : ' ('}${s.notApplicable} not applicable, not sent${s.total === 0 ? '' : ')'}` : '';
  if (s.total === 0) return `Data path: no valid request was sent${unsent}`;
  const rest = unsuccessful(s);
  return `Data path: ${s.success} of ${plural(s.total, 'valid request', 'valid requests')} succeeded (${percent(s.success, s.total)})${rest ? `; ${rest}` : ''}${unsent}`;
}

/** `Fuzzing learned: MobileTasksList startdate, enddate; ...`: the parameters the fuzzer sent
 * known-good values once the target's failures named them; undefined when it learned none. */
export function fuzzLearnedLine(s: DataPathSummary): string | undefined {
  const learned = Object.entries(s.operations).map(([op, c]) => [op, fuzzLearnedText(c)] as const).filter(([, text]) => text).map(([op, text]) => `${op} ${text}`);
  return learned.length > 0 ? `Fuzzing learned (named in the target's failures, then mostly sent known-good values): ${learned.join('; ')}` : undefined;
}

/** `startdate, enddate; texts cut to 1000 characters`: what the fuzzer learned of one operation. */
export function fuzzLearnedText(c: OperationDataPath): string {
  return [...(c.constrained?.length ? [c.constrained.join(', ')] : []), ...(c.lengthCeiling !== undefined ? [`texts cut to ${c.lengthCeiling} characters`] : [])].join('; ');
}

/** What a warning about an operation without a success says, and how to fix it. */
export function noSuccessText(operation: string, c: OperationDataPath): string {
  const blocked = blockedText(c);
  return `${operation}: no valid request succeeded (${unsuccessful(c)}${blocked ? `; ${blocked}` : ''}) — give known-good values with --values FILE`;
}
