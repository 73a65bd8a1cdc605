/** What the search for values that succeed found (engine/learn/value-search.ts), as reports show it: the
 * values found per operation, and what still blocked the others. Secrets are redacted before it
 * gets here (session/run-and-report.ts, discoveryInfo). */
import { textCeiling, type TextLimit } from '../../engine/learn/length-probe.js';
import type { Blocked } from '../../engine/learn/learned-state.js';

export interface SearchInfo {
  readonly budget: number;
  readonly sent: number;
  /** Operation -> parameter -> the value that made its valid request succeed. */
  readonly found: Readonly<Record<string, Readonly<Record<string, string>>>>;
  readonly blocked: Readonly<Record<string, Blocked>>;
  readonly textLimit?: TextLimit;
}

/** Most characters of a value (a base64 file is long) and of a message in the console line. */
const VALUE_CHARS = 40;
const MESSAGE_CHARS = 100;
const STOPPED = { exhausted: 'nothing left to try', budget: 'budget ran out' } as const;
const clip = (s: string, max = VALUE_CHARS): string => (s.length > max ? `${s.slice(0, max)}…` : s);
const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** `Search: 2 operations now succeed (MobileContactEmailCreate: email=a@b.example); 1 still blocked:
 * MobileDocumentUpload (base64string: 'base64string is not valid base64'; nothing left to try); 14 of 60 requests`. */
export function searchLine(s: SearchInfo): string {
  const found = Object.entries(s.found).map(([op, values]) => `${op}: ${Object.entries(values).map(([p, v]) => `${p}=${clip(v)}`).join(', ')}`);
  const blocked = Object.entries(s.blocked).map(([op, b]) => `${op} (${b.param ? `${b.param}: ` : ''}'${clip(b.message, MESSAGE_CHARS)}'${b.stopped ? `; ${STOPPED[b.stopped]}` : ''})`);
  const parts = [
    ...(found.length > 0 ? [`${plural(found.length, 'operation now succeeds', 'operations now succeed')} (${found.join('; ')})`] : []),
    ...(blocked.length > 0 ? [`${blocked.length} still blocked: ${blocked.join(', ')}`] : []),
  ];
  if (parts.length === 0) parts.push('every valid request searched succeeded with the values it had');
  const limit = s.textLimit;
  if (limit) parts.push(`texts of ${limit.refused} characters refused (${limit.param} of ${limit.operation})${limit.accepted !== undefined ? `, of ${limit.accepted} taken` : ''}: fuzzed texts are cut to ${textCeiling(limit)}`);
  return `Search: ${parts.join('; ')}; ${s.sent} of ${s.budget} requests`;
}
