/**
 * A result text as fields, path -> value, so two answers can be compared field by field (issue 38:
 * Diffy's model, where a field that differs between the reference's own answers is noise):
 * - JSON (an object or array): JSON paths, `$.records[0].modified`, `$['odd key']`; a leaf's value
 *   as JSON (`"text"`, `3041`, `true`, `null`, `[]`, `{}`), so "1" and 1 differ;
 * - XML: element paths without prefixes, `/Result/records/record[2]/id`, an index only where the
 *   name repeats among its siblings (XPath's abbreviated form), attributes as `/Result/@lang`; a
 *   leaf element's value is its text as written (XML carries no types);
 * - `name=value` lines (or `a=1&b=2`): `name:modified`, a repeated name's later values `name:a[2]`;
 * - anything else: `line 3 token 2` (white-space separated, both counted from 1).
 * Bounded: a text of more than MAX_FIELDS fields keeps the first ones and one more field, REST_FIELD,
 * holding a digest of the whole text, so a difference beyond the cap is still seen (as that field).
 */
import { createHash } from 'node:crypto';
import { parseJson, parseXmlNodes, tagOf, ATTRS, MAX_XML_DEPTH, TEXT, type XmlNode } from '../state/texts.js';
import type { FieldDifference, FieldPath } from '../results/reference.js';

export const MAX_FIELDS = 5000;
export const REST_FIELD: FieldPath = `(beyond the first ${MAX_FIELDS} fields)`;

export interface Fields {
  readonly format: 'json' | 'xml' | 'pairs' | 'lines';
  /** In document order. */
  readonly values: ReadonlyMap<FieldPath, string>;
  /** The text had more than MAX_FIELDS fields: only the first were read, and REST_FIELD stands for the rest. */
  readonly capped: boolean;
}

/** Collects at most MAX_FIELDS fields; `add` answers false once the cap is reached. */
class Collector {
  readonly values = new Map<FieldPath, string>();
  capped = false;
  add(path: FieldPath, value: string): boolean {
    if (this.values.size >= MAX_FIELDS) {
      this.capped = true;
      return false;
    }
    this.values.set(path, value);
    return true;
  }
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const jsonKey = (key: string) => (IDENTIFIER.test(key) ? `.${key}` : `[${JSON.stringify(key).replace(/^"|"$/g, "'")}]`);

/** As deep as the XML reader goes (state/texts.ts). Below it a JSON value is one field, its value a
 * digest of the whole text: serialising thousands of levels overflows the stack (JSON.stringify too). */
const MAX_JSON_DEPTH = MAX_XML_DEPTH;

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);
const isBranch = (v: unknown) => (Array.isArray(v) ? v.length > 0 : v !== null && typeof v === 'object' && Object.keys(v).length > 0);

function jsonFields(value: unknown, path: string, out: Collector, text: string, depth = 0): boolean {
  if (!isBranch(value)) return out.add(path, JSON.stringify(value));
  if (depth === MAX_JSON_DEPTH) return out.add(path, `(nested deeper than ${MAX_JSON_DEPTH} levels; text digest ${digest(text)})`);
  if (Array.isArray(value)) return value.every((v, i) => jsonFields(v, `${path}[${i}]`, out, text, depth + 1));
  return Object.entries(value as object).every(([k, v]) => jsonFields(v, path + jsonKey(k), out, text, depth + 1));
}

const localName = (tag: string) => tag.slice(tag.indexOf(':') + 1);

