/**
 * In-scope namespace declarations, for resolving the QName-valued attributes of a WSDL
 * (`type="s:int"`, `element="tns:MobileX"`, `binding="tns:tsiWSSoap"`): a QName in an attribute
 * value can only be resolved with the declarations in scope (XML Schema Part 2, 3.2.18 QName;
 * Namespaces in XML, section 6.2). Each element's own declarations come from parseXml (`decls`).
 */
import type { XmlElement } from '../decode/xml.js';

/** prefix -> namespace URI; the default namespace has the prefix ''. */
export type Scope = ReadonlyMap<string, string>;

/** A namespace-qualified name; `ns` is null for a name in no namespace. */
export interface QName {
  readonly ns: string | null;
  readonly local: string;
}

const XML_NS = 'http://www.w3.org/XML/1998/namespace';

/** The scope of every element of `root`. */
export function namespaceScopes(root: XmlElement): WeakMap<XmlElement, Scope> {
  const scopes = new WeakMap<XmlElement, Scope>();
  const walk = (el: XmlElement, parent: Scope): void => {
    const declared = Object.entries(el.decls);
    const scope = declared.length === 0 ? parent : new Map([...parent, ...declared]);
    scopes.set(el, scope);
    for (const child of el.children) walk(child, scope);
  };
  walk(root, new Map([['xml', XML_NS]]));
  return scopes;
}

/** Resolves a QName attribute value against a scope; an undeclared prefix gives undefined. */
export function resolveQName(value: string, scope: Scope): QName | undefined {
  const colon = value.indexOf(':');
  const prefix = colon < 0 ? '' : value.slice(0, colon);
  const local = value.slice(colon + 1).trim();
  const ns = scope.get(prefix);
  if (ns === undefined && prefix !== '') return undefined;
  return { ns: ns || null, local };
}

/** Clark notation, `{ns}local`, for messages. */
export const clark = (q: QName): string => (q.ns ? `{${q.ns}}${q.local}` : q.local);
