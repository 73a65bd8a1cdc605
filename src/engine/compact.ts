/**
 * What the final reports keep of an exchange that passed. Requests and responses are shown only
 * for findings (results.json failures, failure files, junit <failure>), and parity.json shows only
 * the cases whose transports differed; so a passing exchange's bodies, curl command and result
 * text are dropped before its record leaves the test worker. Sending them to the main process and
 * holding them to the end of the run made time and memory grow with the number of cases (measured
 * by npm run bench). Findings, skips, the ?WSDL record and parity differences are kept whole.
 */
import { findingsOf } from './findings.js';
import type { ExchangeRecord } from './record.js';

export function compactRecord(r: ExchangeRecord): ExchangeRecord {
  if (r.compacted || r.kind === 'service' || r.skipped || findingsOf(r, 'warning').length > 0) return r;
  if (r.parity && r.parity.differences.length > 0) return r;
  const { body: _body, ...request } = r.request;
  const { result: _result, ...rest } = r;
  return {
    ...rest,
    request: { ...request, curl: '' },
    ...(r.response ? { response: { ...r.response, body: '' } } : {}),
    ...(r.parity ? { parity: { ...r.parity, outcomes: r.parity.outcomes.map((o) => ({ ...o, text: null, curl: '' })) } } : {}),
    compacted: true,
  };
}