function xmlFields(node: XmlNode, path: string, out: Collector): boolean {
  const tag = tagOf(node)!;
  const attrs = (node[ATTRS] ?? {}) as Record<string, string>;
  for (const [name, value] of Object.entries(attrs)) {
    if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
    if (!out.add(`${path}/@${localName(name)}`, String(value))) return false;
  }
  const children = Array.isArray(node[tag]) ? (node[tag] as XmlNode[]) : [];
  const elements = children.filter((c) => tagOf(c) !== TEXT);
  const text = children.filter((c) => tagOf(c) === TEXT).map((c) => String(c[TEXT])).join('');
  if (elements.length === 0) return out.add(path, text);
  // Mixed content keeps its own text; white space between elements is layout, not data.
  if (text.trim() !== '' && !out.add(`${path}/text()`, text)) return false;
  const total = new Map<string, number>();
  for (const c of elements) total.set(tagOf(c)!, (total.get(tagOf(c)!) ?? 0) + 1);
  const seen = new Map<string, number>();
  return elements.every((c) => {
    const name = tagOf(c)!;
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return xmlFields(c, `${path}/${name}${total.get(name)! > 1 ? `[${n}]` : ''}`, out);
  });
}

const PAIR = /^\s*([A-Za-z_][\w.-]*)\s*=(.*)$/;

/** `name=value` segments (lines, or `&`-separated on one line); undefined when any segment is not one. */
function pairsOf(text: string): Array<[string, string]> | undefined {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  const segments = lines.length === 1 && lines[0]!.includes('&') ? lines[0]!.split('&') : lines;
  const pairs = segments.map((s) => PAIR.exec(s));
  if (pairs.length === 0 || pairs.some((m) => !m)) return undefined;
  return pairs.map((m) => [m![1]!, m![2]!.trim()]);
}

function finish(format: Fields['format'], text: string, out: Collector): Fields {
  if (out.capped) out.values.set(REST_FIELD, digest(text));
  return { format, values: out.values, capped: out.capped };
}

export function fieldsOf(text: string): Fields {
  const out = new Collector();
  const start = text.trimStart()[0];
  if (start === '{' || start === '[') {
    const value = parseJson(text);
    if (value !== undefined) {
      jsonFields(value, '$', out, text);
      return finish('json', text, out);
    }
  }
  if (start === '<') {
    const root = parseXmlNodes(text).find((n) => tagOf(n) !== undefined && tagOf(n) !== TEXT);
    if (root) {
      xmlFields(root, `/${tagOf(root)}`, out);
      return finish('xml', text, out);
    }
  }
  const pairs = pairsOf(text);
  if (pairs) {
    const seen = new Map<string, number>();
    for (const [name, value] of pairs) {
      const n = (seen.get(name) ?? 0) + 1;
      seen.set(name, n);
      if (!out.add(`name:${name}${n > 1 ? `[${n}]` : ''}`, value)) break;
    }
    return finish('pairs', text, out);
  }
  const lines = text.split(/\r?\n/);
  outer: for (const [l, line] of lines.entries()) {
    const tokens = line.split(/\s+/).filter((t) => t !== '');
    for (const [t, token] of tokens.entries()) if (!out.add(`line ${l + 1} token ${t + 1}`, token)) break outer;
  }
  return finish('lines', text, out);
}

/** The fields whose values differ between `reference` and `candidate` (null: absent there), in
 * the reference's order, then the candidate's fields it lacks. */
export function fieldDifferences(reference: Fields, candidate: Fields): FieldDifference[] {
  const differences: FieldDifference[] = [];
  for (const [field, value] of reference.values) {
    const other = candidate.values.get(field) ?? null;
    if (other !== value) differences.push({ field, reference: value, candidate: other });
  }
  for (const [field, value] of candidate.values) if (!reference.values.has(field)) differences.push({ field, reference: null, candidate: value });
  return differences;
}

/** Fields present in some of `all` with differing values (or absent in some): the noise among them. */
export function differingFields(all: readonly Fields[]): FieldPath[] {
  const [first, ...rest] = all;
  if (!first) return [];
  const differing = new Set<FieldPath>();
  for (const other of rest) for (const d of fieldDifferences(first, other)) differing.add(d.field);
  return [...differing];
}

/** How many distinct fields two field sets hold together. */
export function fieldUnion(a: Fields, b: Fields): number {
  let n = a.values.size;
  for (const field of b.values.keys()) if (!a.values.has(field)) n++;
  return n;
}
