/** What one exchange said, as the parity comparison and the baseline see it: a result, a
 * rejection, an error or something unreadable, with its text. Plain data; outcome-of-record.ts
 * reads it off a record. */
import type { TransportId } from '../transports/index.js';

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
