/** An exchange as it went over the wire, as text to read: the request line, headers and body, and
 * the answer's status line, headers and body (XML indented, a form one pair a line). report.html
 * shows it and the Allure results attach it; both take the record's own texts, so both show the
 * same redaction and the same cut (EXCERPT_BYTES). */
import type { RecordedRequest, RecordedResponse } from '../results/record.js';
import { headerLines, prettyBody } from './html/text.js';

export function requestText(req: RecordedRequest): string {
  const type = req.headers['Content-Type'] ?? req.headers['content-type'] ?? '';
  return `${req.method} ${req.url}\n${headerLines(req.headers)}${req.body !== undefined ? `\n\n${prettyBody(req.body, type)}` : ''}`;
}

export function responseText(res: RecordedResponse): string {
  return `HTTP ${res.status} (${res.elapsedMs} ms${res.retries ? `, ${res.retries} retries` : ''})\n${headerLines(res.headers)}\n\n${prettyBody(res.body, res.headers['content-type'] ?? '')}${res.truncated ? `\n… cut at ${res.body.length} of ${res.bodyBytes} bytes` : ''}`;
}
