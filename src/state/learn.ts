/**
 * Values learned from the target's own answers (issue 37), RESTler's producer→consumer inference: a
 * field of a result whose name is a parameter name of the contract is a value that parameter can
 * take. A real target's ids mostly do not exist; a valid request that names one it returned reaches
 * the data path instead of "unknown accountnumber".
 *
 * The spec shows no result structure ("The structure of that text: not shown"; "Fields of returned
 * records: not shown"), so a result text is read as whatever it turns out to be: JSON, else XML,
 * else `name=value` text. Each object or element with scalar fields of parameter names is a record;
 * nested ones are records of their own. Work is bounded: texts over MAX_TEXT_CHARS (XML:
 * MAX_XML_CHARS) are not read, nesting below MAX_DEPTH is not walked, and at most MAX_RECORDS
 * records come from one text.
 */
import { carriesId, inheritIds, weakValues } from './fuzzy.js';
import { POOL_PARAMS } from './params.js';
import { ATTRS, leafText, MAX_XML_DEPTH, parseJson, parseXmlNodes, tagOf, TEXT, type XmlNode } from './texts.js';

export { idParams, isIdParam, POOL_PARAMS } from './params.js';
export { exactFirst, ValuePool } from './pool.js';

export interface LearnedRecord {
  /** The operation that answered (or '--values' for a values file). */
  readonly from: string;
  /** Parameter name -> value as the wire carries it in text. */
  readonly fields: Readonly<Record<string, string>>;
  /** Set when a value came from a field only sharing the parameter's stem (fuzzy.ts): used only
   * where no exact record serves. */
  readonly weak?: true;
}

export const MAX_RECORDS = 500;
export const MAX_DEPTH = MAX_XML_DEPTH;
/** Larger answers are not read (response bodies are capped anyway by --max-response-bytes). JSON.parse
 * reads 16 MB in well under a second; fast-xml-parser validates and parses the whole text and cannot
 * stop early: about 0.15 s a megabyte on an idle 2-core machine, up to 1 s on a busy one (2026-11). */
export const MAX_TEXT_CHARS = 16 * 1024 * 1024;
export const MAX_XML_CHARS = 2 * 1024 * 1024;
/** A longer value is no identifier or filter anyone would reuse (a base64 file, a note). */
const MAX_VALUE_CHARS = 1024;

/**
 * The parameter a create operation's `id` answers. Inferred from the names alone: the spec shows no
 * result structure, but the e-mail a MobileContactEmailCreate makes is what MobileContactEmailUpdate
 * and MobileContactEmailDelete name by `emailid`, and a time log is what MobileTimeLogList names by
 * `sologkeyid`. MobileDocumentUpload's id is named by no parameter (referencenumber is an input of
 * the upload itself), so it is left out of the pool.
 */
export const CREATE_ID_PARAM: Readonly<Record<string, string>> = Object.freeze({
  MobileContactEmailCreate: 'emailid',
  MobileTimeLogCreate: 'sologkeyid',
});

/** Records of every object or element of `text` with scalar fields named as parameters, then the
 * weak records (fuzzy.ts) of those whose fields only share a parameter's stem. Never throws. */
export function recordsOf(operation: string, text: string): LearnedRecord[] {
  if (typeof text !== 'string' || text.length > MAX_TEXT_CHARS) return [];
  const found: Found = { exact: [], weak: [] };
  try {
    const trimmed = text.trimStart();
    const json = trimmed.startsWith('{') || trimmed.startsWith('[') ? parseJson(text) : undefined;
    if (json !== undefined) walkJson(json, 0, found, undefined);
    else if (trimmed.startsWith('<')) walkXml(text.length <= MAX_XML_CHARS ? parseXmlNodes(text) : [], 0, found, undefined);
    // The first pair record with parameters is the root (a create's `id`), as in a JSON or XML answer.
    else {
      for (const { raw, nested } of pairRecords(text)) {
        const inner = addRecord(found, raw, found.exact.length === 0, undefined);
        for (const item of nested) addRecord(found, item, false, inner);
      }
    }
  } catch {
    // Hostile or broken input: whatever was found before the problem is kept.
  }
  const exact = found.exact.slice(0, MAX_RECORDS).map((fields) => ({ from: operation, fields: withCreateId(operation, fields) })).filter((r) => Object.keys(r.fields).length > 0);
  // After the exact ones: a caller taking the first record with a field gets an exact one if any.
  const weak = found.weak.slice(0, Math.max(0, MAX_RECORDS - exact.length)).map((fields) => ({ from: operation, fields, weak: true as const }));
  return [...exact, ...weak];
}

