/**
 * The format of captured traffic: HAR 1.2 entries (http://www.softwareishard.com/blog/har-12-spec/),
 * as reports/failures.har holds them (report/foreign/har.ts) and as `proxy --capture DIR` writes them, one a
 * line, to the one file a capture folder holds (write.ts writes it, read.ts reads it).
 */
import { STATUS_CODES } from 'node:http';
import type { ExchangeRecord, RecordedRequest, RecordedResponse } from '../results/record.js';

/** The file a capture folder holds (proxy --capture DIR, run --traffic DIR). */
export const TRAFFIC_FILE = 'traffic.jsonl';

type NameValue = { name: string; value: string };

const nameValues = (headers: Readonly<Record<string, string>>): NameValue[] => Object.entries(headers).map(([name, value]) => ({ name, value }));

/** A header by name, whatever its case. */
const header = (headers: Readonly<Record<string, string>>, name: string): string | undefined =>
  Object.entries(headers).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];

const pairs = (params: URLSearchParams): NameValue[] => [...params].map(([name, value]) => ({ name, value }));

/** The query of a URL; a URL that does not parse (a hostile path) has none we can name. */
function queryOf(url: string): NameValue[] {
  try {
    return pairs(new URL(url).searchParams);
  } catch {
    return [];
  }
}

/** A request as a HAR 1.2 entry holds it. */
export function harRequest(request: RecordedRequest) {
  const mimeType = header(request.headers, 'content-type') ?? '';
  const body = request.body;
  return {
    method: request.method,
    url: request.url,
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headers: nameValues(request.headers),
    queryString: queryOf(request.url),
    ...(body !== undefined
      ? { postData: { mimeType, text: body, ...(mimeType.toLowerCase().startsWith('application/x-www-form-urlencoded') ? { params: pairs(new URLSearchParams(body)) } : {}) } }
      : {}),
    headersSize: -1,
    bodySize: body === undefined ? 0 : Buffer.byteLength(body),
  };
}

/** An answer as a HAR 1.2 entry holds it. */
export function harResponse(response: RecordedResponse | undefined, error: ExchangeRecord['error']) {
  // No answer (refused, timed out): status 0, as browsers record a request that got none.
  if (!response) {
    return {
      status: 0, statusText: '', httpVersion: '', cookies: [], headers: [], content: { size: 0, mimeType: '' }, redirectURL: '', headersSize: -1, bodySize: -1,
      ...(error ? { comment: `no answer: ${error.code}: ${error.message}` } : {}),
    };
  }
  return {
    status: response.status,
    statusText: STATUS_CODES[response.status] ?? '',
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headers: nameValues(response.headers),
    content: {
      size: response.bodyBytes,
      mimeType: header(response.headers, 'content-type') ?? '',
      text: response.body,
      ...(response.truncated ? { comment: `cut at ${Buffer.byteLength(response.body)} of ${response.bodyBytes} bytes, as the reports show it` } : {}),
    },
    redirectURL: header(response.headers, 'location') ?? '',
    headersSize: -1,
    bodySize: response.bodyBytes,
  };
}
