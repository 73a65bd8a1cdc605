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

/** The file name endings of result schemas, by result format: what shapes infer writes and
 * --result-schemas reads (src/checks/load-result-schemas.ts). */
export const SCHEMA_SUFFIX = { json: '.schema.json', xml: '.xsd' } as const;

/** The schema file's name and text for one operation's learned shape. */
export function schemaFile(operation: string, shape: ResultShape, learnedFrom: number): { name: string; text: string } {
  const about = `Result of ${operation}, learned by tsiws-conform shapes infer from ${learnedFrom} result${learnedFrom === 1 ? '' : 's'}; review before committing.`;
  if (shape.format === 'json') {
    const schema = { $schema: JSON_SCHEMA_DIALECT, title: `${operation} result`, description: about, ...jsonSchemaOf(shape.root) };
    return { name: `${operation}${SCHEMA_SUFFIX.json}`, text: `${JSON.stringify(schema, null, 2)}\n` };
  }
  return { name: `${operation}${SCHEMA_SUFFIX.xml}`, text: xsdOf(shape.root, about) };
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

/** The namespaces of the local elements below `s`: its children in the root's namespace or in none,
 * and theirs; an element in another namespace is foreign (an inline xs:schema, say) and not entered. */
function localNamespaces(s: XmlElementShape, rootNs: string | null, into = new Set<string | null>()): Set<string | null> {
  for (const c of Object.values(s.children)) {
    if (c.shape.ns !== null && c.shape.ns !== rootNs) continue;
    into.add(c.shape.ns);
    localNamespaces(c.shape, rootNs, into);
  }
  return into;
}

function xsdOf(root: XmlElementShape, about: string): string {
  const local = localNamespaces(root, root.ns);
  // One target namespace (the root's) with its local elements qualified, or local elements in no
  // namespace; both at once needs a schema written by hand. Elements of other namespaces are
  // accepted as they are (xs:any namespace="##other"): one XSD describes one namespace.
  if (root.ns !== null && local.has(root.ns) && local.has(null)) {
    throw new Error(`its elements are in the namespace ${root.ns} and in none; shapes infer writes XSDs whose local elements are in one of them; write this one by hand`);
  }
  const qualified = root.ns !== null && !local.has(null);
  const foreign = (s: XmlElementShape) => s.ns !== (qualified ? root.ns : null) && s.ns !== null;
  return buildDocument({
    'xs:schema': {
      '@_xmlns:xs': XS,
      ...(root.ns ? { '@_targetNamespace': root.ns, '@_xmlns:tns': root.ns } : {}),
      '@_elementFormDefault': qualified ? 'qualified' : 'unqualified',
      'xs:annotation': { 'xs:documentation': about },
      'xs:element': elementOf(root, undefined, foreign),
    },
  });
}

function elementOf(s: XmlElementShape, occurs: { min: number; max: number } | undefined, foreign: (s: XmlElementShape) => boolean): Record<string, unknown> {
  const head = {
    '@_name': s.name,
    ...(occurs ? { '@_minOccurs': String(occurs.min), '@_maxOccurs': occurs.max > 1 ? 'unbounded' : '1' } : {}),
    ...(s.nil ? { '@_nillable': 'true' } : {}),
  };
  const children = Object.values(s.children);
  const declared = Object.entries(s.attributes).map(([name, a]) => ({ '@_name': name, '@_type': XS_TYPE[a.type], '@_use': a.seen === s.seen ? 'required' : 'optional' }));
  // Attributes of other namespaces (xml:lang) are accepted as they come, like foreign elements.
  const anyAttribute = s.namespacedAttributes ? { 'xs:anyAttribute': { '@_namespace': '##other', '@_processContents': 'lax' } } : {};
  const attributes = { ...(declared.length > 0 ? { 'xs:attribute': declared } : {}), ...anyAttribute };
  // A leaf: its text type (xs:string when some instance was empty: "" is no decimal).
  const textType = s.text && !s.empty ? XS_TYPE[s.text] : 'xs:string';
  if (children.length === 0 && Object.keys(attributes).length === 0) return { ...head, '@_type': textType };
  if (children.length === 0) return { ...head, 'xs:complexType': { 'xs:simpleContent': { 'xs:extension': { '@_base': textType, ...attributes } } } };
  // A foreign element is an xs:any; the builder cannot interleave xs:any and xs:element in one
  // sequence, so children with a foreign one among them are accepted in any order, as are
  // elements seen in varying order (XSD 1.0's xs:all allows no repetition).
  const ordered = s.ordered && !children.some((c) => foreign(c.shape));
  const particles = children.filter((c) => !foreign(c.shape)).map((c) => elementOf(c.shape, { min: ordered && c.parents === s.seen ? 1 : 0, max: ordered ? c.maxOccurs : 1 }, foreign));
  const any = children.some((c) => foreign(c.shape)) ? { 'xs:any': { '@_namespace': '##other', '@_processContents': 'lax' } } : {};
  const group = ordered ? { 'xs:sequence': { 'xs:element': particles } } : { 'xs:choice': { '@_minOccurs': '0', '@_maxOccurs': 'unbounded', ...(particles.length > 0 ? { 'xs:element': particles } : {}), ...any } };
  // Leaf instances (no child elements) are allowed when some were seen: every child is then optional.
  const leafSeen = s.empty || s.text !== undefined || s.nil;
  const optional = leafSeen && ordered ? { 'xs:sequence': { 'xs:element': particles.map((p) => ({ ...p, '@_minOccurs': '0' })) } } : group;
  return { ...head, 'xs:complexType': { ...(s.mixed || s.text !== undefined ? { '@_mixed': 'true' } : {}), ...optional, ...attributes } };
}
