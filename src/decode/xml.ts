/**
 * The one module that loads libxmljs2: safe parsing into a plain, namespace-aware element tree,
 * and XSD validation (sax-tree.ts builds the tree from the SAX parser this module gives it).
 *
 * Safety: external entities and DTDs are never loaded or substituted (noent, dtdload and dtdvalid
 * off; nonet on). Before libxml2 sees a document, xml-guard.ts refuses what libxml2 would still let
 * through (quadratic entity blow-ups) and what is plainly hostile (deep nesting, oversize), quickly
 * and with a clear reason. libxml2's `huge` option (XML_PARSE_HUGE) lifts its 10,000,000-character
 * limit on a text node ("Huge input lookup"), but also its own depth limit (256) and its entity
 * loop check (billion laughs parses with it, libxml2 2.9.9, seen in a probe): it is given only to a
 * document without a DOCTYPE, which can declare no entity, and whose depth the guard has checked.
 * The size a response may have is the user's --max-response-bytes, not libxml2's (issue 41). Only parse, read-only traversal and validate are used: creating or cloning nodes
 * through libxmljs2 0.35 leads to double frees in libxml2 at garbage collection (seen in a probe).
 */
import { createRequire } from 'node:module';
import type libxmlTypes from 'libxmljs2';
import { ATTR, buildOrderedXml } from '../xml/build.js';
import { DEFAULT_XML_LIMITS, guardXml, type ExternalReference, type XmlLimits } from './xml-guard.js';
import { saxTreeReader } from './sax-tree.js';

export type { ExternalReference, XmlLimits } from './xml-guard.js';

// libxmljs2 (a native addon, a CommonJS package) is loaded on the first parse, not at import: the
// catalog (`tsiws-conform checks`) lists the checks without loading an XML library.
type Libxml = typeof libxmlTypes;
let loaded: Libxml | undefined;
const xml = (): Libxml => (loaded ??= createRequire(import.meta.url)('libxmljs2') as Libxml);

/** `guarded`: the text passed guardXml (its depth is checked); only then, and without a DOCTYPE, huge. */
const parseDocument = (text: string, guarded = false): libxmlTypes.Document =>
  xml().parseXml(text, guarded && !text.includes('<!DOCTYPE') ? GUARDED_PARSE_OPTIONS : SAFE_PARSE_OPTIONS);

const SAFE_PARSE_OPTIONS = {
  noent: false,
  nonet: true,
  dtdload: false,
  dtdattr: false,
  dtdvalid: false,
  huge: false,
  noblanks: false,
} as const;

const GUARDED_PARSE_OPTIONS = { ...SAFE_PARSE_OPTIONS, huge: true } as const;

export interface XmlElement {
  readonly ns: string | null;
  readonly name: string;
  /** Attributes keyed by `{ns}name`, or by `name` when the attribute has no namespace. */
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: readonly XmlElement[];
  /** Namespaces declared on this element: prefix ('' for the default) to URI. */
  readonly decls: Readonly<Record<string, string>>;
  /** Concatenated text of this element and its descendants (XPath string value). */
  readonly text: string;
}

export type ParsedXml =
  | {
      readonly ok: true;
      readonly root: XmlElement;
      readonly encoding: string | null;
      readonly hasDoctype: boolean;
      /** An external DTD subset and the external entities the content refers to (never fetched). */
      readonly external: readonly ExternalReference[];
    }
  | { readonly ok: false; readonly error: string };

export const XSI_NIL = '{http://www.w3.org/2001/XMLSchema-instance}nil';

/**
 * Parses XML text without ever throwing: a document that is not well-formed, or that the guard
 * refuses (see xml-guard.ts), gives `ok: false` and the first error with its position.
 *
 * libxml2 reads it through its SAX interface wherever that reads it as its document would: the
 * tree is built from the events (sax-tree.ts) and nothing of libxml2 is left behind. A document
 * and its node wrappers would stay until V8's full collections freed them, one level of the tree a
 * collection, unseen by V8's accounting: a process that parses much piled them up (the CLI's
 * embedded server, the workers' fuzzed answers). The rest is read as a document (parseXmlDocument):
 * a DOCTYPE (the SAX parser would expand its entities), a declared encoding other than UTF-8
 * (libxml2 reads the text as UTF-8 whatever it declares only in a document), and anything the SAX
 * parser reports, error or warning (the document gives the verdict and its message). A text node
 * over 10,000,000 characters reads in both (SAX events have no such limit, the document is read
 * with `huge`, see the header) unless the document has a DOCTYPE.
 * test/decode/read-xml.test.ts compares both readings.
 */