interface Found {
  readonly exact: Array<Record<string, string>>;
  readonly weak: Array<Record<string, string>>;
}

/**
 * Adds the record of one object's scalar fields (`raw`: lower-case name -> text) and its weak
 * records; returns the fields records nested in it belong to (its own when it carries an id, else
 * `enclosing`). A nested record lacking an id its enclosing record has takes it only in its weak
 * records: the exact records are kept as answered, so a target naming its fields as the contract
 * does is read as before. (Inheriting into exact records too was tried, 2026-11: the stateful
 * reference's verdict and data path stayed the same, but some fuzz cases named other contacts.)
 */
function addRecord(found: Found, raw: Readonly<Record<string, string>>, root: boolean, enclosing: Readonly<Record<string, string>> | undefined): Readonly<Record<string, string>> | undefined {
  const fields: Record<string, string> = {};
  for (const [name, text] of Object.entries(raw)) {
    const key = POOL_PARAMS.has(name) ? name : root && NEW_ID.test(name) ? ID : undefined;
    if (key !== undefined) fields[key] = text;
  }
  if (Object.keys(fields).length > 0 && found.exact.length < MAX_RECORDS) found.exact.push(fields);
  for (const [param, values] of weakValues(raw, fields, enclosing !== undefined)) {
    for (const value of values) if (found.weak.length < MAX_RECORDS) found.weak.push({ ...inheritIds(fields, enclosing), [param]: value });
  }
  return carriesId(fields) ? inheritIds(fields, enclosing) : enclosing;
}

/** The root record's `id` under the parameter the create answers (CREATE_ID_PARAM); nested and
 * other operations' ids are no parameter's and were never collected. */
function withCreateId(operation: string, fields: Record<string, string>): Record<string, string> {
  const { [ID]: id, ...rest } = fields;
  const param = CREATE_ID_PARAM[operation];
  return id !== undefined && param !== undefined && rest[param] === undefined ? { ...rest, [param]: id } : rest;
}

// The root of a create's answer keeps `id` under this key until withCreateId renames or drops it.
const ID = '\u0000id';
/** How a create's answer names the id it made, at its root: `id`, or a vendor's `NewID`,
 * `created_id`, `InsertedId`, `RecordID` (names compared in lower case). The spec shows no result
 * structure; these are the usual spellings of "the new row's identity", not one vendor's. */
const NEW_ID = /^(?:new|created|inserted|record)?_?id$/;

/** A scalar as the wire writes it in text; undefined for what is no reusable value. */
function scalarText(v: unknown): string | undefined {
  // Kept exactly as answered: a sequence compares a stored value with what it sent (white space included).
  if (typeof v === 'string') return v.trim() === '' || v.length > MAX_VALUE_CHARS ? undefined : v;
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : undefined;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return undefined;
}

/** Adds a scalar field under its lower-case name; the first value of a name wins. */
function addRaw(raw: Record<string, string>, name: string, value: unknown): void {
  const text = scalarText(value);
  const lower = name.toLowerCase();
  if (text !== undefined && raw[lower] === undefined) raw[lower] = text;
}

type Fields = Readonly<Record<string, string>> | undefined;

function walkJson(value: unknown, depth: number, found: Found, enclosing: Fields): void {
  if (depth > MAX_DEPTH || found.exact.length >= MAX_RECORDS || typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) walkJson(item, depth + 1, found, enclosing);
    return;
  }
  const raw: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) addRaw(raw, k, v);
  const inner = addRecord(found, raw, depth === 0, enclosing);
  for (const v of Object.values(value)) if (typeof v === 'object' && v !== null) walkJson(v, depth + 1, found, inner);
}

/** `nodes` are the children of one element (or the document's top level, depth 0). */
function walkXml(nodes: readonly XmlNode[], depth: number, found: Found, enclosing: Fields): void {
  for (const node of nodes) {
    if (found.exact.length >= MAX_RECORDS || depth > MAX_DEPTH) return;
    const tag = tagOf(node);
    if (tag === undefined || tag === TEXT) continue;
    const children = Array.isArray(node[tag]) ? (node[tag] as XmlNode[]) : [];
    const raw: Record<string, string> = {};
    const attrs = node[ATTRS];
    if (typeof attrs === 'object' && attrs !== null) for (const [k, v] of Object.entries(attrs)) addRaw(raw, k, v);
    const branches: XmlNode[] = [];
    for (const child of children) {
      const childTag = tagOf(child);
      if (childTag === undefined || childTag === TEXT) continue;
      const text = leafText(child[childTag]);
      // A leaf with attributes is also a record of its own (<email emailid="3">a@b.c</email>).
      if (text !== undefined) addRaw(raw, childTag, text);
      if (text === undefined || child[ATTRS] !== undefined) branches.push(child);
    }
    const inner = addRecord(found, raw, depth === 0, enclosing);
    walkXml(branches, depth + 1, found, inner);
  }
}

