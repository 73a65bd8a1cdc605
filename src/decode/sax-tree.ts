/**
 * The plain element tree (xml.ts, XmlElement) built from libxml2's SAX events, for readers that
 * need only the tree. Nothing of libxml2 outlives the parse. parseXml's document and its node
 * wrappers are freed only by V8's full collections, one level of the tree per collection
 * (libxmljs2 makes each node wrapper hold its parent's), and V8 does not see libxml2's memory
 * (libxmljs2 0.35 means to report it, but `process.memoryUsage().external` does not move): 20,000
 * parses of a 200-byte envelope left 84 MiB in libxml2 against 1.3 MiB of external memory. A
 * process that parses much and allocates little JavaScript piles it up: the CLI, whose embedded
 * server parsed every SOAP request so, grew from 319 to 424 MiB resident through a default run at
 * --repeat 16 while libxml2 held up to 81 MiB, and malloc kept the pages. A full collection
 * whenever libxml2 grew by 16 MiB did not stop it (one level a collection). Measured on a 1.1 KB
 * SOAP request (Node 20, 2026-11-24): 31 us a parse here and no memory left, against 103 us.
 *
 * The caller decides when this reading is a document's (xml.ts, parseXml): any error
 * or warning makes the result `undefined`.
 */
import type { SaxParser } from 'libxmljs2';
import type { XmlElement } from './xml.js';

interface Frame {
  readonly ns: string | null;
  readonly name: string;
  readonly attrs: Record<string, string>;
  readonly decls: Record<string, string>;
  readonly children: XmlElement[];
  text: string;
}

/** A reusable reader on one libxml2 SAX parser: parses are synchronous, so one state will do. */
export function saxTreeReader(parser: SaxParser): (text: string) => XmlElement | undefined {
  let stack: Frame[] = [];
  let root: XmlElement | undefined;
  let failed = false;
  parser.on('startElementNS', (name: string, attributes: Array<[string, string | null, string | null, string]>, _prefix: string | null, uri: string | null, namespaces: Array<[string | null, string]>) => {
    const attrs: Record<string, string> = {};
    for (const [local, , attrNs, value] of attributes) attrs[attrNs ? `{${attrNs}}${local}` : local] = value;
    const decls: Record<string, string> = {};
    for (const [prefix, href] of namespaces) decls[prefix ?? ''] = href;
    stack.push({ ns: uri ?? null, name, attrs, decls, children: [], text: '' });
  });
  parser.on('endElementNS', () => {
    const frame = stack.pop();
    if (!frame) return void (failed = true);
    const element: XmlElement = { ns: frame.ns, name: frame.name, attrs: frame.attrs, children: frame.children, decls: frame.decls, text: frame.text };
    const parent = stack.at(-1);
    if (parent) {
      parent.children.push(element);
      parent.text += element.text;
    } else root = element;
  });
  // Text and CDATA count in an element's string value; comments and processing instructions do not.
  const appendText = (text: string) => {
    const top = stack.at(-1);
    if (top) top.text += text;
  };
  parser.on('characters', appendText);
  parser.on('cdata', appendText);
  parser.on('error', () => void (failed = true));
  parser.on('warning', () => void (failed = true));
  return (text) => {
    stack = [];
    root = undefined;
    failed = false;
    parser.parseString(text);
    const tree = failed || stack.length > 0 ? undefined : root;
    stack = [];
    root = undefined;
    return tree;
  };
}
