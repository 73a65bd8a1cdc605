/**
 * Shape drift: how a result's shape left another's (a baseline's) — a key or element added,
 * removed or renamed, an attribute added or removed, a value's type changed — as opposed to a
 * value that changed within the same shape. A removed and an added field of the same type at the
 * same place read as a rename.
 *
 * Types: a JSON value's type changed when neither shape's types contain the other's (a field that
 * was a number and is now a string; a field that was sometimes null and is still sometimes null is
 * no change). XML text has no type of its own, so an element's text type is not compared (the
 * guess would turn a changed value into drift); an element that gained or lost child elements is.
 */
import type { JsonShape, ResultShape, XmlElementShape } from './shape.js';

export interface ShapeChange {
  readonly kind: 'added' | 'removed' | 'renamed' | 'type changed' | 'format changed';
  /** JSON Pointer-like path of the field (JSON) or element path (XML), in the baseline's terms. */
  readonly path: string;
  readonly detail: string;
}

export function shapeDrift(baseline: ResultShape, candidate: ResultShape): ShapeChange[] {
  if (baseline.format !== candidate.format) return [{ kind: 'format changed', path: '', detail: `the result was ${baseline.format.toUpperCase()}, now ${candidate.format.toUpperCase()}` }];
  if (baseline.format === 'json' && candidate.format === 'json') return jsonDrift(baseline.root, candidate.root, '');
  if (baseline.format === 'xml' && candidate.format === 'xml') {
    if (baseline.root.name !== candidate.root.name || baseline.root.ns !== candidate.root.ns) {
      return [{ kind: 'renamed', path: `/${baseline.root.name}`, detail: `root element ${label(baseline.root)} is now ${label(candidate.root)}` }];
    }
    return xmlDrift(baseline.root, candidate.root, `/${baseline.root.name}`);
  }
  return [];
}

export const describeChange = (c: ShapeChange): string => `${c.path || '(root)'}: ${c.detail}`;

const typesText = (t: readonly string[]) => t.join('|');
const contains = (a: readonly string[], b: readonly string[]) => b.every((t) => a.includes(t));

/** Fields only in `before` and only in `after`, with the pairs that look like renames. */
function membership<T>(before: Readonly<Record<string, T>>, after: Readonly<Record<string, T>>, same: (a: T, b: T) => boolean, path: (k: string) => string, what: string): ShapeChange[] {
  const removed = Object.keys(before).filter((k) => !(k in after));
  const added = Object.keys(after).filter((k) => !(k in before));
  const out: ShapeChange[] = [];
  for (const r of removed) {
    const i = added.findIndex((a) => same(before[r]!, after[a]!));
    if (i >= 0) {
      out.push({ kind: 'renamed', path: path(r), detail: `${what} "${r}" is now "${added[i]}"` });
      added.splice(i, 1);
    } else out.push({ kind: 'removed', path: path(r), detail: `${what} "${r}" is gone` });
  }
  for (const a of added) out.push({ kind: 'added', path: path(a), detail: `${what} "${a}" is new` });
  return out;
}

function jsonDrift(before: JsonShape, after: JsonShape, path: string): ShapeChange[] {
  if (!contains(before.types, after.types) && !contains(after.types, before.types)) {
    return [{ kind: 'type changed', path, detail: `was ${typesText(before.types)}, now ${typesText(after.types)}` }];
  }
  const out: ShapeChange[] = [];
  if (before.objects > 0 && after.objects > 0) {
    const at = (k: string) => `${path}/${k}`;
    out.push(...membership(before.properties, after.properties, (a, b) => typesText(a.types) === typesText(b.types), at, 'field'));
    for (const k of Object.keys(before.properties)) if (k in after.properties) out.push(...jsonDrift(before.properties[k]!, after.properties[k]!, at(k)));
  }
  if (before.items && after.items) out.push(...jsonDrift(before.items, after.items, `${path}/*`));
  return out;
}

const label = (s: { ns: string | null; name: string }) => (s.ns ? `{${s.ns}}${s.name}` : s.name);
const complex = (s: XmlElementShape) => Object.keys(s.children).length > 0;
const nameOf = (key: string) => key.replace(/^\{[^}]*\}/, '');

function xmlDrift(before: XmlElementShape, after: XmlElementShape, path: string): ShapeChange[] {
  const out: ShapeChange[] = [];
  if (complex(before) !== complex(after)) {
    // Only where each side was always one or the other: a list element seen empty once is no change.
    const always = (s: XmlElementShape) => (complex(s) ? !(s.empty || s.text !== undefined || s.nil) : true);
    if (always(before) && always(after)) return [{ kind: 'type changed', path, detail: complex(before) ? 'had child elements, now has text only' : 'had text only, now has child elements' }];
  }
  out.push(...membership(before.attributes, after.attributes, () => true, (k) => `${path}/@${k}`, 'attribute'));
  const at = (k: string) => `${path}/${nameOf(k)}`;
  out.push(...membership(before.children, after.children, (a, b) => complex(a.shape) === complex(b.shape), at, 'element'));
  for (const k of Object.keys(before.children)) if (k in after.children) out.push(...xmlDrift(before.children[k]!.shape, after.children[k]!.shape, at(k)));
  return out;
}
