/**
 * Text helpers for report.html: escaping and pretty-printing target text, which is hostile (a
 * response body may hold `</script>`, `<img onerror>` or megabytes of nesting). Everything here is
 * string in, string out: XML is indented by a tokenizer over the text, never parsed into nodes.
 */

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and quoted attribute values alike. */
export function esc(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** A fragment identifier made only of safe characters. */
export const anchor = (...parts: string[]): string => parts.join('-').replace(/[^A-Za-z0-9_-]+/g, '_');

/** Makes white space and control characters visible in a diff, where they are often the point. */
export function visible(text: string): string {
  return text.replace(/\r/g, '␍').replace(/\t/g, '␉').replace(/\n/g, '␊\n').replace(/[\x00-\x08\x0b\x0c\x0e-\x1f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}