export function parseXml(text: string, limits: Partial<XmlLimits> = {}): ParsedXml {
  const guard = guardXml(text, { ...DEFAULT_XML_LIMITS, ...limits });
  if (!guard.ok) return guard;
  return readEvents(text, guard.external) ?? readDocument(text, guard.external);
}

/** parseXml through libxml2's document only: the reading the SAX path is held to (tests). */
export function parseXmlDocument(text: string, limits: Partial<XmlLimits> = {}): ParsedXml {
  const guard = guardXml(text, { ...DEFAULT_XML_LIMITS, ...limits });
  return guard.ok ? readDocument(text, guard.external) : guard;
}

let readTree: ((text: string) => XmlElement | undefined) | undefined;
// A document's encoding is the declared one as written, else UTF-8, the one it reads the text in.
const DECLARED_ENCODING = /^\uFEFF?<\?xml[^>]*?\sencoding\s*=\s*["']([^"']*)["']/;

function readEvents(text: string, external: readonly ExternalReference[]): ParsedXml | undefined {
  const encoding = DECLARED_ENCODING.exec(text)?.[1] ?? null;
  // An empty text would abort the process: libxmljs2's SAX parser asserts on the null context
  // libxml2 makes for no bytes (seen in read-xml.test.ts).
  if (text.length === 0 || text.includes('<!DOCTYPE') || (encoding !== null && encoding.toLowerCase() !== 'utf-8')) return undefined;
  const root = (readTree ??= saxTreeReader(new (xml().SaxParser)()))(text);
  if (!root) return undefined;
  wholeDocuments.set(root, text);
  return { ok: true, root, encoding: encoding ?? 'UTF-8', hasDoctype: false, external };
}

function readDocument(text: string, external: readonly ExternalReference[]): ParsedXml {
  let doc: libxmlTypes.Document;
  try {
    doc = parseDocument(text, true);
  } catch (err) {
    return { ok: false, error: describeParseError(err) };
  }
  const root = doc.root();
  if (!root) return { ok: false, error: 'document has no root element' };
  const plain = toPlain(root);
  const hasDoctype = doc.getDtd() !== null;
  // A document with a DOCTYPE keeps its unexpanded entity references as nodes, which XSD validation
  // would judge as content the answer never had: such an answer validates through its plain tree.
  if (!hasDoctype) wholeDocuments.set(plain, text);
  return { ok: true, root: plain, encoding: doc.encoding() ?? null, hasDoctype, external };
}

// The text each parsed root came from, for as long as its plain tree lives: a whole answer (a bare
// GET/POST <string>) is validated as the document it was, comments, processing instructions and
// all, not as its plain tree serialised again.
const wholeDocuments = new WeakMap<XmlElement, string>();

// libxml2's own limit without XML_PARSE_HUGE (off for a document with a DOCTYPE, see the header):
// XML_MAX_TEXT_LENGTH.
const HUGE_TEXT = /Huge input lookup|huge text node/i;

function describeParseError(err: unknown): string {
  const e = err as { message?: string; line?: number; column?: number };
  const msg = (e.message ?? String(err)).trim();
  const where = e.line ? `${msg} (line ${e.line}, column ${e.column ?? 0})` : msg;
  return HUGE_TEXT.test(msg) ? `${where}: a text node longer than libxml2's limit of 10,000,000 characters, which this tool lifts only for a document without a DOCTYPE (the document may be well-formed)` : where;
}

// Node kinds whose content is part of an element's string value; comments and PIs are not.
const TEXT_KINDS = new Set(['text', 'cdata', 'entity_ref']);

