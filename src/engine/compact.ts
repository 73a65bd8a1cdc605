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
import { clip } from '../results/clip.js';
import { findingsOf } from '../results/findings.js';
import type { ExchangeRecord } from '../results/record.js';

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
  const { body: _body, ...request } = r.request;
  const { result, ...rest } = r;
  return {
    ...rest,
    ...(shapeSample(r) ? { result } : {}),
    request: { ...request, curl: '' },
    ...(r.response ? { response: { ...r.response, body: '' } } : {}),
    ...(r.parity ? { parity: { ...r.parity, outcomes: r.parity.outcomes.map((o) => ({ ...o, text: null, curl: '' })) } } : {}),
    compacted: true,
  };
}
