/** Plain data that crosses layers: what a transport encodes to and decodes from. */
import type { Operation } from '../contract/index.js';
import type { SoapDialect } from './dialects.js';
import type { DecodedRequest, ObservedRequest, RequestContext } from './observed.js';

export type { TransportId } from '../contract/vocabulary.js';
import type { TransportId } from '../contract/vocabulary.js';
// An answer's bytes are what decode/ reads, so their type lives there (below transports/).
export type { HttpResponse } from '../decode/response.js';
import type { HttpResponse } from '../decode/response.js';

/** Wire values of one invocation: parameter name to its lexical form. A name that is absent is
 * not sent at all (an omitted SOAP element or query parameter). */
export type WireValues = Readonly<Record<string, string>>;

export interface HttpRequest {
  readonly method: 'GET' | 'POST';
  /** Path and query, starting at the service path, e.g. /api/rmm/tsiWS.asmx/MobileX?a=1. */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

/** What a response means: a result text, a fault, or something that is neither. */
export type Decoded =
  | { readonly kind: 'result'; readonly text: string | null }
  | { readonly kind: 'fault'; readonly code: string; readonly reason: string }
  | { readonly kind: 'unreadable'; readonly reason: string };

export interface CodecContext {
  readonly namespace: string;
}

/** One codec per transport: pure functions from a case to a request and from a response to its meaning. */
export interface Transport {
  readonly id: TransportId;
  readonly label: string;
  /** The SOAP dialect of a SOAP transport; undefined for HTTP GET and POST. */
  readonly dialect?: SoapDialect;
  /** The Content-Type media type and charset a conforming response carries (spec, Transports table). */
  readonly responseContentType: { readonly mediaType: string; readonly charset: string };
  encode(ctx: CodecContext, op: Operation, values: WireValues): HttpRequest;
  decode(ctx: CodecContext, op: Operation, response: HttpResponse): Decoded;
  /** What a client's request over this transport calls, read as it was sent (the proxy, replay of
   * captured traffic); request.ts decides which transport a request is before asking its codec. */
  decodeRequest(ctx: RequestContext, request: ObservedRequest): DecodedRequest;
}
