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
 * cut at EXCERPT_BYTES (its full size in `bodySize`, the cut said in a comment).
 */
import { STATUS_CODES } from 'node:http';
import { findingsOf } from '../results/findings.js';
import type { FailOn } from '../results/levels.js';
import type { ExchangeRecord, RecordedRequest, RecordedResponse } from '../results/record.js';
import { failureId } from './failure-files.js';
import type { RunInfo } from './summary.js';

export const HAR_FILE = 'failures.har';

type NameValue = { name: string; value: string };

const nameValues = (headers: Readonly<Record<string, string>>): NameValue[] => Object.entries(headers).map(([name, value]) => ({ name, value }));

/** A header by name, whatever its case. */
const header = (headers: Readonly<Record<string, string>>, name: string): string | undefined =>
  Object.entries(headers).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];

const pairs = (params: URLSearchParams): NameValue[] => [...params].map(([name, value]) => ({ name, value }));

/** The query of a URL; a URL that does not parse (a hostile path) has none we can name. */
function queryOf(url: string): NameValue[] {
  try {
    return pairs(new URL(url).searchParams);
  } catch {
    return [];
  }
}

/** A request as a HAR 1.2 entry holds it (also each line of the proxy's capture, src/proxy/capture.ts). */
export function harRequest(request: RecordedRequest) {
  const mimeType = header(request.headers, 'content-type') ?? '';
  const body = request.body;
  return {
    method: request.method,
    url: request.url,
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headers: nameValues(request.headers),
    queryString: queryOf(request.url),
    ...(body !== undefined
      ? { postData: { mimeType, text: body, ...(mimeType.toLowerCase().startsWith('application/x-www-form-urlencoded') ? { params: pairs(new URLSearchParams(body)) } : {}) } }
      : {}),
    headersSize: -1,
    bodySize: body === undefined ? 0 : Buffer.byteLength(body),
  };
}

/** An answer as a HAR 1.2 entry holds it (and each line of the proxy's capture). */
export function harResponse(response: RecordedResponse | undefined, error: ExchangeRecord['error']) {
  // No answer (refused, timed out): status 0, as browsers record a request that got none.
  if (!response) {
    return {
      status: 0, statusText: '', httpVersion: '', cookies: [], headers: [], content: { size: 0, mimeType: '' }, redirectURL: '', headersSize: -1, bodySize: -1,
      ...(error ? { comment: `no answer: ${error.code}: ${error.message}` } : {}),
    };
  }
  return {
    status: response.status,
    statusText: STATUS_CODES[response.status] ?? '',
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headers: nameValues(response.headers),
    content: {
      size: response.bodyBytes,
      mimeType: header(response.headers, 'content-type') ?? '',
      text: response.body,
      ...(response.truncated ? { comment: `cut at ${Buffer.byteLength(response.body)} of ${response.bodyBytes} bytes, as the reports show it` } : {}),
    },
    redirectURL: header(response.headers, 'location') ?? '',
    headersSize: -1,
    bodySize: response.bodyBytes,
  };
}

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
