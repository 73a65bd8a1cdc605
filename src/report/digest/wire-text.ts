/** An exchange as it went over the wire, as text to read: the request line, headers and body, and
 * the answer's status line, headers and body (XML indented, a form one pair a line). report.html
 * shows it and the Allure results attach it; both take the record's own texts, so both show the
 * same redaction and the same cut (EXCERPT_BYTES). */
import type { RecordedRequest, RecordedResponse } from '../../results/record.js';

export function requestText(req: RecordedRequest): string {
  const type = req.headers['Content-Type'] ?? req.headers['content-type'] ?? '';
  return `${req.method} ${req.url}\n${headerLines(req.headers)}${req.body !== undefined ? `\n\n${prettyBody(req.body, type)}` : ''}`;
}

export function responseText(res: RecordedResponse): string {
  return `HTTP ${res.status} (${res.elapsedMs} ms${res.retries ? `, ${res.retries} retries` : ''})\n${headerLines(res.headers)}\n\n${prettyBody(res.body, res.headers['content-type'] ?? '')}${res.truncated ? `\n… cut at ${res.body.length} of ${res.bodyBytes} bytes` : ''}`;
}

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

/** Header lines of a request or response. */
export const headerLines = (headers: Readonly<Record<string, string>>): string => Object.entries(headers).map(([k, v]) => `${k}: ${v}`).join('\n');
