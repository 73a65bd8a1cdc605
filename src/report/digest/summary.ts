/** Counts and verdict of a run, computed from its records (pure). */
import { findingsOf, levelCounts, outcomeOf, type Outcome } from '../../results/findings.js';
import { failOnOf, failsRun, type FailOn, type Level, type LevelCounts } from '../../results/levels.js';
import type { ExchangeRecord } from '../../results/record.js';
import type { ReferenceCounts } from '../../results/reference.js';
import { notCoveredCells, type NotCoveredCell } from './not-covered.js';
import { dataPathOf, withBlocked, withoutSuccess, type DataPathSummary } from './data-path.js';
import type { SearchInfo } from './search-line.js';
import type { AnchorsInfo } from './anchors.js';
import { describeFailureSignature } from '../../state/in-band.js';
import type { StructuralMatch } from '../../state/structure.js';
import type { WsiRunInfo } from './wsi-report.js';
import type { TrafficSummary } from '../../traffic/summary.js';
import type { ObservedJudging } from '../../proxy/judge-queue.js';
import type { ShardRun } from '../../regression/merge.js';

/** The run section of every report; the fields merging shards reads and writes are ShardRun's
 * (regression/merge.ts). */
export interface RunInfo extends ShardRun {
  readonly tool: { readonly name: string; readonly version: string };
  readonly target: string;
  readonly embedded: boolean;
  readonly namespace: string;
  /** Present when the run ended before its first test: why (bad usage, target unreachable, a crash
   * of this tool). Its message is also the run's one tool error, so the verdict is `error`. */
  readonly failure?: {
    readonly code: string;
    readonly exitCode: number;
    readonly message: string;
    /** How to go on (absent in reports written before issue 50). */
    readonly fix?: string;
    /** The command line, secrets replaced by placeholders (config/shown-command-line.ts). */
    readonly commandLine?: string;
  };
  /** What the discovery step learned from a target with data (engine/learn/discover.ts); absent for the
   * embedded echo server. */
  readonly discovery?: DiscoveryInfo;
  /** When the WS-I checks ran: whether the target's WSDL claims Basic Profile 1.1, whether --wsi
   * bp11 was asked, and so why a failed assertion is an error (report/digest/wsi-report.ts). */
  readonly wsi?: WsiRunInfo;
  /** 'observed': the records are the exchanges real clients made through `tsiws-conform proxy`
   * (issue 53), not cases this tool made; absent for a run. */
  readonly kind?: 'observed';
  /** With kind 'observed': how many exchanges passed, how many were judged and how many were left
   * unjudged under load (report/digest/judged.ts), the judge mode, the time of the last one (the reports
   * are complete up to it), and what stopped the proxy. */
  readonly observed?: ObservedJudging & { readonly exchanges: number; readonly judge?: 'sample' | 'all'; readonly lastExchangeAt?: string; readonly stoppedBy: string };
  /** Present when the run replayed captured traffic (--traffic): what it read and left out. */
  readonly traffic?: TrafficSummary;
}

export interface DiscoveryInfo {
  /** Requests the discovery step sent, and of them the failure probes. */
  readonly sent: number;
  readonly probes: number;
  /** Records learned (values of fields named like a parameter). */
  readonly records: number;
  /** Weak records (state/fuzzy.ts): ids guessed from fields sharing a parameter's stem; absent when none. */
  readonly weakRecords?: number;
  /** The in-band failure pattern: given (--failure-pattern) or learned, with what it was learned from;
   * `pattern` is '' when a structural feature (`structure`) is the pattern. */
  readonly failurePattern?: { readonly pattern: string; readonly flags: string; readonly structure?: StructuralMatch; readonly source: 'given' | 'learned'; readonly evidence: string };
  /** How the target's business failures reported as faults are told (state/business-fault.ts), when learned. */
  readonly businessFault?: { readonly pattern: string; readonly flags: string; readonly evidence: string };
  /** Why an HTTP 200 result could not be classed (data path `unknown`), when it could not. */
  readonly failureUnknown?: string;
  /** The format the target's results were learned to be in. */
  readonly resultFormat?: 'json' | 'xml' | 'pairs';
  /** The search for values that succeed (engine/learn/value-search.ts), when it ran. */
  readonly search?: SearchInfo;
  /** Per operation, the request its probes were built from (report/digest/anchors.ts), when anchors were kept. */
  readonly anchors?: AnchorsInfo;
}

