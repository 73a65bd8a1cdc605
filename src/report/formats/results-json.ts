/** reports/results.json: the run, its summary, a record per failure with request and response excerpts, and every exchange's verdict by a stable case key (for tsiws-conform compare). */
import type { ExchangeRecord } from '../../results/record.js';
import type { FailOn } from '../../results/levels.js';
import { coverageSummary } from '../digest/coverage.js';
import { asDigest, type Reported } from '../digest/digest.js';
import { jsonChunks } from '../digest/json-chunks.js';
import { failuresOf, notesOf, type RunInfo } from '../digest/summary.js';
import { VerdictTally } from '../../results/verdicts.js';
import { reportOrder } from '../digest/report-order.js';
import { diagnosesJson } from './diagnoses-json.js';
import { diagnosesOf, explainedBy, findingKey } from '../digest/diagnoses-of.js';
import { staleNotes, waiversJson } from '../digest/waivers.js';

/** 2: graded findings (summary.failOn, summary.levels, summary.checks.notices, a level on every
 * failure; checks.failed counts only the verdicts that fail the run). */
export const RESULTS_SCHEMA_VERSION = 2;

/** The file in parts. Counts, failures and the verdicts, one per exchange, come from the digest
 * (or from `all`, every record of the run, when given). */
export function* resultsJsonChunks(reported: Reported, run: RunInfo, all?: Iterable<ExchangeRecord>): Generator<string> {
  const digest = asDigest(reported, run);
  const summary = digest.summary(run);
  const diagnoses = diagnosesOf(digest, run);
  const uses = digest.waivers.uses(run);
  // Waivers (waivers.ts): a stale one is a note; the waivers and what they waived only when the run had some.
  const notes = [...notesOf(digest.kept), ...staleNotes(uses)];
  const waived = digest.waivers.findings.length > 0 ? { waived: digest.waivers.findings } : {};
  const head = { schemaVersion: RESULTS_SCHEMA_VERSION, run, summary, diagnoses: diagnosesJson(diagnoses), notes, ...waiversJson(uses), ...waived, failures: [], verdicts: {}, coverage: coverageSummary(digest.coverage.coverage()) };
  yield* jsonChunks(head, {
    failures: { items: failuresIn(digest.kept, explainedBy(diagnoses)) },
    verdicts: { entries: verdictsInOrder(all ? tallied(all, summary.failOn) : digest.verdicts) },
  });
}

function tallied(records: Iterable<ExchangeRecord>, failOn: FailOn): VerdictTally {
  const tally = new VerdictTally(failOn);
  for (const r of records) tally.add(r);
  return tally;
}

/** The verdicts in report order (operation, transport, case), not as their records arrived, so
 * that two runs of one seed write them alike; `compare` reads them by key either way. */
function verdictsInOrder(tally: VerdictTally): Array<[string, string]> {
  const keys = [...tally.orderKeys];
  keys.sort(([, a], [, b]) => reportOrder(a, b));
  return keys.map(([key]) => [key, tally.verdicts[key]!]);
}

/** failuresOf a record at a time: the list is written as it is made; an explained failure names its diagnosis. */
function* failuresIn(records: readonly ExchangeRecord[], cause: ReadonlyMap<string, string>): Generator<unknown> {
  for (const r of records) {
    for (const f of failuresOf([r])) {
      const diagnosis = cause.get(findingKey(f));
      yield diagnosis ? { ...f, diagnosis } : f;
    }
  }
}

export function resultsJson(records: readonly ExchangeRecord[], run: RunInfo): string {
  return [...resultsJsonChunks(records, run)].join('');
}
