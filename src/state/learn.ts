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
import { POOL_PARAMS } from './params.js';
import { ATTRS, leafText, MAX_XML_DEPTH, parseJson, parseXmlNodes, tagOf, TEXT, type XmlNode } from './texts.js';

export { idParams, isIdParam, POOL_PARAMS } from './params.js';
export { ValuePool } from './pool.js';

export interface LearnedRecord {
  /** The operation that answered (or '--values' for a values file). */
  readonly from: string;
  /** Parameter name -> value as the wire carries it in text. */
  readonly fields: Readonly<Record<string, string>>;
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

/** Records of every object or element of `text` with scalar fields named as parameters. Never throws. */
export function recordsOf(operation: string, text: string): LearnedRecord[] {
  if (typeof text !== 'string' || text.length > MAX_TEXT_CHARS) return [];
  const found: Array<Record<string, string>> = [];
  try {
    const trimmed = text.trimStart();
    const json = trimmed.startsWith('{') || trimmed.startsWith('[') ? parseJson(text) : undefined;
    if (json !== undefined) walkJson(json, 0, found);
    else if (trimmed.startsWith('<')) walkXml(text.length <= MAX_XML_CHARS ? parseXmlNodes(text) : [], 0, found);
    else found.push(...pairRecords(text));
  } catch {
    // Hostile or broken input: whatever was found before the problem is kept.
  }
  return found.slice(0, MAX_RECORDS).map((fields) => ({ from: operation, fields: withCreateId(operation, fields) })).filter((r) => Object.keys(r.fields).length > 0);
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

/** Adds the field when its name is a parameter's (case-insensitively); the first value of a name wins. */
function addField(fields: Record<string, string>, name: string, value: unknown, root: boolean): void {
  const text = scalarText(value);
  if (text === undefined) return;
  const lower = name.toLowerCase();
  const key = POOL_PARAMS.has(lower) ? lower : root && NEW_ID.test(lower) ? ID : undefined;
  if (key !== undefined && fields[key] === undefined) fields[key] = text;
}

function walkJson(value: unknown, depth: number, found: Array<Record<string, string>>): void {
  if (depth > MAX_DEPTH || found.length >= MAX_RECORDS || typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) walkJson(item, depth + 1, found);
    return;
  }
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) addField(fields, k, v, depth === 0);
  if (Object.keys(fields).length > 0) found.push(fields);
  for (const v of Object.values(value)) if (typeof v === 'object' && v !== null) walkJson(v, depth + 1, found);
}

/** `nodes` are the children of one element (or the document's top level, depth 0). */
function walkXml(nodes: readonly XmlNode[], depth: number, found: Array<Record<string, string>>): void {
  for (const node of nodes) {
    if (found.length >= MAX_RECORDS || depth > MAX_DEPTH) return;
    const tag = tagOf(node);
    if (tag === undefined || tag === TEXT) continue;
    const children = Array.isArray(node[tag]) ? (node[tag] as XmlNode[]) : [];
    const fields: Record<string, string> = {};
    const attrs = node[ATTRS];
    if (typeof attrs === 'object' && attrs !== null) for (const [k, v] of Object.entries(attrs)) addField(fields, k, v, depth === 0);
    const branches: XmlNode[] = [];
    for (const child of children) {
      const childTag = tagOf(child);
      if (childTag === undefined || childTag === TEXT) continue;
      const text = leafText(child[childTag]);
      // A leaf with attributes is also a record of its own (<email emailid="3">a@b.c</email>).
      if (text !== undefined) addField(fields, childTag, text, depth === 0);
      if (text === undefined || child[ATTRS] !== undefined) branches.push(child);
    }
    if (Object.keys(fields).length > 0) found.push(fields);
    walkXml(branches, depth + 1, found);
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

/** `name=value` text: pairs split by `;` or line ends. A line with `;` in it is a record of its own,
 * and in any layout a name seen again starts the next record (one pair per line, records in turn). */
function pairRecords(text: string): Array<Record<string, string>> {
  const lines = text.split(/\r?\n/);
  const perLine = lines.some((l) => l.includes(';'));
  const records: Array<Record<string, string>> = [];
  let current: Record<string, string> = {};
  let names = new Set<string>();
  const flush = () => {
    if (Object.keys(current).length > 0) records.push(current);
    [current, names] = [{}, new Set()];
  };
  for (const line of lines) {
    for (const part of line.split(';')) {
      const m = PAIR.exec(part);
      if (!m) continue;
      const name = m[1]!.toLowerCase();
      if (names.has(name)) flush();
      names.add(name);
      addField(current, name, pairValue(m[2]!, m[3]!), records.length === 0);
      if (records.length >= MAX_RECORDS) return records;
    }
    if (perLine) flush();
  }
  flush();
  return records;
}
