/** Turns response bytes into text and a parsed tree once; decoders and checks share the result. */
import { TextDecoder } from 'node:util';
import type { HttpResponse } from '../transports/types.js';
import { parseXml, type ParsedXml } from './xml.js';

export interface ContentType {
  readonly mediaType: string;
  readonly charset: string | null;
}

/** Splits a Content-Type header into its lower-case media type and charset parameter. */
export function parseContentType(value: string | undefined): ContentType {
  if (!value) return { mediaType: '', charset: null };
  const [type, ...params] = value.split(';');
  let charset: string | null = null;
  for (const p of params) {
    const m = /^\s*charset\s*=\s*"?([^";]+)"?\s*$/i.exec(p);
    if (m) charset = m[1]!.toLowerCase();
  }
  return { mediaType: type!.trim().toLowerCase(), charset };
}

/** The response body as text, decoded with the charset the response declares (UTF-8 when it
 * declares none or one this runtime does not know). */
export function bodyText(response: HttpResponse): string {
  const { charset } = parseContentType(response.headers['content-type']);
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(response.body);
  } catch {
    return new TextDecoder('utf-8').decode(response.body);
  }
}

const parsed = new WeakMap<HttpResponse, ParsedXml>();

/** The parsed body, memoised per response object. */
export function parseResponse(response: HttpResponse): ParsedXml {
  let result = parsed.get(response);
  if (!result) {
    result = response.body.length === 0 ? { ok: false, error: 'empty body' } : parseXml(bodyText(response));
    parsed.set(response, result);
  }
  return result;
}
