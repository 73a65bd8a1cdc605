/** Turns response bytes into text and a parsed tree once; decoders and checks share the result. */
import { TextDecoder } from 'node:util';
import { parseXml, type ParsedXml } from './xml.js';

/** An HTTP answer as sent or observed: the plain data a transport decodes (transports/types.ts
 * re-exports it). */
export interface HttpResponse {
  readonly status: number;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
  readonly elapsedMs: number;
  /** When the request was sent (epoch ms); absent in responses not made by http/send.ts. */
  readonly sentAt?: number;
  /** Times the request was sent again before this answer came (--retries); absent when none. */
  readonly retries?: number;
}

export interface ContentType {
  readonly mediaType: string;
  readonly charset: string | null;
}

// An exchange's checks and decoder each read its Content-Type, and a run's answers carry a handful
// of distinct ones (profiled, issue 20): each is split once, bounded against a target that sends
// a new one every time.
const contentTypes = new Map<string, ContentType>();
const CONTENT_TYPES_KEPT = 64;

/** Splits a Content-Type header into its lower-case media type and charset parameter. */
export function parseContentType(value: string | undefined): ContentType {
  if (!value) return { mediaType: '', charset: null };
  let parsed = contentTypes.get(value);
  if (!parsed) {
    if (contentTypes.size >= CONTENT_TYPES_KEPT) contentTypes.clear();
    contentTypes.set(value, (parsed = Object.freeze(splitContentType(value))));
  }
  return parsed;
}

function splitContentType(value: string): ContentType {
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

/**
 * Parses of recent answers, by their text. A target answers the same request with the same bytes
 * (a run's --repeat, a soak run, the operations whose answer does not depend on the values), and
 * a parse is a pure function of the text and the limits: the same text shares one parse, whose
 * tree is immutable plain data, and so its XSD verdict too (xml.ts). Parsing was the largest cost
 * of a checked exchange after sending (profiled, npm run bench). Bounded in entries and in the
 * size of a text kept, so that fuzzed answers, all different, only pass through it.
 */
const recent = new Map<string, ParsedXml>();
const RECENT_ENTRIES = 128;
const RECENT_TEXT_CHARS = 16 * 1024;

function parseShared(text: string): ParsedXml {
  if (text.length > RECENT_TEXT_CHARS) return parseXml(text);
  const hit = recent.get(text);
  if (hit) {
    // Least recently used goes first: a hit moves to the end of the map's order.
    recent.delete(text);
    recent.set(text, hit);
    return hit;
  }
  const result = parseXml(text);
  if (recent.size >= RECENT_ENTRIES) recent.delete(recent.keys().next().value!);
  recent.set(text, result);
  return result;
}

/** The parsed body, memoised per response object, and shared by answers of the same text. */
export function parseResponse(response: HttpResponse): ParsedXml {
  let result = parsed.get(response);
  if (!result) {
    result = response.body.length === 0 ? { ok: false, error: 'empty body' } : parseShared(bodyText(response));
    parsed.set(response, result);
  }
  return result;
}
