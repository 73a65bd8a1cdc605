/**
 * reports/failures.har (issue 40, part 2): every failing exchange as sent and as answered, in HAR
 * 1.2 (http://www.softwareishard.com/blog/har-12-spec/), which Chromium's DevTools, Postman and any
 * HAR viewer open. Pure: the records in, the file's text out (write.ts writes it).
 *
 * A plain JSON writer: npm has HAR validators (har-validator, the test's reader) and browser
 * recorders, but no maintained library that builds a HAR from requests one already has; the format
 * is plain JSON with a published schema, which the test validates against.
 *
 * Each entry is the record's own request and response, so it shows what the other reports show:
 * secrets as the spec's placeholders (records never hold them, results/record.ts), the answer's body
 * cut at EXCERPT_BYTES (its full size in `bodySize`, the cut said in a comment). An entry's request
 * and answer are built as the proxy's capture builds its lines (traffic/format.ts).
 */
import { findingsOf } from '../../results/findings.js';
import type { FailOn } from '../../results/levels.js';
import type { ExchangeRecord } from '../../results/record.js';
import { harRequest, harResponse } from '../../traffic/format.js';
import { failureId } from '../digest/failure-files.js';
import type { RunInfo } from '../digest/summary.js';

export const HAR_FILE = 'failures.har';

/** Records that are exchanges (parity and reference records compare exchanges, sent by none)
 * and fail the run under `failOn`. */
export const failingExchanges = (records: readonly ExchangeRecord[], failOn: FailOn): ExchangeRecord[] =>
  records.filter((r) => r.kind !== 'parity' && r.kind !== 'reference' && !r.skipped && findingsOf(r, failOn).length > 0);

/** The HAR text of the failing exchanges among `records` (the digest's kept ones, in report order). */
export function failuresHar(records: readonly ExchangeRecord[], run: RunInfo, failOn: FailOn): string {
  const entries = failingExchanges(records, failOn).map((r) => ({
    startedDateTime: r.response?.sentAt ?? run.startedAt,
    time: r.response?.elapsedMs ?? 0,
    request: harRequest(r.request),
    response: harResponse(r.response, r.error),
    cache: {},
    // Only the whole is measured (the response time): send and receive are not told apart from it.
    timings: { send: 0, wait: r.response?.elapsedMs ?? 0, receive: 0 },
    comment: `${r.operation} ${r.transport} case ${r.caseId}: ${findingsOf(r, failOn).join('; ')}`,
    // HAR 1.2 lets a writer add fields whose names start with '_' (as Chromium's _initiator): which
    // case it is, for a reader that filters, and its failure file for `replay`.
    _operation: r.operation, _transport: r.transport, _caseId: r.caseId, _failureFile: `failures/${failureId(r)}.json`,
  }));
  const log = { version: '1.2', creator: { name: run.tool.name, version: run.tool.version }, comment: `failing exchanges of the run against ${run.target}`, entries };
  return `${JSON.stringify({ log }, null, 2)}\n`;
}
