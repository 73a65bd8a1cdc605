/** Test support: sends an encoded request with the real `fetch` and returns the plain HttpResponse
 * the checks and decoders take (header names lower case, body as bytes). */
import type { HttpRequest, HttpResponse } from '../../src/transports/index.js';
import type { Reply } from '../../src/server/replies.js';

export async function send(baseUrl: string, req: HttpRequest): Promise<HttpResponse> {
  const started = performance.now();
  const res = await fetch(baseUrl + req.path, { method: req.method, headers: req.headers, body: req.body });
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: Object.fromEntries(res.headers), body, elapsedMs: performance.now() - started };
}

/** A reply built by src/server/replies.ts, as the response a client would see. */
export function fromReply(reply: Reply): HttpResponse {
  const headers = Object.fromEntries(Object.entries(reply.headers).map(([k, v]) => [k.toLowerCase(), v]));
  return { status: reply.status, headers, body: Buffer.from(reply.body, 'utf8'), elapsedMs: 0 };
}

/** A response with `body` as UTF-8 and the given Content-Type (none when undefined). */
export function response(body: string, contentType: string | undefined, status = 200): HttpResponse {
  return bytesResponse(Buffer.from(body, 'utf8'), contentType, status);
}

/** A response with exactly these body bytes, for bodies that are not UTF-8 (or not valid at all). */
export function bytesResponse(body: Buffer, contentType: string | undefined, status = 200): HttpResponse {
  return { status, headers: contentType === undefined ? {} : { 'content-type': contentType }, body, elapsedMs: 0 };
}