function toPlain(el: libxmlTypes.Element): XmlElement {
  const attrs: Record<string, string> = {};
  for (const a of el.attrs()) {
    const ns = a.namespace()?.href();
    attrs[ns ? `{${ns}}${a.name()}` : a.name()] = a.value();
  }
  const children: XmlElement[] = [];
  // The text is built from the children's rather than read with el.text() on every element: that
  // copies the whole subtree's text once per ancestor, 256 copies of a large result at the deepest.
  let text = '';
  for (const child of el.childNodes()) {
    const kind = child.type();
    if (kind === 'element') {
      const plain = toPlain(child as libxmlTypes.Element);
      children.push(plain);
      text += plain.text;
    } else if (TEXT_KINDS.has(kind)) text += (child as libxmlTypes.Element).text();
  }
  const decls: Record<string, string> = {};
  for (const n of el.namespaces(true)) decls[n.prefix() ?? ''] = n.href();
  return { ns: el.namespace()?.href() ?? null, name: el.name(), attrs, children, decls, text };
}

/** A parsed XSD. Parse once and reuse; note that libxmljs2 still builds the schema from it on
 * every validate, so keep schemas small (checks/xsd-valid.ts). */
export interface CompiledSchema {
  validate(element: XmlElement): string[];
  /** Validates a whole document given as text (e.g. our own junit.xml); parse errors are reported too. */
  validateText(text: string): string[];
}

export function compileSchema(xsdText: string): CompiledSchema {
  const schema = parseDocument(xsdText);
  // Verdicts by element: a tree is immutable, and answers of the same text share one
  // (decode/response.ts), so an element already validated against this schema is not again.
  const verdicts = new WeakMap<XmlElement, string[]>();
  return {
    validate(element) {
      let errors = verdicts.get(element);
      if (!errors) verdicts.set(element, (errors = validateElement(schema, element)));
      return [...errors];
    },
    validateText(text) {
      let doc: libxmlTypes.Document;
      try {
        doc = parseDocument(text);
      } catch (err) {
        return [`not well-formed: ${(err as Error).message.trim()}`];
      }
      if (doc.validate(schema)) return [];
      return doc.validationErrors.map((e) => `line ${e.line}: ${e.message.trim()}`);
    },
  };
}

function validateElement(schema: libxmlTypes.Document, element: XmlElement): string[] {
  // A whole document validates from its own text, parsed again as a document (its tree came from
  // SAX events, or its document was let go). An element cut out of a SOAP Body is re-serialised
  // with every namespace declared on the element that uses it, so that it validates on its own
  // (libxmljs2 validates whole documents only; see the module comment for why not clone).
  const doc = parseDocument(wholeDocuments.get(element) ?? serialise(element), true);
  if (doc.validate(schema)) return [];
  return doc.validationErrors.map((e) => e.message.trim());
}

/** An element as fast-xml-parser's ordered builder form, every namespace declared where used. */
function toOrdered(el: XmlElement, parentNs: string | null): Record<string, unknown> {
  const attrs: Record<string, string> = {};
  if (el.ns !== parentNs) attrs[`${ATTR}xmlns`] = el.ns ?? '';
  let i = 0;
  for (const [key, value] of Object.entries(el.attrs)) {
    const m = /^\{(.*)\}(.*)$/.exec(key);
    if (m) {
      attrs[`${ATTR}xmlns:a${i}`] = m[1]!;
      attrs[`${ATTR}a${i++}:${m[2]}`] = value;
    } else attrs[ATTR + key] = value;
  }
  const content = el.children.length === 0 ? [{ '#text': el.text }] : el.children.map((c) => toOrdered(c, el.ns));
  return { [el.name]: content, ':@': attrs };
}

/** XML text for one plain element (a leaf keeps its text, an element with children keeps only its
 * child elements: mixed content does not occur in this contract's messages). */
export function serialise(el: XmlElement): string {
  return buildOrderedXml([toOrdered(el, null)]);
}

/** Resolves a QName such as "soap:Client" against the declarations along `path` (outermost
 * first, the element holding the QName last). */
export function resolveQName(path: readonly XmlElement[], qname: string): { ns: string | null; local: string } {
  const colon = qname.indexOf(':');
  const prefix = colon < 0 ? '' : qname.slice(0, colon);
  const local = colon < 0 ? qname : qname.slice(colon + 1);
  for (let i = path.length - 1; i >= 0; i--) {
    const ns = path[i]!.decls[prefix];
    if (ns !== undefined) return { ns: ns === '' ? null : ns, local };
  }
  return { ns: prefix === 'xml' ? 'http://www.w3.org/XML/1998/namespace' : null, local };
}
