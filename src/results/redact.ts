/** Redaction: every form of every secret replaced by its placeholder in a text, also where a cut
 * (clip()) would leave part of one. One pass per text, the patterns kept per list of secrets. */
import { clip, isHighSurrogate } from './clip.js';

/** Replaces every form of every secret (as sent, percent-encoded, form-encoded) in one pass over
 * the text, longest form first, so a megabyte body costs one scan however many secrets there are.
 * Most texts hold no secret at all (a header, a check's message): a plain search for each form
 * settles that before the pattern is built or run (profiled: redaction was most of a record's cost). */
export function redact(text: string, secrets: ReadonlyArray<[string, string]>): string {
  if (secrets.length === 0) return text;
  const entry = compiled(secrets);
  if (!entry.forms.some((form) => text.includes(form))) return text;
  const { regex, placeholders } = patternOf(entry);
  return text.replace(regex, (m) => placeholders.get(m)!);
}

/** The shortest piece of a secret that is redacted where a cut left only part of it: shorter
 * pieces are too common in any text to stand for the secret (and secretsOf keeps no shorter secret). */
export const SECRET_PIECE_CHARS = 4;

/**
 * `text` redacted, then clipped to `max` characters as clip() does: a secret that straddles the cut
 * is replaced whole, never left half-shown (clipping first left the start of such a secret in every
 * report, issue 41). Only the first `max` characters and the longest secret after them are scanned,
 * so a megabyte text costs no more than a short one.
 */
export function redactClip(text: string, max: number, secrets: ReadonlyArray<[string, string]>): string {
  if (text.length <= max || secrets.length === 0) return clip(redact(text, secrets), max);
  const entry = compiled(secrets);
  let longest = 0;
  for (const form of entry.forms) longest = Math.max(longest, form.length);
  const cut = isHighSurrogate(text.charCodeAt(max - 1)) ? max - 1 : max;
  const head = text.slice(0, cut + longest);
  if (!entry.forms.some((form) => head.includes(form))) return clip(text, max);
  const { regex, placeholders } = patternOf(entry);
  let shown = '';
  let at = 0;
  regex.lastIndex = 0;
  for (let m = regex.exec(head); m !== null && m.index < cut; m = regex.exec(head)) {
    shown += head.slice(at, m.index) + placeholders.get(m[0])!;
    at = m.index + m[0].length;
  }
  regex.lastIndex = 0;
  if (at < cut) shown += head.slice(at, cut);
  const end = Math.max(at, cut);
  return end >= text.length ? shown : `${shown}… (${text.length - end} more characters)`;
}

/**
 * For a text that was clipped before it could be redacted (a check's message quotes the target
 * through clip(), and only the engine knows the secrets): redacted, and wherever a clip() mark
 * (`…`) follows the start of a secret of SECRET_PIECE_CHARS or more characters, that start replaced
 * by the secret's placeholder too. Costs one search for the mark in a text without one.
 */
export function redactClipped(text: string, secrets: ReadonlyArray<[string, string]>): string {
  const redacted = redact(text, secrets);
  if (secrets.length === 0 || !redacted.includes(CLIP_MARK)) return redacted;
  let shown = '';
  let at = 0;
  for (let mark = redacted.indexOf(CLIP_MARK); mark !== -1; mark = redacted.indexOf(CLIP_MARK, mark + 1)) {
    const piece = secretStartBefore(redacted, at, mark, secrets);
    if (piece) {
      shown += redacted.slice(at, mark - piece.length) + piece.placeholder;
      at = mark;
    }
  }
  return at === 0 ? redacted : shown + redacted.slice(at);
}

const CLIP_MARK = '…';

/** The longest start of a secret's form (of SECRET_PIECE_CHARS or more characters) that ends
 * `text` at `end`, not reaching before `from`. */
