/** Reading result texts for the state layer: JSON, and XML by fast-xml-parser in its ordered form
 * (repeated siblings stay apart, in document order). Entities: the five predefined ones only
 * (htmlEntities off), and a text with a DOCTYPE is not read at all, so no entity it declares is
 * expanded. Values stay text, as written (white space is data; white space between elements is
 * dropped where it is read). Nothing here throws. */
import { XMLParser } from 'fast-xml-parser';

export const MAX_XML_DEPTH = 64;

export type XmlNode = Record<string, unknown>;
export const ATTRS = ':@';
export const TEXT = '#text';

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const options = {
  preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '', parseTagValue: false, parseAttributeValue: false,
  trimValues: true, processEntities: true, htmlEntities: false, ignoreDeclaration: true, ignorePiTags: true, maxNestedTags: MAX_XML_DEPTH,
} as const;
/** Names without their prefixes (records: <a:accountnumber> is accountnumber); as written (patterns). */
// Records keep their values' white space (a sequence compares what was stored with what was sent);
// the patterns of in-band.ts read trimmed text.
const local = new XMLParser({ ...options, trimValues: false, removeNSPrefix: true });
const written = new XMLParser(options);

/** The document's top-level nodes; empty when it is not well-formed enough to read, or has a DOCTYPE. */
export function parseXmlNodes(text: string, names: 'local' | 'written' = 'local'): XmlNode[] {
  if (/<!DOCTYPE/i.test(text)) return [];
  try {
    // Validated first: the parser alone reads <r><a>1</r> as if it were well-formed.
    const parsed: unknown = (names === 'local' ? local : written).parse(text, true);
    return Array.isArray(parsed) ? (parsed as XmlNode[]) : [];
  } catch {
    return [];
  }
}

export const tagOf = (node: XmlNode): string | undefined => Object.keys(node).find((k) => k !== ATTRS);

/** An element's own text when it has no child elements; undefined otherwise. */
export function leafText(children: unknown): string | undefined {
  if (!Array.isArray(children)) return undefined;
  let text = '';
  for (const c of children as XmlNode[]) {
    if (tagOf(c) !== TEXT) return undefined;
    text += String(c[TEXT]);
  }
  return text;
}

/** The root element's name and its children's, each with its text when it is a leaf, names as written. */
export function topLevelXml(text: string): { root: string; children: Array<[string, string | undefined]> } | undefined {
  const root = parseXmlNodes(text, 'written').find((n) => { const t = tagOf(n); return t !== undefined && t !== TEXT; });
  if (!root) return undefined;
  const name = tagOf(root)!;
  const children = (Array.isArray(root[name]) ? (root[name] as XmlNode[]) : []).flatMap((c): Array<[string, string | undefined]> => {
    const t = tagOf(c);
    return t === undefined || t === TEXT ? [] : [[t, leafText(c[t])]];
  });
  return { root: name, children };
}
