/**
 * The reference echo as result text, in either result format, and read back from it. Both the
 * reference server (src/server/result.ts) and the echo check (src/checks/echo-matches.ts) use this
 * module, so the two formats are written and read in one place.
 *
 * JSON: { "operation": "<Op>", "received": { name: value, ... } }, values typed as JSON.
 * XML:  <EchoResult xmlns:xsi="..."><operation>Op</operation><received><name>text</name>...</received></EchoResult>,
 *       values as ASMX's XmlSerializer writes them (XmlConvert: int digits, booleans "true"/"false"),
 *       a null string as an empty element with xsi:nil="true" (so null and "" stay apart).
 */
import { XMLParser } from 'fast-xml-parser';
import type { ResultFormat } from '../results/result-format.js';
import { ATTR, buildXml } from '../xml/build.js';
import type { Typed } from './values.js';

export interface EchoResult {
  readonly operation: string;
  readonly received: Readonly<Record<string, Typed>>;
}

/** The serialisable form of an echo before it is written: the JSON value, or the XML builder object
 * ({ tag: { '@_attr': v, child: ... } }). A mutant may reshape it (src/server/mutants/payload.ts). */
export type EchoDocument = Record<string, unknown>;

const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
const NIL = `${ATTR}xsi:nil`;
export const XML_ROOT = 'EchoResult';

/** A typed value as XmlSerializer writes it in text; null for xsi:nil. */
export function xmlText(value: Typed): string | null {
  if (value === null) return null;
  return typeof value === 'boolean' ? (value ? 'true' : 'false') : String(value);
}

export function echoDocument(result: EchoResult, format: ResultFormat): EchoDocument {
  if (format === 'json') return { operation: result.operation, received: { ...result.received } };
  const received = Object.fromEntries(Object.entries(result.received).map(([name, value]) => {
    const text = xmlText(value);
    return [name, text === null ? { [NIL]: 'true' } : text];
  }));
  return { [XML_ROOT]: { [`${ATTR}xmlns:xsi`]: XSI, operation: result.operation, received } };
}

/** The result text. XML is built with the `request` flavour, which writes CR, LF and tab as character
 * references, so a value reaches the reader exactly (the result text is itself escaped once more
 * inside the response envelope). */
export function echoText(doc: EchoDocument, format: ResultFormat): string {
  return format === 'json' ? JSON.stringify(doc) : buildXml(doc, 'request');
}

/** What a result text holds when it is read as an echo: the operation and, per parameter, the value
 * as the format carries it (JSON values as they are; XML as text, null for xsi:nil). */
export type ReadEcho =
  | { readonly ok: true; readonly operation: unknown; readonly received: Readonly<Record<string, unknown>> }
  | { readonly ok: false; readonly why: string };

// Values stay text (no number parsing) and keep their white space: the check compares them exactly.
const parser = new XMLParser({
  ignoreAttributes: false, attributeNamePrefix: ATTR, parseTagValue: false, parseAttributeValue: false,
  trimValues: false, processEntities: true, htmlEntities: true,
});

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function readEcho(text: string, format: ResultFormat): ReadEcho {
  if (format === 'json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return { ok: false, why: 'not JSON' };
    }
    if (!isObject(parsed) || !isObject(parsed['received'])) return { ok: false, why: 'no "received" object' };
    return { ok: true, operation: parsed['operation'], received: parsed['received'] };
  }
  let parsed: unknown;
  try {
    parsed = parser.parse(text, true);
  } catch {
    return { ok: false, why: 'not XML' };
  }
  const root = isObject(parsed) ? parsed[XML_ROOT] : undefined;
  if (!isObject(root)) return { ok: false, why: `no <${XML_ROOT}> root element` };
  if (!isObject(root['received']) && root['received'] !== '') return { ok: false, why: 'no <received> element' };
  const received: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(isObject(root['received']) ? root['received'] : {})) {
    if (name.startsWith(ATTR)) continue;
    // An element with xsi:nil="true" is null; any other element with attributes keeps its text.
    received[name] = isObject(value) ? (value[NIL] === 'true' ? null : value['#text'] ?? '') : value;
  }
  return { ok: true, operation: root['operation'], received };
}

/** The value an echo of `format` should carry for a typed value the service received. */
export const expectedInFormat = (value: Typed, format: ResultFormat): unknown => (format === 'json' ? value : xmlText(value));
