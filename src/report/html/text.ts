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

const MAX_DEPTH = 64;
const INDENT = '  ';

/**
 * Indents XML text for reading. Tags and text are taken as they are (no entity decoding, no
 * re-serialisation); an element holding only text stays on one line. Text that does not look like
 * XML, or that is not balanced enough to indent sensibly, is returned unchanged.
 */
export function prettyXml(text: string): string {
  const trimmed = text.trim();
  if (!trimmed.startsWith('<')) return text;
  const tokens = trimmed.match(/<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->|<[^>]*>|[^<]+/g);
  if (!tokens || tokens.join('') !== trimmed) return text;
  const lines: string[] = [];
  let depth = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const pad = INDENT.repeat(Math.min(depth, MAX_DEPTH));
    if (/^<\//.test(token)) {
      depth = Math.max(0, depth - 1);
      lines.push(INDENT.repeat(Math.min(depth, MAX_DEPTH)) + token);
    } else if (/^<[^!?]/.test(token) && !token.endsWith('/>')) {
      // <a>text</a> on one line.
      const next = tokens[i + 1];
      const close = tokens[i + 2];
      if (next !== undefined && !next.startsWith('<') && close !== undefined && close.startsWith('</')) {
        lines.push(pad + token + next + close);
        i += 2;
        continue;
      }
      if (next !== undefined && next.startsWith('</')) {
        lines.push(pad + token + next);
        i += 1;
        continue;
      }
      lines.push(pad + token);
      depth++;
    } else if (token.startsWith('<')) {
      lines.push(pad + token);
    } else if (token.trim() !== '') {
      lines.push(pad + token);
    }
  }
  return lines.join('\n');
}

/** A body as it is best read: XML indented, a form body one pair a line, anything else as it is. */
export function prettyBody(body: string, contentType = ''): string {
  if (/xml/i.test(contentType) || body.trimStart().startsWith('<')) return prettyXml(body);
  if (/x-www-form-urlencoded/i.test(contentType) && body.length > 0) return body.split('&').join('\n&');
  return body;
}

/** Makes white space and control characters visible in a diff, where they are often the point. */
export function visible(text: string): string {
  return text.replace(/\r/g, '␍').replace(/\t/g, '␉').replace(/\n/g, '␊\n').replace(/[\x00-\x08\x0b\x0c\x0e-\x1f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** Header lines of a request or response. */
export const headerLines = (headers: Readonly<Record<string, string>>): string => Object.entries(headers).map(([k, v]) => `${k}: ${v}`).join('\n');
