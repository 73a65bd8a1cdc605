/** An HTTP request and response as a record keeps them (record.ts): the request with its curl
 * command, the response's headers redacted and its body cut at EXCERPT_BYTES, redacted. */
import type { HttpAccess } from '../http/access.js';
import type { HttpRequest, HttpResponse } from '../transports/index.js';
import { curlCommand } from './curl.js';
import type { RecordedRequest, RecordedResponse } from './record.js';
import { bytesOf, formsOf, redact } from './redact.js';

export const EXCERPT_BYTES = 4096;

/** `access` as it may be shown (shownAccess), unless the user asked to see secrets. */
export function recordRequest(baseUrl: string, request: HttpRequest, access: HttpAccess = {}): RecordedRequest {
  return {
    method: request.method,
    url: baseUrl + request.path,
    headers: { ...request.headers, ...access.headers },
    ...(request.body !== undefined ? { body: request.body } : {}),
    curl: curlCommand(baseUrl, request, access),
  };
}

export function recordResponse(response: HttpResponse, secrets: ReadonlyArray<[string, string]>): RecordedResponse {
  const truncated = response.body.length > EXCERPT_BYTES;
  const headers = Object.fromEntries(Object.entries(response.headers).map(([k, v]) => [k, redact(v, secrets)]));
  // Optional keys assigned, not spread in: the object stays quick to copy and to write (issue 20).
  const recorded: { -readonly [K in keyof RecordedResponse]: RecordedResponse[K] } = {
    status: response.status, headers, body: bodyExcerpt(response.body, secrets), bodyBytes: response.body.length, truncated, elapsedMs: response.elapsedMs,
  };
  if (response.sentAt !== undefined) recorded.sentAt = new Date(response.sentAt).toISOString();
  if (response.retries) recorded.retries = response.retries;
  return recorded;
}

/**
 * A response body's first EXCERPT_BYTES as text, redacted. A secret that straddles the cut is
 * replaced whole: the excerpt ends just before it, with its placeholder. Only the bytes around the
 * cut are searched for that, and only for a body longer than the excerpt.
 */
function bodyExcerpt(body: Buffer, secrets: ReadonlyArray<[string, string]>): string {
  if (body.length <= EXCERPT_BYTES || secrets.length === 0) return redact(body.subarray(0, EXCERPT_BYTES).toString('utf8'), secrets);
  // The secrets' own forms, not the pattern: a run whose timestamp changes per request has a new
  // list per exchange, and building its pattern for every long body is what issue 20 took out.
  let cut = EXCERPT_BYTES;
  let placeholder = '';
  for (const [value, shown] of secrets) for (const text of formsOf(value)) {
    const form = bytesOf(text);
    // Every occurrence that starts at or after `from` and before the cut crosses it.
    const from = Math.max(0, EXCERPT_BYTES - form.length + 1);
    const at = body.subarray(from, EXCERPT_BYTES + form.length - 1).indexOf(form);
    if (at !== -1 && from + at < cut) {
      cut = from + at;
      placeholder = shown;
    }
  }
  return redact(body.subarray(0, cut).toString('utf8'), secrets) + placeholder;
}
