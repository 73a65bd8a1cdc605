/**
 * What one call of the stateful service answers, and how it is written as the result text.
 *
 * JSON (default):
 *   {"ok":true,"records":[{...},...]}     searches, lists, summaries, defaults
 *   {"ok":true,"id":3042}                  creates (the new emailid, sologkeyid or document id)
 *   {"ok":true}                            updates and deletes
 *   {"ok":false,"error":"Unknown emailid 123."}   business errors, in-band (HTTP 200)
 * XML (--result-format xml), the same content as a document in text:
 *   <Result><ok>true</ok><records><record><accountnumber>1001</accountnumber>...</record></records></Result>
 *   <Result><ok>true</ok><id>3042</id></Result>, <Result><ok>true</ok></Result>,
 *   <Result><ok>false</ok><error>...</error></Result>
 * A nested list (a task's assignedreps, a contact's emails) holds <record> elements as well; an
 * empty list is an empty element. Booleans are true/false and numbers their digits, as
 * XmlConvert writes them. Nothing here depends on the transport, a clock or chance: the same
 * outcome is the same text on every transport; except, under --stamp-results, the Stamp's two
 * fields, last in the object or document (`"servedAt":"2024-05-01T10:00:00.123Z","answerId":"..."`).
 */
import { randomUUID } from 'node:crypto';
import type { ResultFormat } from '../../results/result-format.js';
import { buildXml } from '../../xml/build.js';

export type Field = string | number | boolean | readonly Rec[];
export interface Rec {
  readonly [name: string]: Field;
}

export type Outcome =
  | { readonly ok: true; readonly records: readonly Rec[] }
  | { readonly ok: true; readonly id: number }
  | { readonly ok: true }
  | { readonly ok: false; readonly error: string; readonly kind?: ErrorKind };

/** What a business error is about: a value's form (a personality's validity rules), a record that
 * does not exist, a relation that does not hold, or the caller's credentials. Never written by the
 * reference formats; a personality's may carry it (render.ts: ErrorCode). */
export type ErrorKind = 'invalid' | 'not-found' | 'conflict' | 'auth';

/** What --stamp-results adds to every result: the time the answer was made (ISO 8601 with
 * milliseconds) and an id fresh per answer. A live service's results carry such fields (a
 * modification time, a request id); they differ between two answers to the same request, which is
 * what noise learning (issue 38) must recognise and a plain run's parity rightly flags. */
export interface Stamp {
  readonly servedAt: string;
  readonly answerId: string;
}

/** A service's stamps: its clock never gives two answers the same servedAt, even two in one
 * millisecond (two transports' answers to one case often are), so that a learner that compares two
 * answers sees both fields differ by construction, not by the luck of a clock tick (issue 59). */
export function stamper(now: () => number = Date.now): () => Stamp {
  let last = -Infinity;
  return () => {
    last = Math.max(now(), last + 1);
    return { servedAt: new Date(last).toISOString(), answerId: randomUUID() };
  };
}

/** A business rule the request breaks: answered in-band as { ok: false, error }. */
export class BusinessError extends Error {
  constructor(message: string, readonly kind: ErrorKind = 'invalid') {
    super(message);
  }
}

export const XML_RESULT_ROOT = 'Result';

function xmlRecords(records: readonly Rec[]): unknown {
  return records.length === 0 ? '' : { record: records.map(xmlRecord) };
}

function xmlRecord(rec: Rec): Record<string, unknown> {
  return Object.fromEntries(Object.entries(rec).map(([name, value]) => [name, Array.isArray(value) ? xmlRecords(value) : String(value)]));
}

function xmlOf(outcome: Outcome & Partial<Stamp>): Record<string, unknown> {
  const body: Record<string, unknown> = { ok: String(outcome.ok) };
  if ('error' in outcome) body['error'] = outcome.error;
  if ('records' in outcome) body['records'] = xmlRecords(outcome.records);
  if ('id' in outcome) body['id'] = String(outcome.id);
  if (outcome.servedAt !== undefined) body['servedAt'] = outcome.servedAt;
  if (outcome.answerId !== undefined) body['answerId'] = outcome.answerId;
  return { [XML_RESULT_ROOT]: body };
}

/** The result text; XML is built with the `request` flavour (CR, LF and tab as character
 * references), as the echo's is, so a value survives the envelope's line-end normalisation. */
export function outcomeText(outcome: Outcome & Partial<Stamp>, format: ResultFormat): string {
  if (format === 'xml') return buildXml(xmlOf(outcome), 'request');
  // The kind is this module's bookkeeping, not part of the reference's JSON.
  const { kind: _kind, ...written } = outcome as Outcome & Partial<Stamp> & { kind?: ErrorKind };
  return JSON.stringify(written);
}
