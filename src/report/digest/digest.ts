/**
 * What a run's reports need of its records, taken a record at a time as they arrive: counts and
 * aggregates (summary, levels, per operation x transport cells, coverage, parity and regression
 * tallies) and, in full, only the records the reports print in full: those with findings (errors
 * and warnings: results.json's failures, the failure files, report.html's details, the console)
 * and the service's. A passing record is counted and let go, so the main process of a large run
 * (--repeat 64) holds about what a small one does; what needs every record (junit.xml,
 * results.json's verdicts) is read back from records.jsonl, and so are the parity records whose
 * transports differed (parity.json, report.html), by their positions: a difference ASMX is known
 * for (inherent) recurs in every repetition, and holding those records (about 30 KB each, their
 * curl commands and answers) made the main process grow with the run (issue 20).
 */
import { findingsOf, noticesOf, outcomeOf, type Outcome } from '../../results/findings.js';
import { failOnOf, noLevels, type FailOn, type Level, type LevelCounts } from '../../results/levels.js';
import type { ExchangeRecord } from '../../results/record.js';
import { CELL_RANK, cellOf, type CellOutcome } from './cell-outcome.js';
import { CoverageTally } from './coverage.js';
import { DataPathCoverage } from './data-path.js';
import { SequenceTally } from './sequences.js';
import { notCoveredOf } from './not-covered.js';
import { ParityTally } from './parity-tally.js';
import { RegressionTally } from './regression-data.js';
import { REFERENCE_COLUMN, ReferenceReport, referenceUrlOf } from './reference.js';
import { reportOrder, type OrderKey } from './report-order.js';
import { countRecord, summaryOf, type Summary, type VerdictInputs } from './summary.js';
import { WsiReport } from './wsi-report.js';
import { JunitTally } from './junit-tally.js';
import { VerdictTally } from '../../results/verdicts.js';
import { WaiverTally } from './waivers.js';

/** One operation x transport (or parity, or the service's wsdl) of a run, counted. */
export interface CellTally {
  /** Records, skipped ones included, and how many of each outcome. */
  total: number;
  readonly outcomes: Record<Outcome, number>;
  /** Records per kind, in the order the kinds first came. */
  readonly byKind: Map<string, number>;
  /** Records with findings that fail the run. */
  withFindings: number;
  /** Warnings that did not fail the run, of the records sent. */
  warnings: number;
  /** The worst certificate outcome (certificate.ts). */
  certificate: CellOutcome;
  /** Why the first skipped record was not sent. */
  firstSkipped?: string;
}

const OUTCOME_ORDER: readonly Outcome[] = ['error', 'failed', 'passed', 'skipped'];

/** The worst outcome of a cell's records (error, failed, passed, skipped), undefined when none. */
export const worstOutcome = (cell: CellTally): Outcome | undefined => OUTCOME_ORDER.find((o) => cell.outcomes[o] > 0);

export class RunDigest {
  /** Records seen. */
  records = 0;
  /** Fuzz properties stopped early (their records say so). */
  fuzzInterrupted = 0;
  /** Records with findings at the warning level or above, and the service's, as they arrived. */
  private readonly arrived: ExchangeRecord[] = [];
  private ordered: readonly ExchangeRecord[] | undefined;
  /** The parity records whose transports differed: where each is among the records (0 the first
   * one added; records.jsonl's line order), and what report order reads of it. */
  private readonly differing: Array<readonly [number, OrderKey]> = [];
  private differingOrdered: readonly number[] | undefined;
  readonly coverage = new CoverageTally();
  readonly dataPath = new DataPathCoverage();
  readonly sequences = new SequenceTally();
  readonly parity = new ParityTally();
  readonly regression = new RegressionTally();
  /** The verdicts against --reference-url (records of kind 'reference'). */
  readonly reference = new ReferenceReport();
  /** The WS-I assertions' counts and first failures (wsi-report.xml, report.html, the certificate). */
  readonly wsi = new WsiReport();
  /** What each waiver matched, and the waived findings (waivers.ts). */
  readonly waivers = new WaiverTally();
  /** junit.xml's counts (its testcases are read back from records.jsonl by these positions). */
  readonly junit: JunitTally;
  /** results.json's verdicts, one per case and transport. */
  readonly verdicts: VerdictTally;
  /** Whether any record was compared with a baseline (regression.json is written). */
  compared = false;
  readonly levels: LevelCounts = noLevels();
  /** Operations and transports of the records other than the service's, in the order they came. */
  readonly operations = new Set<string>();
  readonly transports = new Set<string>();
  /** Transports at least one record was sent over, and those a valid request passed over (diagnoses). */
  readonly sentOver = new Set<string>();
  readonly validPassedOver = new Set<string>();
  private readonly cells = new Map<string, CellTally>();
  private readonly counts: { exchanges: Record<Outcome | 'total', number>; checks: { passed: number; failed: number; notices: number; skipped: number; error: number; waived?: number } } = { exchanges: { total: 0, passed: 0, failed: 0, error: 0, skipped: 0 }, checks: { passed: 0, failed: 0, notices: 0, skipped: 0, error: 0 } };
  private readonly notices: Record<Level, Map<string, number>> = { error: new Map(), warning: new Map(), info: new Map() };

  /** `failOn` decides outcomes as records arrive: the run's --fail-on. */
  constructor(readonly failOn: FailOn) {
    this.junit = new JunitTally(failOn);
    this.verdicts = new VerdictTally(failOn);
  }

