/** What one record said, as the parity comparison, the baseline and the reference compare it
 * (transport-outcome.ts): apart from the outcome's type, so that the record's plain parts can
 * name outcomes without a circle back to the record. */
import type { TransportId } from '../transports/index.js';
import type { ExchangeRecord } from './record.js';
import type { TransportOutcome } from './transport-outcome.js';

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
