/** Reading the target's answers as the diagnoses need them: the body as text, HTML entities of an
 * error page decoded, and the labels of transports. */
import type { ExchangeRecord } from '../results/record.js';
import type { Finding } from './types.js';

const ENTITIES: Readonly<Record<string, string>> = { '&#39;': "'", '&apos;': "'", '&quot;': '"', '&lt;': '<', '&gt;': '>', '&amp;': '&' };

/** The answer's body (its recorded excerpt), with the entities an HTML error page writes decoded. */
export function answerText(record: ExchangeRecord): string {
  return (record.response?.body ?? '').replace(/&#39;|&apos;|&quot;|&lt;|&gt;|&amp;/g, (e) => ENTITIES[e]!);
}

/** The answer's header, by name in any case. */
export function answerHeader(record: ExchangeRecord, name: string): string {
  const headers = record.response?.headers ?? {};
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? '' : headers[key]!;
}

export const TRANSPORT_LABELS: Readonly<Record<string, string>> = { soap11: 'SOAP 1.1', soap12: 'SOAP 1.2', get: 'HTTP GET', post: 'HTTP POST' };

/** "HTTP GET and HTTP POST", "SOAP 1.2". */
export const labelsOf = (transports: readonly string[]): string => {
  const labels = transports.map((t) => TRANSPORT_LABELS[t] ?? t);
  return labels.length <= 1 ? labels.join('') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
};

/** "12 answers" / "1 answer", and where the first came from. */
export function quoted(records: readonly ExchangeRecord[], what: string): string {
  const first = records[0]!;
  return `${records.length} ${records.length === 1 ? 'answer' : 'answers'} ${what} (first: ${first.operation} over ${TRANSPORT_LABELS[first.transport] ?? first.transport}, case ${first.caseId})`;
}

/** Whether the finding is on an exchange over one of `transports`. */
export const over = (transports: ReadonlySet<string>) => (f: Finding): boolean => transports.has(f.record.transport);

/** The first match of `pattern` in the answers of `records`, cut to one line. */
export function firstMatch(records: readonly ExchangeRecord[], pattern: RegExp): string | undefined {
  for (const r of records) {
    const m = pattern.exec(answerText(r));
    if (m) return m[0].split('\n')[0]!.trim();
  }
  return undefined;
}