function secretStartBefore(text: string, from: number, end: number, secrets: ReadonlyArray<[string, string]>): { length: number; placeholder: string } | undefined {
  let found: { length: number; placeholder: string } | undefined;
  for (const [value, placeholder] of secrets) for (const form of formsOf(value)) {
    for (let n = Math.min(form.length - 1, end - from); n >= SECRET_PIECE_CHARS && n > (found?.length ?? 0); n--) {
      if (text.startsWith(form.slice(0, n), end - n)) {
        found = { length: n, placeholder };
        break;
      }
    }
  }
  return found;
}

/** `text` as a regular expression that matches exactly it. */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Compiled {
  readonly secrets: ReadonlyArray<[string, string]>;
  /** Every form of every secret, in the list's order. */
  readonly forms: readonly string[];
  /** Built on the first text that holds a secret. */
  pattern?: Pattern;
}

interface Pattern {
  /** Every form, longest first, so that a form containing another is replaced whole. */
  readonly regex: RegExp;
  /** Each form's placeholder: that of the first secret of the list that has the form. */
  readonly placeholders: ReadonlyMap<string, string>;
}

// One exchange redacts its headers, body, result and every check message with one secrets list:
// the list is looked up first. Each exchange makes a new list, and a run's lists mostly share their
// secrets (its sig, mobilekey and access values), but not all: unless --timestamp fixes it, each
// request's timestamp is the time it was made. So the forms are found once per secret, and the
// pattern only for a text that holds one, once per distinct list (kept by its content). Finding
// the forms per distinct list made a default run compile them for every exchange (profiled, issue
// 20). Both bounded: a signer making a signature per request makes a secret per request.
const byList = new WeakMap<ReadonlyArray<[string, string]>, Compiled>();
const formsByValue = new Map<string, readonly string[]>();
const FORMS_KEPT = 256;
const patterns = new Map<string, Pattern>();
const PATTERNS_KEPT = 64;

function compiled(secrets: ReadonlyArray<[string, string]>): Compiled {
  let entry = byList.get(secrets);
  if (!entry) {
    const forms: string[] = [];
    for (const [value] of secrets) for (const form of formsOf(value)) forms.push(form);
    entry = { secrets, forms };
    byList.set(secrets, entry);
  }
  return entry;
}

/** A secret as sent, percent-encoded and form-encoded (each once). */
export function formsOf(value: string): readonly string[] {
  let forms = formsByValue.get(value);
  if (!forms) {
    if (formsByValue.size >= FORMS_KEPT) formsByValue.clear();
    forms = [...new Set([value, encodeURIComponent(value), new URLSearchParams({ v: value }).toString().slice(2)])];
    formsByValue.set(value, forms);
  }
  return forms;
}

/** A form as UTF-8 bytes, kept as formsOf keeps the forms. */
export function bytesOf(form: string): Buffer {
  let bytes = bytesByForm.get(form);
  if (!bytes) {
    if (bytesByForm.size >= FORMS_KEPT * 3) bytesByForm.clear();
    bytes = Buffer.from(form, 'utf8');
    bytesByForm.set(form, bytes);
  }
  return bytes;
}
const bytesByForm = new Map<string, Buffer>();

function patternOf(entry: Compiled): Pattern {
  if (entry.pattern) return entry.pattern;
  const key = entry.secrets.map(([value, placeholder]) => `${value}\u0000${placeholder}`).join('\u0000');
  let pattern = patterns.get(key);
  if (!pattern) {
    if (patterns.size >= PATTERNS_KEPT) patterns.clear();
    const placeholders = new Map<string, string>();
    for (const [value, placeholder] of entry.secrets) {
      for (const form of formsOf(value)) if (!placeholders.has(form)) placeholders.set(form, placeholder);
    }
    const forms = [...placeholders.keys()].sort((a, b) => b.length - a.length);
    pattern = { regex: new RegExp(forms.map(escapeRegExp).join('|'), 'g'), placeholders };
    patterns.set(key, pattern);
  }
  return (entry.pattern = pattern);
}
