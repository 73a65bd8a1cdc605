/**
 * The result texts of the personalities' own formats (personality.ts); the reference's JSON and
 * XML are outcome.ts's. Both are shapes real vendors write where the spec gives the result only as
 * xsd:string:
 *
 * xml-pascal, an XML document in text with PascalCase element names, records two levels down:
 *   <Response><Status>OK</Status><Records><Record><AccountNumber>1001</AccountNumber>...</Record></Records></Response>
 *   <Response><Status>OK</Status><NewID>3041</NewID></Response>          creates
 *   <Response><Status>OK</Status><RowsAffected>1</RowsAffected></Response>  updates and deletes
 *   <Response><Status>Error</Status><ErrorCode>404</ErrorCode><Message>Unknown sonumber 17.</Message></Response>
 * pairs, name=value text: a header line, then one record a line (LF), fields joined by ";":
 *   result=ok;count=2 / accountnumber=1001;accountname=Acme Manufacturing;...
 *   result=ok;id=3041   result=ok   result=error;code=404;message=Unknown sonumber 17.
 *   A nested list is name=a:1,b:2|a:3,b:4. "%", ";", "=", CR, LF (and in a nested list "|", ",",
 *   ":") in a value are percent-encoded as a query string would be.
 */
import { buildXml } from '../../xml/build.js';
import type { ErrorKind, Field, Outcome, Rec, Stamp } from './outcome.js';

/** The ErrorCode of each kind of business error, HTTP's numbers as such vendors borrow them. */
export const ERROR_CODES: Readonly<Record<ErrorKind, number>> = { invalid: 400, auth: 401, 'not-found': 404, conflict: 409 };

const codeOf = (outcome: Outcome) => ERROR_CODES[('kind' in outcome ? outcome.kind : undefined) ?? 'invalid'];

/** Words the field names are made of, for PascalCase (accountnumber: AccountNumber); the longest that fits wins. */
const WORDS = [
  'utilization', 'manufacturer', 'opportunity', 'description', 'numbers', 'internal', 'telephone', 'quantity', 'assembly', 'location', 'priority',
  'completed', 'document', 'elapsed', 'account', 'contact', 'address', 'country', 'comments', 'comment', 'minutes', 'payment', 'default', 'primary',
  'subject', 'postal', 'source', 'serial', 'number', 'reason', 'status', 'emails', 'assigned', 'deduct', 'amount', 'office', 'search', 'delete',
  'record', 'parts', 'first', 'title', 'stage', 'close', 'start', 'count', 'hours', 'model', 'price', 'level', 'terms', 'email', 'asset', 'state',
  'city', 'name', 'type', 'last', 'date', 'time', 'task', 'open', 'item', 'part', 'used', 'unit', 'note', 'code', 'reps', 'rep', 'key', 'log',
  'hot', 'tax', 'end', 'bytes', 'file', 'next', 'category', 'reference', 'is', 'fk', 'to', 'so', 'id',
].sort((a, b) => b.length - a.length);
const UPPER = new Set(['id', 'so', 'fk']);

export function pascalCase(name: string): string {
  let out = '';
  for (let rest = name; rest.length > 0;) {
    const word = WORDS.find((w) => rest.startsWith(w)) ?? /^[^a-z]*[a-z]?/.exec(rest)![0];
    out += UPPER.has(word) ? word.toUpperCase() : word.charAt(0).toUpperCase() + word.slice(1);
    rest = rest.slice(Math.max(1, word.length));
  }
  return out;
}

function xmlRecords(records: readonly Rec[]): unknown {
  return records.length === 0 ? '' : { Record: records.map(xmlRecord) };
}

function xmlRecord(rec: Rec): Record<string, unknown> {
  return Object.fromEntries(Object.entries(rec).map(([name, value]) => [pascalCase(name), Array.isArray(value) ? xmlRecords(value) : String(value)]));
}

function stampFields(o: Partial<Stamp>, name: (n: string) => string): Record<string, string> {
  return { ...(o.servedAt !== undefined ? { [name('servedAt')]: o.servedAt } : {}), ...(o.answerId !== undefined ? { [name('answerId')]: o.answerId } : {}) };
}

export function pascalXmlText(outcome: Outcome & Partial<Stamp>): string {
  const body: Record<string, unknown> = !outcome.ok
    ? { Status: 'Error', ErrorCode: String(codeOf(outcome)), Message: outcome.error }
    : 'records' in outcome ? { Status: 'OK', Records: xmlRecords(outcome.records) }
      : 'id' in outcome ? { Status: 'OK', NewID: String(outcome.id) } : { Status: 'OK', RowsAffected: '1' };
  return buildXml({ Response: { ...body, ...stampFields(outcome, (n) => n.charAt(0).toUpperCase() + n.slice(1)) } }, 'request');
}

const encode = (text: string, nested: boolean) => text.replace(nested ? /[%;=\r\n|,:]/g : /[%;=\r\n]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);

function pairValue(value: Field): string {
  if (!Array.isArray(value)) return encode(String(value), false);
  return value.map((rec) => Object.entries(rec).map(([k, v]) => `${k}:${encode(String(v), true)}`).join(',')).join('|');
}

const line = (fields: Record<string, Field>) => Object.entries(fields).map(([k, v]) => `${k}=${pairValue(v)}`).join(';');

export function pairsText(outcome: Outcome & Partial<Stamp>): string {
  const stamp = stampFields(outcome, (n) => n.toLowerCase());
  if (!outcome.ok) return line({ result: 'error', code: codeOf(outcome), message: outcome.error, ...stamp });
  if ('id' in outcome) return line({ result: 'ok', id: outcome.id, ...stamp });
  if (!('records' in outcome)) return line({ result: 'ok', ...stamp });
  return [line({ result: 'ok', count: outcome.records.length, ...stamp }), ...outcome.records.map((r) => line(r))].join('\n');
}
