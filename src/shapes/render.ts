/**
 * Learned shapes written as the schema files `--result-schemas` reads: a JSON Schema (draft-07, the
 * default dialect of ajv) for JSON results, an XSD for XML results (built by the XML builder).
 * Both are strict where the shape was consistent, so that a field added, removed, renamed or
 * retyped is a violation: objects allow no properties that were never seen, and a key or element
 * present in every result learned from is required. Repetition seen once is open-ended (an array,
 * maxOccurs="unbounded"): three items seen says nothing about the fourth.
 */
import { buildDocument } from '../xml/build.js';
import type { JsonShape, ResultShape, TextType, XmlElementShape } from './shape.js';

export const JSON_SCHEMA_DIALECT = 'http://json-schema.org/draft-07/schema#';
const XS = 'http://www.w3.org/2001/XMLSchema';

/** The schema file's name and text for one operation's learned shape. */
export function schemaFile(operation: string, shape: ResultShape, learnedFrom: number): { name: string; text: string } {
  const about = `Result of ${operation}, learned by tsiws-conform shapes infer from ${learnedFrom} result${learnedFrom === 1 ? '' : 's'}; review before committing.`;
  if (shape.format === 'json') {
    const schema = { $schema: JSON_SCHEMA_DIALECT, title: `${operation} result`, description: about, ...jsonSchemaOf(shape.root) };
    return { name: `${operation}.schema.json`, text: `${JSON.stringify(schema, null, 2)}\n` };
  }
  return { name: `${operation}.xsd`, text: xsdOf(shape.root, about) };
}

export function jsonSchemaOf(s: JsonShape): Record<string, unknown> {
  const out: Record<string, unknown> = { type: s.types.length === 1 ? s.types[0] : s.types };
  if (s.types.includes('object')) {
    const names = Object.keys(s.properties);
    out['properties'] = Object.fromEntries(names.map((k) => [k, jsonSchemaOf(s.properties[k]!)]));
    const required = names.filter((k) => s.properties[k]!.seen === s.objects);
    if (required.length > 0) out['required'] = required;
    out['additionalProperties'] = false;
  }
  if (s.types.includes('array') && s.items) out['items'] = jsonSchemaOf(s.items);
  return out;
}

const XS_TYPE: Record<TextType, string> = { boolean: 'xs:boolean', decimal: 'xs:decimal', string: 'xs:string' };

/** Every namespace used by an element of the shape. */
function namespaces(s: XmlElementShape, into = new Set<string | null>()): Set<string | null> {
  into.add(s.ns);
  for (const c of Object.values(s.children)) namespaces(c.shape, into);
  return into;
}

function xsdOf(root: XmlElementShape, about: string): string {
  const below = new Set<string | null>();
  for (const c of Object.values(root.children)) namespaces(c.shape, below);
  // One target namespace (the root's) with its local elements qualified, or local elements in no
  // namespace; a result that mixes namespaces needs a schema written by hand (one XSD per namespace).
  const qualified = root.ns !== null && [...below].every((n) => n === root.ns);
  if (!qualified && ![...below].every((n) => n === null)) {
    throw new Error(`its elements use the namespaces ${[...new Set([root.ns, ...below])].map((n) => n ?? '(none)').join(', ')}; shapes infer writes XSDs for results in one namespace (or the root's and none); write this one by hand`);
  }
  return buildDocument({
    'xs:schema': {
      '@_xmlns:xs': XS,
      ...(root.ns ? { '@_targetNamespace': root.ns, '@_xmlns:tns': root.ns } : {}),
      '@_elementFormDefault': qualified ? 'qualified' : 'unqualified',
      'xs:annotation': { 'xs:documentation': about },
      'xs:element': elementOf(root, undefined),
    },
  });
}

function elementOf(s: XmlElementShape, occurs: { min: number; max: number } | undefined): Record<string, unknown> {
  const head = {
    '@_name': s.name,
    ...(occurs ? { '@_minOccurs': String(occurs.min), '@_maxOccurs': occurs.max > 1 ? 'unbounded' : '1' } : {}),
    ...(s.nil ? { '@_nillable': 'true' } : {}),
  };
  const children = Object.values(s.children);
  const attributes = Object.entries(s.attributes).map(([name, a]) => ({ '@_name': name, '@_type': XS_TYPE[a.type], '@_use': a.seen === s.seen ? 'required' : 'optional' }));
  // A leaf: its text type (xs:string when some instance was empty: "" is no decimal).
  const textType = s.text && !s.empty ? XS_TYPE[s.text] : 'xs:string';
  if (children.length === 0 && attributes.length === 0) return { ...head, '@_type': textType };
  if (children.length === 0) return { ...head, 'xs:complexType': { 'xs:simpleContent': { 'xs:extension': { '@_base': textType, 'xs:attribute': attributes } } } };
  const particles = children.map((c) => elementOf(c.shape, { min: s.ordered && c.parents === s.seen ? 1 : 0, max: s.ordered ? c.maxOccurs : 1 }));
  // Elements seen in varying order: any order, any number (XSD 1.0's xs:all allows no repetition).
  const group = s.ordered ? { 'xs:sequence': { 'xs:element': particles } } : { 'xs:choice': { '@_minOccurs': '0', '@_maxOccurs': 'unbounded', 'xs:element': particles } };
  // Leaf instances (no child elements) are allowed when some were seen: every child is then optional.
  const leafSeen = s.empty || s.text !== undefined || s.nil;
  const optional = leafSeen && s.ordered ? { 'xs:sequence': { 'xs:element': particles.map((p) => ({ ...p, '@_minOccurs': '0' })) } } : group;
  return { ...head, 'xs:complexType': { ...(s.mixed || s.text !== undefined ? { '@_mixed': 'true' } : {}), ...optional, ...(attributes.length > 0 ? { 'xs:attribute': attributes } : {}) } };
}
