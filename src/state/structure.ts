/**
 * Structural features of a result text, for in-band failure signatures (in-band.ts): a node of a
 * JSON or XML result at a path from its root, with its text when it is a leaf. A regular
 * expression cannot say "the Status child of the root, in any case, with any namespace prefix"
 * (`<Response><Status>Error</Status>...` against a record whose status is "Error" deep in a list),
 * so such a feature is kept as this small description, plain data, and evaluated here.
 * Paths: JSON keys (array items are passed through: `{"d":[{"ok":false}]}` has d/ok), XML local
 * names (prefixes dropped), `@name` for an attribute. Names and values compare case-insensitively.
 */
import { ATTRS, leafText, MAX_XML_DEPTH, parseJson, parseXmlNodes, tagOf, TEXT, type XmlNode } from './texts.js';

export interface StructuralMatch {
  readonly kind: 'json-path' | 'xml-path';
  readonly path: readonly string[];
  /** The leaf's text (trimmed); absent: the node's presence is the feature. */
  readonly value?: string;
  readonly caseInsensitive: boolean;
}

/** Larger texts have no structural features: a failure is short (a success over it never matches). */
export const MAX_STRUCTURE_CHARS = 256 * 1024;
/** Features are taken no deeper than this, and from at most MAX_NODES nodes of a text. */
const MAX_FEATURE_DEPTH = 8;
const MAX_NODES = 2000;

/** A parsed text: JSON value or XML top-level nodes. */
type Tree = { readonly kind: 'json-path'; readonly value: unknown } | { readonly kind: 'xml-path'; readonly nodes: readonly XmlNode[] };

export function treeOf(text: string): Tree | undefined {
  if (text.length > MAX_STRUCTURE_CHARS) return undefined;
  const head = text.trimStart();
  if (head.startsWith('{') || head.startsWith('[')) {
    const value = parseJson(text);
    return typeof value === 'object' && value !== null ? { kind: 'json-path', value } : undefined;
  }
  if (head.startsWith('<')) {
    const nodes = parseXmlNodes(text, 'local');
    return nodes.some((n) => { const t = tagOf(n); return t !== undefined && t !== TEXT; }) ? { kind: 'xml-path', nodes } : undefined;
  }
  return undefined;
}

/** One node met in a walk: its path (names as written) and its text when a scalar or leaf. */
interface Visit {
  readonly path: readonly string[];
  readonly text: string | undefined;
}

const scalar = (v: unknown): string | undefined => (v === null ? 'null' : typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v).trim() : undefined);

/** Every node of the tree down to `maxDepth`, at most MAX_NODES; `keep` prunes by path prefix. */
function walk(tree: Tree, maxDepth: number, keep: (path: readonly string[]) => boolean, visit: (v: Visit) => boolean | void): void {
  let budget = MAX_NODES;
  const emit = (path: readonly string[], text: string | undefined): boolean => budget-- > 0 && visit({ path, text }) !== true;
  const json = (value: unknown, path: readonly string[]): boolean => {
    if (Array.isArray(value)) return value.every((item) => json(item, path));
    if (typeof value !== 'object' || value === null || path.length >= maxDepth) return true;
    for (const [k, v] of Object.entries(value)) {
      const p = [...path, k];
      if (!keep(p)) continue;
      if (!emit(p, scalar(v)) || !json(v, p)) return false;
    }
    return true;
  };
  const xml = (nodes: readonly XmlNode[], path: readonly string[]): boolean => {
    if (path.length >= Math.min(maxDepth, MAX_XML_DEPTH)) return true;
    for (const node of nodes) {
      const tag = tagOf(node);
      if (tag === undefined || tag === TEXT) continue;
      const p = [...path, tag];
      if (!keep(p)) continue;
      const children = Array.isArray(node[tag]) ? (node[tag] as XmlNode[]) : [];
      if (!emit(p, leafText(children)?.trim())) return false;
      const attrs = node[ATTRS];
      if (typeof attrs === 'object' && attrs !== null) {
        for (const [name, v] of Object.entries(attrs)) if (keep([...p, `@${name}`]) && !emit([...p, `@${name}`], scalar(v))) return false;
      }
      if (!xml(children, p)) return false;
    }
    return true;
  };
  if (tree.kind === 'json-path') json(tree.value, []);
  else xml(tree.nodes, []);
}

const fold = (s: string, ci: boolean): string => (ci ? s.toLowerCase() : s);

/** Whether the tree has the feature: a node at the path (with the value, when given). */
export function hasStructure(tree: Tree | undefined, m: StructuralMatch): boolean {
  if (!tree || tree.kind !== m.kind) return false;
  const want = m.path.map((n) => fold(n, m.caseInsensitive));
  const value = m.value === undefined ? undefined : fold(m.value, m.caseInsensitive);
  let found = false;
  walk(tree, want.length, (p) => fold(p[p.length - 1]!, m.caseInsensitive) === want[p.length - 1], (v) => {
    if (v.path.length === want.length && (value === undefined || (v.text !== undefined && fold(v.text, m.caseInsensitive) === value))) found = true;
    return found;
  });
  return found;
}

/** A feature as a key: kind, lower-cased path and value (`\u0000` never occurs in a name). */
export const featureKey = (m: StructuralMatch): string => [m.kind, ...m.path.map((n) => n.toLowerCase()), m.value === undefined ? '\u0001' : `=${m.value.toLowerCase()}`].join('\u0000');

/** The features of a tree, each once (by featureKey), as the first node showing it writes them:
 * every node's presence, and a leaf's value when `isMarker` takes it. */
export function featuresOf(tree: Tree, isMarker: (text: string) => boolean): Map<string, StructuralMatch> {
  const out = new Map<string, StructuralMatch>();
  const add = (m: StructuralMatch) => { const k = featureKey(m); if (!out.has(k)) out.set(k, m); };
  walk(tree, MAX_FEATURE_DEPTH, () => true, ({ path, text }) => {
    add({ kind: tree.kind, path, caseInsensitive: true });
    if (text !== undefined && isMarker(text)) add({ kind: tree.kind, path, value: text, caseInsensitive: true });
  });
  return out;
}

/** The feature as a reader would write it: `<Response><Status>Error</Status>`, `"d"."ok": false`. */
export function describeStructure(m: StructuralMatch): string {
  const any = m.caseInsensitive ? ' (any case)' : '';
  if (m.kind === 'json-path') return `${m.path.map((n) => JSON.stringify(n)).join('.')}${m.value === undefined ? '' : `: ${m.value}`}${any}`;
  const last = m.path[m.path.length - 1]!;
  if (last.startsWith('@')) {
    const elements = m.path.slice(0, -1);
    const open = elements.map((n, i) => (i === elements.length - 1 ? `<${n} ${last.slice(1)}${m.value === undefined ? '' : `="${m.value}"`}>` : `<${n}>`)).join('');
    return `${open}${any}`;
  }
  const open = m.path.map((n) => `<${n}>`).join('');
  return `${open}${m.value === undefined ? '' : `${m.value}</${last}>`}${any}`;
}
