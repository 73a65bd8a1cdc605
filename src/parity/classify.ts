import type { DifferenceClass } from '../results/differences.js';

export interface Classified {
  readonly class: DifferenceClass;
  readonly detail: string;
}

const NON_ASCII = /[^\x00-\x7f]/gu;
const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
const xmlUnescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&#(\d+);/g, (_, d) => String.fromCodePoint(Number(d))).replace(/&amp;/g, '&');
/** What a UTF-8 text looks like when its bytes are read as Latin-1 (classic mojibake). */
const mojibake = (s: string) => Buffer.from(s, 'utf8').toString('latin1');
/** Typed values rendered canonically: booleans in lower case, integers without sign or leading
 * zeros, ISO date-times as their instant. */
function canonicalTyped(s: string): string {
  return s
    .replace(/\b(true|false)\b/gi, (m) => m.toLowerCase())
    .replace(/(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)/g, (m) => {
      const t = Date.parse(m.includes('T') ? m : m.replace(' ', 'T'));
      return Number.isNaN(t) ? m : new Date(t).toISOString();
    })
    .replace(/(?<![\d.])[+]?0*(\d+)(?![\d.])/g, '$1');
}

/** Classifies how `actual` differs from `expected`, both texts; undefined when they are equal. */
export function classifyTexts(expected: string, actual: string): Classified | undefined {
  if (expected === actual) return undefined;
  const lf = (s: string) => s.replace(/\r\n?/g, '\n');
  if (lf(expected) === lf(actual)) return { class: 'whitespace', detail: 'line endings differ' };
  if (expected.trim() === actual.trim()) return { class: 'whitespace', detail: 'leading or trailing white space trimmed or added' };
  const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();
  if (collapse(expected) === collapse(actual)) return { class: 'whitespace', detail: 'runs of white space collapsed' };
  if (NON_ASCII.test(expected)) {
    if (expected.replace(NON_ASCII, '?') === actual) return { class: 'encoding', detail: 'non-ASCII characters replaced by "?"' };
    if (expected.replace(NON_ASCII, '\uFFFD') === actual) return { class: 'encoding', detail: 'non-ASCII characters replaced by U+FFFD' };
    if (expected.replace(NON_ASCII, '') === actual) return { class: 'encoding', detail: 'non-ASCII characters dropped' };
    if (mojibake(expected) === actual) return { class: 'encoding', detail: 'UTF-8 bytes read as Latin-1 (mojibake)' };
  }
  if (xmlEscape(expected) === actual) return { class: 'escaping', detail: 'markup characters escaped once too often (entities doubled)' };
  if (xmlUnescape(expected) === actual) return { class: 'escaping', detail: 'entities decoded once too often (escaping lost)' };
  if (expected.startsWith(actual)) return { class: 'truncation', detail: `cut after ${actual.length} of ${expected.length} characters` };
  if (canonicalTyped(expected) === canonicalTyped(actual)) return { class: 'typed-format', detail: 'a boolean, number or date-time is rendered differently' };
  return { class: 'other', detail: 'the texts differ' };
}

/** Both texts JSON objects with the same fields: classify field by field (the reference echo). */
export function classifyResults(expected: string, actual: string): Classified | undefined {
  const a = asObject(expected);
  const b = asObject(actual);
  if (!a || !b) return classifyTexts(expected, actual);
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  const fields: Array<[string, Classified]> = [];
  for (const key of keys) {
    const c = classifyTexts(render(a[key]), render(b[key]));
    if (c) fields.push([key, c]);
  }
  if (fields.length === 0) return classifyTexts(expected, actual);
  const classes = new Set(fields.map(([, c]) => c.class));
  const cls = classes.size === 1 ? [...classes][0]! : 'other';
  return { class: cls, detail: fields.map(([k, c]) => `${k}: ${c.detail}`).join('; ') };
}

function asObject(text: string): Record<string, unknown> | undefined {
  try {
    const v = JSON.parse(text) as unknown;
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      // The reference echo nests the values under "received".
      const received = (v as { received?: unknown }).received;
      return received && typeof received === 'object' ? (received as Record<string, unknown>) : (v as Record<string, unknown>);
    }
  } catch {
    return undefined;
  }
  return undefined;
}

const render = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v) ?? 'undefined');
