/**
 * The shape of operation results (issue 21): what `shapes infer` learns from a run's answers, what
 * `--result-schemas` files are written from, and what regression runs compare. A result text is
 * parsed as JSON or as XML (by its first character), and its shape records, per level, the keys or
 * elements seen, how often they were present (required: in every instance), repetition (arrays,
 * elements occurring more than once), and value types. Shapes of many results merge into one.
 *
 * JSON values carry their own type (string, number, boolean, null). XML text carries none: an
 * element's text type is a guess from the values seen (xs:boolean if every value was true or false,
 * xs:decimal if every value was a number, else xs:string), so the more results a shape is learned
 * from, the better the guess.
 */
import { parseXml, XSI_NIL, type XmlElement } from '../decode/xml.js';

export type JsonType = 'string' | 'number' | 'boolean' | 'null' | 'object' | 'array';

export interface JsonShape {
  /** Instances seen (a property's: the parent objects it was present in). */
  readonly seen: number;
  readonly types: readonly JsonType[];
  /** Instances that were objects: a property present in all of them is required. */
  readonly objects: number;
  readonly properties: Readonly<Record<string, JsonShape>>;
  /** The merged shape of every array item seen (undefined: no array, or only empty ones). */
  readonly items?: JsonShape;
}

export type TextType = 'boolean' | 'decimal' | 'string';

export interface XmlAttributeShape {
  readonly seen: number;
  readonly type: TextType;
}

export interface XmlChildShape {
  readonly shape: XmlElementShape;
  /** Parent instances that held this child at least once: all of them make it required. */
  readonly parents: number;
  /** The most times it occurred in one parent: more than once makes it repeatable. */
  readonly maxOccurs: number;
}

export interface XmlElementShape {
  readonly ns: string | null;
  readonly name: string;
  readonly seen: number;
  /** Attributes in no namespace; those in one (xml:lang, say) are only noted. */
  readonly attributes: Readonly<Record<string, XmlAttributeShape>>;
  readonly namespacedAttributes: boolean;
  /** Keyed by `{ns}name` (or name), in the order first seen. */
  readonly children: Readonly<Record<string, XmlChildShape>>;
  /** Whether every instance had its children in that order (else any order is accepted). */
  readonly ordered: boolean;
  /** The type of the text of instances without child elements (undefined: none had text). */
  readonly text?: TextType;
  /** Some instance had no child elements and no text; some had xsi:nil="true". */
  readonly empty: boolean;
  readonly nil: boolean;
  /** Some instance had both child elements and text of its own. */
  readonly mixed: boolean;
}

export type ResultShape =
  | { readonly format: 'json'; readonly root: JsonShape }
  | { readonly format: 'xml'; readonly root: XmlElementShape };

export type ParsedResult =
  | { readonly ok: true; readonly format: 'json'; readonly value: unknown }
  | { readonly ok: true; readonly format: 'xml'; readonly root: XmlElement }
  | { readonly ok: false; readonly format: 'json' | 'xml'; readonly error: string };

/** A result text as JSON (anything not starting with `<`) or XML (parsed safely: src/decode/xml.ts). */
export function parseResult(text: string): ParsedResult {
  if (text.trimStart().startsWith('<')) {
    const parsed = parseXml(text);
    return parsed.ok ? { ok: true, format: 'xml', root: parsed.root } : { ok: false, format: 'xml', error: parsed.error };
  }
  try {
    return { ok: true, format: 'json', value: JSON.parse(text) };
  } catch (err) {
    return { ok: false, format: 'json', error: (err as Error).message };
  }
}

/** The shape of one parsed result. */
export function shapeOf(parsed: Extract<ParsedResult, { ok: true }>): ResultShape {
  return parsed.format === 'json' ? { format: 'json', root: jsonShapeOf(parsed.value) } : { format: 'xml', root: xmlShapeOf(parsed.root) };
}

/** Two shapes of the same format as one; undefined when the formats differ. */
export function mergeShapes(a: ResultShape, b: ResultShape): ResultShape | undefined {
  if (a.format === 'json' && b.format === 'json') return { format: 'json', root: mergeJson(a.root, b.root) };
  if (a.format === 'xml' && b.format === 'xml' && keyOf(a.root) === keyOf(b.root)) return { format: 'xml', root: mergeXml(a.root, b.root) };
  return undefined;
}

// ---- JSON ----

const jsonTypeOf = (v: unknown): JsonType => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'object' ? 'object' : typeof v === 'number' ? 'number' : typeof v === 'boolean' ? 'boolean' : 'string');