/** One line for the console: what the discovery step learned. */
export function discoveryLine(d: DiscoveryInfo): string {
  const failures = d.failurePattern
    ? `in-band failures match ${describeFailureSignature(d.failurePattern)} (${d.failurePattern.source === 'given' ? '--failure-pattern' : `learned: ${d.failurePattern.evidence}`})`
    : d.failureUnknown !== undefined
      ? `no in-band failure pattern: ${d.failureUnknown}; such answers count as unknown (give --failure-pattern REGEX)`
      : 'no in-band failure pattern (every HTTP 200 with a result counts as a success; give --failure-pattern REGEX)';
  // The pattern is over the fault's form (state/business-fault.ts): the evidence says it in words.
  const faults = d.businessFault ? `; business failures reported as faults (learned: ${d.businessFault.evidence})` : '';
  const weak = d.weakRecords ? ` (and ${d.weakRecords} by fuzzy field name, used only where no exact field serves)` : '';
  return `Discovery: ${d.records} records learned${weak} from ${d.sent} requests${d.resultFormat ? `, results in ${d.resultFormat === 'pairs' ? 'name=value text' : d.resultFormat.toUpperCase()}` : ''}; ${failures}${faults}`;
}

export interface Summary {
  /** `conforms-partially`: nothing failed, but some selected operation x transport cells were not
   * sent at all (listed in notCovered), or the run did not do all it planned (run.incomplete: a
   * signal, --max-duration); it exits 0 like `conforms`. */
  readonly verdict: 'conforms' | 'conforms-partially' | 'does-not-conform' | 'error';
  /** The lowest level that failed the run (--fail-on). */
  readonly failOn: FailOn;
  readonly exchanges: { readonly total: number; readonly passed: number; readonly failed: number; readonly error: number; readonly skipped: number };
  /** Check verdicts: `failed` those that fail the run, `notices` the failed verdicts of levels that
   * do not (warnings unless --fail-on warning, and info); `error` checks that crashed. */
  readonly checks: { readonly passed: number; readonly failed: number; readonly notices: number; readonly skipped: number; readonly error: number; readonly waived?: number };
  /** Failed check verdicts per level, whether or not they failed the run. */
  readonly levels: LevelCounts;
  /** The selected operation x transport cells, and those of them with no exchange sent, with why. */
  readonly cells: { readonly selected: number; readonly notCovered: readonly NotCoveredCell[] };
  /** What the valid requests got (data-path.ts); absent when no record said (a run or report from
   * before data-path coverage), so such a summary reads as it always did. */
  readonly dataPath?: DataPathSummary;
  /** Runs given --reference-url: exchanges compared with the reference, and how they compared. */
  readonly reference?: ReferenceCounts;
  /** A proxy session that judged a sample (report/digest/judged.ts): the verdict is over those alone. */
  readonly sampled?: { readonly judged: number; readonly exchanges: number };
}

/** The parts of a run's information the verdict depends on. */
export type VerdictInputs = Pick<RunInfo, 'toolErrors' | 'configuration' | 'incomplete' | 'failure'> & Partial<Pick<RunInfo, 'discovery' | 'kind' | 'observed'>>;

export function summarise(records: readonly ExchangeRecord[], run: VerdictInputs): Summary {
  const failOn = failOnOf(run);
  const counts: Parameters<typeof countRecord>[0] & SummaryCounts = { exchanges: { total: records.length, passed: 0, failed: 0, error: 0, skipped: 0 }, checks: { passed: 0, failed: 0, notices: 0, skipped: 0, error: 0 } };
  for (const r of records) countRecord(counts, r, failOn);
  return summaryOf(counts, levelCounts(records), notCoveredCells(records, run), run, dataPathOf(records));
}

export type SummaryCounts = Pick<Summary, 'exchanges' | 'checks'>;

/** Adds one record's outcome and check verdicts to the counts (summarise, and the run digest that
 * counts records as they arrive). `counts.exchanges.total` is the caller's. */
export function countRecord(counts: { exchanges: Record<Outcome, number>; checks: Record<Exclude<keyof Summary['checks'], 'waived'>, number> & { waived?: number } }, r: ExchangeRecord, failOn: FailOn): void {
  counts.exchanges[outcomeOf(r, failOn)]++;
  for (const c of r.checks) {
    // Waived verdicts are counted only when there are some: a run without waivers reads as before.
    if (c.status === 'waived') counts.checks.waived = (counts.checks.waived ?? 0) + 1;
    else counts.checks[c.status === 'failed' && !failsRun(c.level, failOn) ? 'notices' : c.status]++;
  }
}

/** The summary from what was counted: shared by summarise and the run digest, so both decide the
 * verdict alike. */
