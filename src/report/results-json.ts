/** reports/results.json: the run, its summary, and a record per failure with request and response excerpts. */
import type { ExchangeRecord } from '../engine/record.js';
import { coverageSummary } from './coverage.js';
import { failuresOf, notesOf, summarise, type RunInfo } from './summary.js';

export const RESULTS_SCHEMA_VERSION = 1;

export function resultsJson(records: readonly ExchangeRecord[], run: RunInfo): string {
  const summary = summarise(records, run.toolErrors);
  return `${JSON.stringify({ schemaVersion: RESULTS_SCHEMA_VERSION, run, summary, notes: notesOf(records), failures: failuresOf(records), coverage: coverageSummary(records) }, null, 2)}\n`;
}
