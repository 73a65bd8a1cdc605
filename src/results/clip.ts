/**
 * Bounded quotes of target text. An answer may be as large as --max-response-bytes (megabytes), and
 * a message, a diff or a report that quotes it whole costs time and memory at every later step
 * (worker-to-main messages, vitest's assertion diff, every report), with nothing gained for the
 * reader. Everything here runs in time linear in what it keeps, never in the whole text.
 */

/** What a check message quotes of the target at most. */
export const MESSAGE_CHARS = 2000;

/** `text` cut to `max` characters, saying how much was left out. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  // Do not cut a surrogate pair in two.
  const cut = isHighSurrogate(text.charCodeAt(max - 1)) ? max - 1 : max;
  return `${text.slice(0, cut)}… (${text.length - cut} more characters)`;
}

/** The first line of `text`, at most `max` characters; never splits the whole text. */
export function firstLine(text: string | null | undefined, max = 200): string {
  const s = text ?? '';
  const end = s.slice(0, max + 1).search(/\r?\n/);
  return end === -1 ? s.slice(0, max) : s.slice(0, end);
}

/** firstLine() for quoting the target in a message: a line cut at `max` ends with clip()'s mark,
 * so that the engine can redact the start of a secret the cut left (redactClipped, issue 41). */
export function quotedLine(text: string | null | undefined, max = 200): string {
  const line = firstLine(text, max);
  const s = text ?? '';
  return line.length === max && s.length > max && s.charAt(max) !== '\n' && s.slice(max, max + 2) !== '\r\n' ? `${line}…` : line;
}

export const isHighSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;
