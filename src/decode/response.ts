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

// Making a TextDecoder costs more than decoding a typical response with it (profiled): one per
// charset, reused (decode without { stream } keeps no state between calls).
const decoders = new Map<string, TextDecoder>();
function decoderFor(charset: string): TextDecoder {
  let decoder = decoders.get(charset);
  if (!decoder) {
    try {
      decoder = new TextDecoder(charset);
    } catch {
      decoder = decoderFor('utf-8');
    }
    decoders.set(charset, decoder);
  }
  return decoder;
}

/** The response body as text, decoded with the charset the response declares (UTF-8 when it
 * declares none or one this runtime does not know). */
export function bodyText(response: HttpResponse): string {
  const { charset } = parseContentType(response.headers['content-type']);
  return decoderFor(charset ?? 'utf-8').decode(response.body);
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
