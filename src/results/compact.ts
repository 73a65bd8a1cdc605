/**
 * What the final reports keep of an exchange that passed. Requests and responses are shown only
 * for findings (results.json failures, failure files, junit <failure>), and parity.json shows only
 * the cases whose transports differed; so a passing exchange's bodies, curl command and result
 * text are dropped before its record leaves the test worker. Sending them to the main process and
 * holding them to the end of the run made time and memory grow with the number of cases (measured
 * by npm run bench). Findings, skips, the ?WSDL record and parity differences are kept, their result
 * texts bounded (boundRecord). A passing valid request keeps its result text when it is no longer
 * than RESULT_CHARS: `shapes infer` learns the results' shapes from records.jsonl (issue 21), and
 * there is one such record per example case and fuzz property, not per fuzzed request.
 */
import { clip } from './clip.js';
import { findingsOf } from './findings.js';
import type { ExchangeRecord, ParityInfo, RecordedRequest, RecordedResponse } from './record.js';

/** What a kept record holds of a result text at most. The checks and the parity comparison have
 * seen the whole text by then; a megabyte one sent whole from every worker (then in vitest's task
 * metadata, sent more than once per test) and written to every report took minutes (issue 18). */
export const RESULT_CHARS = 16 * 1024;

const long = (text: string | null | undefined): text is string => typeof text === 'string' && text.length > RESULT_CHARS;

/** `r` with its result texts cut at RESULT_CHARS; `r` itself when none is longer. */
export function boundRecord(r: ExchangeRecord): ExchangeRecord {
  const result = r.result?.kind === 'result' && long(r.result.text) ? { result: { ...r.result, text: clip(r.result.text, RESULT_CHARS) } } : {};
  const parity = r.parity?.outcomes.some((o) => long(o.text))
    ? { parity: { ...r.parity, outcomes: r.parity.outcomes.map((o) => (long(o.text) ? { ...o, text: clip(o.text, RESULT_CHARS) } : o)) } }
    : {};
  return 'result' in result || 'parity' in parity ? { ...r, ...result, ...parity } : r;
}

/** A whole result text of a valid request, which `shapes infer` may learn from. */
const shapeSample = (r: ExchangeRecord): boolean =>
  (r.kind === 'positive' || r.kind === 'fuzz') && r.result?.kind === 'result' && typeof r.result.text === 'string' && !long(r.result.text);

export function compactRecord(r: ExchangeRecord): ExchangeRecord {
  if (r.compacted || r.kind === 'service' || r.skipped || findingsOf(r, 'warning').length > 0) return boundRecord(r);
  if (r.parity && r.parity.differences.length > 0) return boundRecord(r);
  // A difference from --reference-url is judged once the run's noise is known: its 'reference'
  // record replays the first differing exchange's request, so that request keeps its curl command.
  if (r.reference && r.reference.differences.length > 0) return boundRecord(r);
  // Key by key in the record's order, the result (when kept) moved to the end: the JSON of spreading
  // the record without it, for less (an object rest and spreads of conditional parts cost more than
  // the rest of compaction, and the JSON of what they make more; profiled, issue 20).
  const compact: Record<string, unknown> = {};
  for (const key of Object.keys(r) as Array<keyof ExchangeRecord>) {
    if (key === 'result') continue;
    compact[key] = key === 'request' ? compactRequest(r.request) : key === 'response' ? compactResponse(r.response!) : key === 'parity' ? compactParity(r.parity!) : r[key];
  }
  if (shapeSample(r)) compact['result'] = r.result;
  compact['compacted'] = true;
  return compact as unknown as ExchangeRecord;
}

/** A request kept per run (run-case.ts, shownRequest) is compacted once. */
const compactRequests = new WeakMap<RecordedRequest, RecordedRequest>();
function compactRequest(request: RecordedRequest): RecordedRequest {
  let compact = compactRequests.get(request);
  if (!compact) {
    const { body: _body, ...rest } = request;
    compactRequests.set(request, (compact = { ...rest, curl: '' }));
  }
  return compact;
}

const compactResponse = (response: RecordedResponse): RecordedResponse => ({ ...response, body: '' });
const compactParity = (parity: ParityInfo): ParityInfo => ({ ...parity, outcomes: parity.outcomes.map((o) => ({ ...o, text: null, curl: '' })) });
