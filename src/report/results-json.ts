/** reports/results.json: the run, its summary, a record per failure with request and response excerpts, and every exchange's verdict by a stable case key (for tsiws-conform compare). */
import type { ExchangeRecord } from '../results/record.js';
import { coverageSummary } from './coverage.js';
import { asDigest, type Reported } from './digest.js';
import { jsonChunks } from './json-chunks.js';
import { failuresOf, notesOf, type RunInfo } from './summary.js';
import { verdictsOf } from '../results/verdicts.js';
import { diagnosesJson } from './diagnoses-json.js';
import { diagnosesOf, explainedBy, findingKey } from './diagnoses-of.js';
import { staleNotes, waiversJson } from './waivers.js';

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
    verdicts: { entries: Object.entries(all ? verdictsOf(all, summary.failOn) : digest.verdicts.verdicts) },
  });
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