export function jsonShapeOf(value: unknown): JsonShape {
  const type = jsonTypeOf(value);
  const properties: Record<string, JsonShape> = {};
  if (type === 'object') for (const [k, v] of Object.entries(value as object)) properties[k] = jsonShapeOf(v);
  const items = type === 'array' ? (value as unknown[]).map(jsonShapeOf).reduce<JsonShape | undefined>((acc, s) => (acc ? mergeJson(acc, s) : s), undefined) : undefined;
  return { seen: 1, types: [type], objects: type === 'object' ? 1 : 0, properties, ...(items ? { items } : {}) };
}

function mergeJson(a: JsonShape, b: JsonShape): JsonShape {
  const properties: Record<string, JsonShape> = { ...a.properties };
  for (const [k, s] of Object.entries(b.properties)) properties[k] = properties[k] ? mergeJson(properties[k], s) : s;
  const items = a.items && b.items ? mergeJson(a.items, b.items) : (a.items ?? b.items);
  return { seen: a.seen + b.seen, types: [...new Set([...a.types, ...b.types])].sort(), objects: a.objects + b.objects, properties, ...(items ? { items } : {}) };
}

// ---- XML ----

const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
export const keyOf = (el: { ns: string | null; name: string }): string => (el.ns ? `{${el.ns}}${el.name}` : el.name);

export function textTypeOf(text: string): TextType {
  const t = text.trim();
  if (t === 'true' || t === 'false') return 'boolean';
  return /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(t) ? 'decimal' : 'string';
}

const mergeText = (a: TextType | undefined, b: TextType | undefined): TextType | undefined => (a === undefined ? b : b === undefined || a === b ? a : 'string');

export function xmlShapeOf(el: XmlElement): XmlElementShape {
  const attributes: Record<string, XmlAttributeShape> = {};
  let namespacedAttributes = false;
  for (const [name, value] of Object.entries(el.attrs)) {
    if (!name.startsWith('{')) attributes[name] = { seen: 1, type: textTypeOf(value) };
    else if (!name.startsWith(`{${XSI}}`)) namespacedAttributes = true;
  }
  const children: Record<string, XmlChildShape> = {};
  let ordered = true;
  let last = -1;
  for (const child of el.children) {
    const key = keyOf(child);
    const known = children[key];
    const keys = Object.keys(children);
    // Children in order: each key's first occurrence after the previous key's, repeats adjacent.
    const at = known ? keys.indexOf(key) : keys.length;
    if (at < last) ordered = false;
    last = at;
    children[key] = known ? { shape: mergeXml(known.shape, xmlShapeOf(child)), parents: 1, maxOccurs: known.maxOccurs + 1 } : { shape: xmlShapeOf(child), parents: 1, maxOccurs: 1 };
  }
  const nil = el.attrs[XSI_NIL] === 'true';
  const leafWithText = el.children.length === 0 && !nil && el.text !== '';
  return {
    ns: el.ns, name: el.name, seen: 1, attributes, namespacedAttributes, children, ordered,
    ...(leafWithText ? { text: textTypeOf(el.text) } : {}),
    empty: el.children.length === 0 && el.text === '' && !nil,
    nil,
    // Text of its own beside child elements (indentation between them is not text).
    mixed: el.children.length > 0 && el.text.replace(/\s+/g, '') !== el.children.map((c) => c.text).join('').replace(/\s+/g, ''),
  };
}

export function mergeXml(a: XmlElementShape, b: XmlElementShape): XmlElementShape {
  const attributes: Record<string, XmlAttributeShape> = { ...a.attributes };
  for (const [k, s] of Object.entries(b.attributes)) attributes[k] = attributes[k] ? { seen: attributes[k].seen + s.seen, type: mergeText(attributes[k].type, s.type)! } : s;
  // The children in one order both agree with where they can: a child only b has goes right after
  // the one b had before it (b: A C B after a: A B gives A C B, not A B C).
  const order = Object.keys(a.children);
  let previous = -1;
  for (const k of Object.keys(b.children)) {
    const at = order.indexOf(k);
    if (at >= 0) previous = at;
    else order.splice(++previous, 0, k);
  }
  const children: Record<string, XmlChildShape> = {};
  for (const k of order) {
    const [x, y] = [a.children[k], b.children[k]];
    children[k] = x && y ? { shape: mergeXml(x.shape, y.shape), parents: x.parents + y.parents, maxOccurs: Math.max(x.maxOccurs, y.maxOccurs) } : (x ?? y)!;
  }
  const positions = Object.keys(b.children).map((k) => order.indexOf(k));
  const sameOrder = positions.every((p, n) => n === 0 || p > positions[n - 1]!);
  const text = mergeText(a.text, b.text);
  return {
    ns: a.ns, name: a.name, seen: a.seen + b.seen, attributes, namespacedAttributes: a.namespacedAttributes || b.namespacedAttributes, children, ordered: a.ordered && b.ordered && sameOrder,
    ...(text ? { text } : {}),
    empty: a.empty || b.empty, nil: a.nil || b.nil, mixed: a.mixed || b.mixed,
  };
}