  add(r: ExchangeRecord): void {
    const { failOn } = this;
    this.records++;
    this.counts.exchanges.total++;
    countRecord(this.counts, r, failOn);
    for (const c of r.checks) if (c.status === 'failed') this.levels[c.level ?? 'error']++;
    for (const c of noticesOf(r, failOn)) {
      const byCheck = this.notices[c.level ?? 'error'];
      byCheck.set(c.id, (byCheck.get(c.id) ?? 0) + 1);
    }
    if (r.fuzz?.interrupted) this.fuzzInterrupted++;
    this.addToCell(r);
    this.coverage.add(r);
    this.dataPath.add(r);
    this.sequences.add(r);
    this.parity.add(r);
    this.regression.add(r);
    this.reference.add(r);
    this.wsi.addRecord(r);
    this.waivers.add(r);
    this.junit.add(r, this.records - 1);
    this.verdicts.add(r);
    if (r.regression) this.compared = true;
    // A 'reference' record is a verdict over the run's exchanges, never sent itself.
    if (!r.skipped && r.kind !== 'reference') this.sentOver.add(r.transport);
    if (r.kind === 'positive' && outcomeOf(r, failOn) === 'passed') this.validPassedOver.add(r.transport);
    if (r.kind !== 'service') {
      this.operations.add(r.operation);
      if (r.transport !== 'parity') this.transports.add(r.transport);
    }
    if (r.kind === 'service' || findingsOf(r, 'warning').length > 0) {
      this.arrived.push(r);
      this.ordered = undefined;
    }
    if ((r.parity?.differences.length ?? 0) > 0) {
      this.differing.push([this.records - 1, { kind: r.kind, operation: r.operation, transport: r.transport, caseId: r.caseId }]);
      this.differingOrdered = undefined;
    }
  }

  /** Where the parity records whose transports differed are (parity.json, report.html), in report
   * order: two runs of one seed list them alike, whichever test finished first. */
  get differingAt(): readonly number[] {
    return (this.differingOrdered ??= [...this.differing].sort(([i, a], [j, b]) => reportOrder(a, b) || i - j).map(([i]) => i));
  }

  /** Records with findings at the warning level or above, and the service's, in report order
   * (report-order.ts): the same for two runs whose tests finished in different orders. */
  get kept(): readonly ExchangeRecord[] {
    return (this.ordered ??= [...this.arrived].sort(reportOrder));
  }

  private addToCell(r: ExchangeRecord): void {
    // The verdict against the reference has its own column (console `ref`, the certificate), as parity does.
    const key = `${r.operation} ${r.kind === 'reference' ? REFERENCE_COLUMN : r.transport}`;
    let cell = this.cells.get(key);
    if (!cell) {
      cell = { total: 0, outcomes: { passed: 0, failed: 0, error: 0, skipped: 0 }, byKind: new Map(), withFindings: 0, warnings: 0, certificate: 'not-run' };
      this.cells.set(key, cell);
    }
    const { failOn } = this;
    cell.total++;
    cell.outcomes[outcomeOf(r, failOn)]++;
    cell.byKind.set(r.kind, (cell.byKind.get(r.kind) ?? 0) + 1);
    if (findingsOf(r, failOn).length > 0) cell.withFindings++;
    if (!r.skipped) cell.warnings += noticesOf(r, failOn).filter((c) => c.level === 'warning').length;
    const o = cellOf(r, failOn);
    if (CELL_RANK[o] > CELL_RANK[cell.certificate]) cell.certificate = o;
    if (r.skipped && cell.firstSkipped === undefined) cell.firstSkipped = r.skipped;
  }

  /** The records of one operation over one transport (`parity`, `reference`, or `wsdl` for the service), counted. */
  cell(operation: string, transport: string): CellTally | undefined {
    return this.cells.get(`${operation} ${transport}`);
  }

  /** Failed verdicts that did not fail the run, of one level, per check in the order they came. */
  noticesByCheck(level: Level): ReadonlyMap<string, number> {
    return this.notices[level];
  }

  summary(run: VerdictInputs): Summary {
    sameFailOn(this, run);
    const sent = (key: string) => {
      const cell = this.cells.get(key);
      return cell !== undefined && cell.total > cell.outcomes.skipped;
    };
    const summary = summaryOf(this.counts, { ...this.levels }, notCoveredOf(sent, (key) => this.cells.get(key)?.firstSkipped, run), run, this.dataPath.summary());
    const reference = this.reference.counts(referenceUrlOf(run.configuration));
    return reference ? { ...summary, reference } : summary;
  }
}

/** The digest of records already held (tests, small callers). */
export function digestOf(records: Iterable<ExchangeRecord>, failOn: FailOn): RunDigest {
  const digest = new RunDigest(failOn);
  for (const r of records) digest.add(r);
  return digest;
}

/** What a report is made from: a run's digest, or its records (digested here). A digest made with
 * another --fail-on than the run's would count the wrong outcomes: a bug, said at once. */
export type Reported = RunDigest | readonly ExchangeRecord[];

type Configured = { readonly configuration: Readonly<Record<string, unknown>> };

export function asDigest(reported: Reported, run: Configured): RunDigest {
  if (!(reported instanceof RunDigest)) return digestOf(reported, failOnOf(run));
  sameFailOn(reported, run);
  return reported;
}

function sameFailOn(digest: RunDigest, run: Configured): void {
  const failOn = failOnOf(run);
  if (digest.failOn !== failOn) throw new Error(`internal: a digest made with --fail-on ${digest.failOn} reported for a run with ${failOn}`);
}
