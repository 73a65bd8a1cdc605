/** reports/results.json: the run, its summary, a record per failure with request and response excerpts, and every exchange's verdict by a stable case key (for tsiws-conform compare). */
import type { ExchangeRecord } from '../results/record.js';
import { coverageSummary } from './coverage.js';
import { failuresOf, notesOf, summarise, type RunInfo } from './summary.js';
import { verdictsOf } from './verdicts.js';

/** 2: graded findings (summary.failOn, summary.levels, summary.checks.notices, a level on every
 * failure; checks.failed counts only the verdicts that fail the run). */
export const RESULTS_SCHEMA_VERSION = 2;

export function resultsJson(records: readonly ExchangeRecord[], run: RunInfo): string {
  const summary = summarise(records, run);
  return `${JSON.stringify({ schemaVersion: RESULTS_SCHEMA_VERSION, run, summary, notes: notesOf(records), failures: failuresOf(records), verdicts: verdictsOf(records, summary.failOn), coverage: coverageSummary(records) }, null, 2)}\n`;
}
