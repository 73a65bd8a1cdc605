/** What one exchange said, as the parity comparison and the baseline see it: a result, a
 * rejection, an error or something unreadable, with its text. Plain data from plain data. */
import type { TransportId } from '../transports/index.js';
import type { ExchangeRecord } from './record.js';

export interface TransportOutcome {
  readonly transport: TransportId;
  readonly status: number | null;
  readonly outcome: 'result' | 'rejected' | 'unreadable' | 'error';
  /** The result text, or for a rejection its message. */
  readonly text: string | null;
}

/** What one transport answered to one case, decoded, as a baseline records it (src/regression/format.ts). */
export interface BaselineAnswer {
  readonly case: string;
  readonly transport: TransportId;
  /** result: a 2xx with a result; rejected: a fault or error status; unreadable; error: no answer; skipped: not sent. */
  readonly outcome: 'result' | 'rejected' | 'unreadable' | 'error' | 'skipped';
  readonly status: number | null;
  readonly contentType: string | null;
  /** The whole result text, or for a rejection its fault code and reason (or body), cut at 500 characters. */
  readonly text: string | null;
  /** The SOAP fault code, when the answer was a fault. */
  readonly faultCode?: string;
}

export function transportOutcomeOf(r: ExchangeRecord): TransportOutcome & { curl: string } {
  const transport = r.transport as TransportId;
  const status = r.response?.status ?? null;
  const curl = r.request.curl;
  if (r.error) return { transport, status, outcome: 'error', text: `${r.error.code}: ${r.error.message}`, curl };
  const result = r.result;
  if (result?.kind === 'result' && status !== null && status >= 200 && status < 300) return { transport, status, outcome: 'result', text: result.text, curl };
  if (result?.kind === 'fault') return { transport, status, outcome: 'rejected', text: `${result.code}: ${result.reason}`, curl };
  if (status !== null && (status < 200 || status >= 300)) return { transport, status, outcome: 'rejected', text: r.response?.body ?? '', curl };
  return { transport, status, outcome: 'unreadable', text: result?.kind === 'unreadable' ? result.reason : r.response?.body ?? '', curl };
}