export function summaryOf(counts: SummaryCounts, levels: LevelCounts, notCovered: readonly NotCoveredCell[], run: VerdictInputs, counted?: DataPathSummary): Summary {
  // Each operation the search left blocked names what blocked it (value-search.ts).
  const dataPath = withBlocked(counted, run.discovery?.search?.blocked);
  const failOn = failOnOf(run);
  const { exchanges, checks } = counts;
  // An operation whose valid requests never succeeded is a warning like a check's (docs/checks.md, Graded findings):
  // named in every report, counted in "with N warnings", failing the run only under --fail-on
  // warning. It is about the run's reach, not one exchange, so it is no check verdict: levels
  // (failed check verdicts) and the exchanges' outcomes leave it out, and the verdict adds it here.
  const dataPathFails = failsRun('warning', failOn) && withoutSuccess(dataPath).length > 0;
  // A check that crashed or a suite that broke means the tool cannot vouch for the verdict; an
  // exchange the target did not complete (reset, timeout) is a finding about the target.
  const verdict = run.toolErrors.length > 0 || checks.error > 0 ? 'error'
    : exchanges.failed + exchanges.error > 0 || dataPathFails ? 'does-not-conform'
    : notCovered.length > 0 || run.incomplete ? 'conforms-partially' : 'conforms';
  const selected = (['operations', 'transports'] as const).map((k) => (Array.isArray(run.configuration[k]) ? (run.configuration[k] as unknown[]).length : 0));
  const observed = run.observed;
  const sampled = observed && observed.sampled > 0 ? { sampled: { judged: observed.judged, exchanges: observed.exchanges } } : {};
  return { verdict, failOn, exchanges, checks, levels, cells: { selected: selected[0]! * selected[1]!, notCovered }, ...(dataPath ? { dataPath } : {}), ...sampled };
}

/** Every warning of a run: failed check verdicts of level warning, and operations whose valid
 * requests never succeeded (data-path.ts). */
export const warningCount = (s: Summary): number => s.levels.warning + withoutSuccess(s.dataPath).length;

/** Whether the verdict lets the run pass (exit 0): a partial run passes, and says it was partial. */
export const passes = (verdict: Summary['verdict']): boolean => verdict === 'conforms' || verdict === 'conforms-partially';

/** "conforms, with 3 warnings": the verdict, and the warnings when they did not decide it (info
 * is counted in the summary line, not here: observations never qualify a verdict). */
export function verdictText(s: Summary): string {
  const partial = s.verdict !== 'conforms-partially' ? ''
    : s.cells.notCovered.length > 0 ? `: ${s.cells.notCovered.length} of ${s.cells.selected} operation x transport cells not sent`
    : ': the run did not finish (see Incomplete)';
  return `${s.verdict}${sampledNote(s)}${partial}${warningsNote(s)}`;
}

/** " (sampled: judged 8,665 of 31,002 exchanges)": a verdict over a sample never reads as one over
 * every exchange. */
export const sampledNote = (s: Pick<Summary, 'sampled'>): string =>
  s.sampled ? ` (sampled: judged ${s.sampled.judged.toLocaleString('en-US')} of ${s.sampled.exchanges.toLocaleString('en-US')} exchanges)` : '';

/** ", with 3 warnings" when warnings were found that did not decide the verdict; else nothing. */
export function warningsNote(s: Summary): string {
  const n = warningCount(s);
  return n > 0 && !failsRun('warning', s.failOn) ? `, with ${n} ${n === 1 ? 'warning' : 'warnings'}` : '';
}

/** Every error and warning of a run as one flat list, with its level, for results.json and the
 * console; a crashed check or an exchange the target did not complete counts as an error. */
export function failuresOf(records: readonly ExchangeRecord[]) {
  return records.flatMap((r) => {
    const what = {
      operation: r.operation, transport: r.transport, caseId: r.caseId, kind: r.kind,
      ...(r.scenario ? { scenario: r.scenario } : {}), ...(r.param ? { param: r.param } : {}), ...(r.expectation ? { expectation: r.expectation } : {}),
      // A replayed captured call names the capture's entry it came from (run --traffic).
      ...(r.traffic ? { traffic: r.traffic } : {}),
    };
    const excerpt = { request: r.request, ...(r.response ? { response: r.response } : {}) };
    if (r.error) return [{ ...what, check: r.error.code, status: 'error' as const, level: 'error' as Level, message: r.error.message, ...excerpt }];
    return r.checks
      // Observations (info) are counted in summary.levels and detailed where they belong (parity.json).
      .filter((c) => c.status === 'error' || (c.status === 'failed' && c.level !== 'info'))
      .map((c) => ({ ...what, check: c.id, status: c.status, level: c.level ?? 'error', message: c.message ?? '', ...excerpt }));
  });
}

export { findingsOf };

/** Service-level checks that could not be made, with why (e.g. no WSDL published). */
export function notesOf(records: readonly ExchangeRecord[]): Array<{ check: string; message: string }> {
  return records.filter((r) => r.kind === 'service').flatMap((r) => r.checks.filter((c) => c.status === 'skipped').map((c) => ({ check: c.id, message: c.message ?? '' })));
}
