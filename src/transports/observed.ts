/**
 * A request as a real client sent it (issue 53: the proxy and the replay of captured traffic), and
 * what decoding it gives: which transport, which operation, and the parameters exactly as they came,
 * in their order, duplicates and unknown names kept so that the client checks can judge them.
 * Decoding never judges: it reads what is there, and says why it could not where it could not.
 */
import { parseContentType } from '../decode/response.js';
import type { TransportId } from '../contract/vocabulary.js';

/** What a client sent, before anything is made of it. */
export interface ObservedRequest {
  readonly method: string;
  /** Path and query as received (origin form), or an absolute URL (a client that treats us as its proxy). */
  readonly url: string;
  /** Header names in any case; a repeated header as Node gives it, an array. */
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  readonly body: Buffer;
}

/** Where the service is, for telling the transports apart. */
export interface RequestContext {
  readonly namespace: string;
  /** The spec's /api/rmm/tsiWS.asmx, or where the proxied service has it. */
  readonly servicePath: string;
}

/** One parameter as it appeared: a SOAP element's local name and text, or a query or form field. */
export interface ObservedParam {
  readonly name: string;
  readonly value: string;
}

/** The call a request makes: compact plain data that a capture can keep and a replay re-encode. */
export interface ObservedCall {
  readonly transport: TransportId | 'none';
  /** Why the request is none of the four transports, when it is none. */
  readonly notTransport?: string;
  /** A request for the service's own documents (?WSDL, ?disco, the help page): not a call. */
  readonly description?: true;
  /** The operation's name as the request gives it (the Body's element, else the action; the path
   * for GET and POST), known to the contract or not. */
  readonly operation?: string;
  /** In the order they appeared; empty when they could not be read (RequestReading.paramsUnreadable). */
  readonly params: readonly ObservedParam[];
}

export interface QName {
  readonly ns: string | null;
  readonly name: string;
}

/** What the XML of a SOAP request holds, for the checks. */
export interface SoapReading {
  /** The body as text (decoded as UTF-8). */
  readonly text: string;
  /** Why the body is not a well-formed XML document, when it is not. */
  readonly notWellFormed?: string;
  readonly hasDoctype: boolean;
  readonly root?: QName;
  /** The child elements of the envelope's Body, in order; undefined when there is no Body. */
  readonly bodyChildren?: readonly QName[];
  /** The namespace of the operation element (the Body's first child). */
  readonly operationNs?: string | null;
  /** Why the parameters were not read (a DOCTYPE). */
  readonly paramsUnreadable?: string;
  /** Per parameter of ObservedCall.params, same index: its element's namespace and xsi:nil. */
  readonly paramElements: ReadonlyArray<{ readonly ns: string | null; readonly nil: boolean }>;
}

/** Everything the client checks need beside the call. */
export interface RequestReading {
  readonly method: string;
  /** The path without the query, percent-decoding left to the reader. */
  readonly path: string;
  /** Header names in lower case; a repeated header's values joined with ", " (RFC 9110, 5.3). */
  readonly headers: Readonly<Record<string, string>>;
  readonly mediaType: string;
  readonly charset: string | null;
  /** Where the request's text is not UTF-8 (the body, or a percent-encoded name or value). */
  readonly notUtf8?: string;
  /** Why the parameters could not be read (a POST body that is no form, say). */
  readonly paramsUnreadable?: string;
  readonly soap?: SoapReading;
}

export interface DecodedRequest {
  readonly call: ObservedCall;
  readonly reading: RequestReading;
}

/** Header names in lower case, values joined; the request's path and query apart. */
export function normalised(request: ObservedRequest): { headers: Record<string, string>; path: string; query: string | undefined } {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    const key = name.toLowerCase();
    const text = typeof value === 'string' ? value : value.join(', ');
    headers[key] = headers[key] === undefined ? text : `${headers[key]}, ${text}`;
  }
  let target = request.url;
  // An absolute-form target (RFC 9112, 3.2.2) names the origin first; the path is what follows it.
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(target);
  if (origin) target = target.slice(origin[0].length) || '/';
  const hash = target.indexOf('#');
  if (hash !== -1) target = target.slice(0, hash);
  const q = target.indexOf('?');
  return q === -1 ? { headers, path: target, query: undefined } : { headers, path: target.slice(0, q), query: target.slice(q + 1) };
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const lenientUtf8 = new TextDecoder('utf-8');

/** The body as UTF-8 text, and where it is not UTF-8 (then read with replacement characters). */
export function utf8Text(body: Buffer): { text: string; notUtf8?: string } {
  try {
    return { text: strictUtf8.decode(body) };
  } catch {
    const text = lenientUtf8.decode(body);
    return { text, notUtf8: `the body is not UTF-8 (a byte sequence at character ${text.indexOf('\uFFFD')} does not decode)` };
  }
}

const percentDecoded = (text: string): string | undefined => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
};

/**
 * application/x-www-form-urlencoded text (a query string or a form body) as ordered pairs, every
 * one kept (URL Standard, 5.1: "+" is a space, a segment without "=" is a name with an empty value).
 * A segment whose percent-encoding is malformed or not UTF-8 is read as URLSearchParams reads it
 * (replacement characters) and named in `notUtf8`.
 */
export function formPairs(text: string): { params: ObservedParam[]; notUtf8?: string } {
  const params: ObservedParam[] = [];
  let notUtf8: string | undefined;
  for (const segment of text.split('&')) {
    if (segment === '') continue;
    const eq = segment.indexOf('=');
    const rawName = eq === -1 ? segment : segment.slice(0, eq);
    const rawValue = eq === -1 ? '' : segment.slice(eq + 1);
    const name = percentDecoded(rawName);
    const value = percentDecoded(rawValue);
    if (name === undefined || value === undefined) {
      const [[lenientName, lenientValue] = ['', '']] = new URLSearchParams(segment);
      params.push({ name: name ?? lenientName, value: value ?? lenientValue });
      notUtf8 ??= `the percent-encoded ${name === undefined ? 'name' : 'value'} of parameter "${name ?? lenientName}" is malformed or not UTF-8`;
    } else params.push({ name, value });
  }
  return notUtf8 === undefined ? { params } : { params, notUtf8 };
}

/** The reading's header fields every decoder fills alike. */
export function readingBase(request: ObservedRequest, headers: Record<string, string>, path: string): Pick<RequestReading, 'method' | 'path' | 'headers' | 'mediaType' | 'charset'> {
  const { mediaType, charset } = parseContentType(headers['content-type']);
  return { method: request.method.toUpperCase(), path, headers, mediaType, charset };
}
