/**
 * XML is built by fast-xml-parser's builder, never by string concatenation. Two flavours:
 * - `request`: escapes CR as &#xD; so that a value's CR survives the receiver's line-end
 *   normalisation (XML 1.0 section 2.11) and reaches the service exactly as sent.
 * - `asmx`: what ASMX's XmlTextWriter writes: CR is left raw, so a reader sees CRLF as LF
 *   (observed on a real ASMX runtime, issue 5), quotes in text are not escaped, and empty
 *   elements are self-closed.
 */
import { XMLBuilder } from 'fast-xml-parser';
import { XmlTemplate } from './template.js';

/** Attribute keys carry this prefix in builder objects: { '@_xmlns': ns }. */
export const ATTR = '@_';

/** Every builder's: with the default (true) fast-xml-builder turns each element's path into a
 * string, for an ignoreAttributes callback none of ours has; that was a third of building
 * junit.xml's testcases in a 16x run's main process (profiled, issue 61). The output is the same. */
const NO_PATH_STRINGS = { jPath: false };

const base = [
  { regex: /&/g, val: '&amp;' }, // must stay first
  { regex: /</g, val: '&lt;' },
  { regex: />/g, val: '&gt;' },
];
const forAttributes = [{ regex: /"/g, val: '&quot;' }, { regex: /\n/g, val: '&#xA;' }, { regex: /\t/g, val: '&#x9;' }];
const cr = { regex: /\r/g, val: '&#xD;' };
/** Every character a request, a report or a document escapes: the one table of those builders. */
const allEntities = [...base, ...forAttributes, cr];

function makeBuilder(entities: Array<{ regex: RegExp; val: string }>, preserveOrder: boolean, pretty = false): XMLBuilder {
  return new XMLBuilder({
    format: pretty,
    indentBy: '  ',
    suppressEmptyNode: pretty,
    ...NO_PATH_STRINGS,
    ignoreAttributes: false,
    attributeNamePrefix: ATTR,
    textNodeName: '#text',
    processEntities: true,
    suppressBooleanAttributes: false,
    preserveOrder,
    entities,
  } as ConstructorParameters<typeof XMLBuilder>[0]);
}

const replaceAll = (value: string, entities: ReadonlyArray<{ regex: RegExp; val: string }>) =>
  entities.reduce((text, e) => text.replace(e.regex, e.val), value);

/** A value processor applying `entities` in order, as the builder's own entity table does, but
 * only to a value holding one of their characters: most values hold none, and the builder runs
 * every entity's replace on every value (a tenth of building a SOAP request, profiled, issue 20). */
function escaping(entities: ReadonlyArray<{ regex: RegExp; val: string }>): (name: string, value: unknown) => unknown {
  const any = new RegExp(entities.map((e) => e.regex.source).join('|'));
  return (_name, value) => (typeof value === 'string' && any.test(value) ? replaceAll(value, entities) : value);
}

// `"` is escaped everywhere only because one entity table serves text and attribute values alike;
// it is harmless in text. The builder's own entity processing is off: `escaping` does the same.
const requestEscape = escaping(allEntities);
const requestBuilder = new XMLBuilder({
  ...NO_PATH_STRINGS,
  ignoreAttributes: false,
  attributeNamePrefix: ATTR,
  textNodeName: '#text',
  suppressBooleanAttributes: false,
  processEntities: false,
  tagValueProcessor: requestEscape,
  attributeValueProcessor: requestEscape,
} as ConstructorParameters<typeof XMLBuilder>[0]);

const asmxText = escaping(base);
const asmxAttribute = escaping([...base, { regex: /"/g, val: '&quot;' }]);

/** XmlTextWriter escapes & < > in text and additionally " in attribute values, leaves CR raw, and
 * writes an empty element self-closed (reference source, System.Xml XmlTextEncoder). */
const asmxBuilder = new XMLBuilder({
  ...NO_PATH_STRINGS,
  ignoreAttributes: false,
  attributeNamePrefix: ATTR,
  textNodeName: '#text',
  suppressEmptyNode: true,
  suppressBooleanAttributes: false,
  processEntities: false,
  tagValueProcessor: (name: string, value: unknown) => asmxText(name, String(value)),
  attributeValueProcessor: (name: string, value: unknown) => asmxAttribute(name, String(value)),
} as ConstructorParameters<typeof XMLBuilder>[0]);
const orderedBuilder = makeBuilder(allEntities, true);
const documentBuilder = makeBuilder(allEntities, false, true);

/** Report fragments (junit.xml's testcases): attribute values keep their line breaks and CR as
 * character references, CDATA texts are left as they are (the builder splits every "]]>"). The
 * same escapes as the builder's own entity processing, made by `escaping` (a tenth of writing
 * junit.xml was the builder's seven replaces on every attribute value, profiled, issue 20); the
 * builder hands CDATA to neither processor. */
const fragmentBuilder = new XMLBuilder({
  ...NO_PATH_STRINGS,
  ignoreAttributes: false,
  attributeNamePrefix: ATTR,
  textNodeName: '#text',
  cdataPropName: '#cdata',
  suppressEmptyNode: true,
  suppressBooleanAttributes: false,
  processEntities: false,
  tagValueProcessor: requestEscape,
  attributeValueProcessor: requestEscape,
} as ConstructorParameters<typeof XMLBuilder>[0]);

// Characters XML 1.0 does not allow anywhere, not even as references (a target may answer with any).
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** `text` without the characters an XML 1.0 document cannot hold. */
export function xmlChars(text: string): string {
  return text.replace(NOT_XML, '');
}

/** Builder attributes from plain values: undefined ones left out, texts stripped of what XML cannot hold. */
export function attributes(values: Readonly<Record<string, string | number | undefined>>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(values)) if (value !== undefined) out[`${ATTR}${name}`] = typeof value === 'string' ? xmlChars(value) : value;
  return out;
}

/** A CDATA section's builder content. */
export const cdataOf = (text: string): Record<string, string> => ({ '#cdata': xmlChars(text) });

/** One element on one line, for documents written a fragment at a time. */
export function buildFragment(node: Record<string, unknown>): string {
  return fragmentBuilder.build(node) as string;
}

/** The start tag of `node`'s one element with its leading children (a <testsuite> with its
 * <properties>): the document's writer adds the rest and the end tag. */
export function buildStartTag(node: Record<string, unknown>): string {
  const [name] = Object.keys(node);
  const whole = buildFragment(node);
  return whole.endsWith('/>') ? `${whole.slice(0, -2)}>` : whole.slice(0, -`</${name}>`.length);
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="utf-8"?>';

export type Flavour = 'request' | 'asmx';

/** Builds XML from a builder object ({ tag: { '@_attr': v, child: ..., '#text': t } }). */
export function buildXml(node: Record<string, unknown>, flavour: Flavour): string {
  return (flavour === 'request' ? requestBuilder : asmxBuilder).build(node) as string;
}

/** Builds XML from fast-xml-parser's ordered form ([{ tag: [children], ':@': { '@_a': v } }]),
 * for trees whose sibling order matters more than their key order. */
export function buildOrderedXml(nodes: unknown[]): string {
  return orderedBuilder.build(nodes) as string;
}

/** A pretty-printed document (WSDL, XSD) with the XML declaration, empty elements self-closed. */
export function buildDocument(node: Record<string, unknown>): string {
  return `${XML_DECLARATION}\n${(documentBuilder.build(node) as string).trimEnd()}\n`;
}

// What makes a value come out of the fragment builder other than as it is: an escaped character
// (in an attribute), a "]]>" the builder splits (in CDATA), or one XML cannot hold (attributes()
// and cdataOf() drop it).
const NOT_VERBATIM_ATTRIBUTE = new RegExp(`[&<>"\\n\\t\\r]|${NOT_XML.source}`, 'u');
const NOT_VERBATIM_CDATA = new RegExp(`\\]\\]>|${NOT_XML.source}`, 'u');

/**
 * One fragment shape as an XmlTemplate (template.ts): the fragment builder writes it once, and each
 * use fills it in. junit.xml's passing testcases (12 an exchange, 276,480 in the bench's
 * --repeat 288 run) through the builder were 5.4 s of the main process (profiled, issue 52).
 * `make` turns values into the builder node (with attributes() and cdataOf(), as any fragment);
 * each value is an attribute's or a CDATA section's.
 */
export class FragmentTemplate<A extends string, C extends string> extends XmlTemplate<A | C> {
  constructor(make: (values: Readonly<Record<A | C, string>>) => Record<string, unknown>, attributeKeys: readonly A[], cdataKeys: readonly C[]) {
    super((values) => buildFragment(make(values)), [...attributeKeys, ...cdataKeys], (key) => ((attributeKeys as readonly string[]).includes(key) ? NOT_VERBATIM_ATTRIBUTE : NOT_VERBATIM_CDATA));
  }
}
