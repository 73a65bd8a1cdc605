/** The verdict of every exchange of a run, by a case key that is stable across runs, so that two
 * report folders can be compared (tsiws-conform compare). A fuzz record is keyed by its property
 * (`<operation>-fuzz`, for its exchanges and its parity record): which sample is reported depends on whether the property failed.
 * A proxy's exchange by its cell (`<operation>-observed` and its transport, issue 61): its number in
 * one session says nothing in another, and a key per exchange grew the proxy by each one. */
import { outcomeOf, type Outcome } from './findings.js';
import type { ExchangeRecord } from './record.js';
import type { FailOn } from './levels.js';
import { caseOfRecord, OBSERVED_CASE } from './repetition.js';

// Only an id that starts as the observed case's can be one of its exchanges: others are not taken
// apart (a regular expression and two slices a record, for every record of a run; issue 61).
export const stableCaseId = (r: { readonly operation: string; readonly caseId: string }): string =>
  r.caseId.startsWith(r.operation) && r.caseId.startsWith('-fuzz', r.operation.length) ? `${r.operation}-fuzz`
  : r.caseId.startsWith(OBSERVED_CASE) && caseOfRecord(r.caseId, false).caseId === OBSERVED_CASE ? `${r.operation}-${OBSERVED_CASE}` : r.caseId;

const RANK: Record<Outcome, number> = { skipped: 0, passed: 1, failed: 2, error: 3 };

/** `"<case> <transport>": passed | failed | error | skipped`, for every record; where several
 * records share a key (the samples of a replayed fuzz property) the worst verdict stands. */
export function verdictsOf(records: Iterable<ExchangeRecord>, failOn: FailOn): Record<string, Outcome> {
  const tally = new VerdictTally(failOn);
  for (const r of records) tally.add(r);
  return tally.verdicts;
}

/** verdictsOf a record at a time: the run's digest takes them as it reads records.jsonl, so
 * results.json needs no pass of its own over every record (issue 52). */
export class VerdictTally {
  readonly verdicts: Record<string, Outcome> = {};
  /** What report order reads of each key's first record (report/digest/report-order.ts), so that
   * results.json lists the verdicts in that order rather than as the records arrived. */
  readonly orderKeys = new Map<string, Pick<ExchangeRecord, 'kind' | 'operation' | 'transport' | 'caseId'>>();

  constructor(private readonly failOn: FailOn) {}

  add(r: ExchangeRecord): void {
    const caseId = stableCaseId(r);
    const key = `${caseId} ${r.transport}`;
    const outcome = outcomeOf(r, this.failOn);
    const before = this.verdicts[key];
    if (before === undefined) this.orderKeys.set(key, { kind: r.kind, operation: r.operation, transport: r.transport, caseId });
    if (before === undefined || RANK[outcome] > RANK[before]) this.verdicts[key] = outcome;
  }
}