// The value is kept as written, white space included, as JSON and XML values are (scalarText): only
// the key's surrounding spaces go, and a space after `=` that pads it as one before it does
// (`name = value`). The line end (CR of CRLF) goes with the split.
const PAIR = /^\s*([A-Za-z_][\w.-]*)([ \t]*)=(.*?)\r?$/;

/** The value of a pair as written, its escapes read. A value cannot carry the text's own separators
 * as they are; the vendor-pairs writer (src/server/stateful/render.ts) documents that "%", ";", "=",
 * CR and LF in a value "are percent-encoded as a query string would be". Only those five are decoded:
 * another %XX may be a vendor's literal text, and with "%" itself escaped one pass reads them right. */
const ESCAPED = /%(25|3B|3D|0D|0A)/gi;
function pairValue(padding: string, written: string): string {
  const value = padding === '' ? written : written.replace(/^[ \t]+/, (pad) => pad.slice(padding.length));
  return value.replace(ESCAPED, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A nested list in a pair's value, as written: `name=a:1,b:2|a:3,b:4` (records by "|", fields by
 * ",", name and value by the first ":"), each name an identifier. The vendor-pairs writer
 * (src/server/stateful/render.ts) percent-encodes "|", "," and ":" inside such values too. */
const NESTED_ITEM = String.raw`[A-Za-z_][\w.-]*:[^,|:]*`;
const NESTED_LIST = new RegExp(`^${NESTED_ITEM}(?:,${NESTED_ITEM})*(?:\\|${NESTED_ITEM}(?:,${NESTED_ITEM})*)*$`);
const NESTED_ESCAPED = /%(25|3B|3D|0D|0A|7C|2C|3A)/gi;

function nestedRecords(written: string): Array<Record<string, string>> {
  if (!NESTED_LIST.test(written)) return [];
  return written.split('|').map((item) => {
    const raw: Record<string, string> = {};
    for (const field of item.split(',')) {
      const colon = field.indexOf(':');
      addRaw(raw, field.slice(0, colon), field.slice(colon + 1).replace(NESTED_ESCAPED, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))));
    }
    return raw;
  });
}

interface PairRecord {
  readonly raw: Record<string, string>;
  /** The records of its nested lists: they belong to it as a JSON object's nested array would. */
  readonly nested: Array<Record<string, string>>;
}

/** Whether `text` is `name=value` text throughout: every line that is not blank is pairs split by
 * `;` (the result format of a vendor such as the vendor-pairs personality, render.ts). */
export function isPairsText(text: string): boolean {
  const lines = text.split(/\n/).filter((l) => l.trim() !== '');
  return lines.length > 0 && lines.every((l) => l.split(';').every((part) => PAIR.test(part)));
}

/** `name=value` text: pairs split by `;` or line ends. A line with `;` in it is a record of its own,
 * and in any layout a name seen again starts the next record (one pair per line, records in turn).
 * A value written as a nested list also stays a value of its own (it may be a vendor's plain text). */
function pairRecords(text: string): PairRecord[] {
  const lines = text.split(/\r?\n/);
  const perLine = lines.some((l) => l.includes(';'));
  const records: PairRecord[] = [];
  let current: PairRecord = { raw: {}, nested: [] };
  let names = new Set<string>();
  const flush = () => {
    if (Object.keys(current.raw).length > 0) records.push(current);
    [current, names] = [{ raw: {}, nested: [] }, new Set()];
  };
  for (const line of lines) {
    for (const part of line.split(';')) {
      const m = PAIR.exec(part);
      if (!m) continue;
      const name = m[1]!.toLowerCase();
      if (names.has(name)) flush();
      names.add(name);
      addRaw(current.raw, name, pairValue(m[2]!, m[3]!));
      if (current.nested.length < MAX_RECORDS) current.nested.push(...nestedRecords(m[3]!.trim()));
      if (records.length >= MAX_RECORDS) return records;
    }
    if (perLine) flush();
  }
  flush();
  return records;
}
