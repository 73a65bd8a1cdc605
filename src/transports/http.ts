/** HTTP GET and HTTP POST codecs: parameters as query string or form fields, result in `{ns}string`. */
import { SERVICE_PATH, type Operation } from '../contract/index.js';
import { bodyText, parseContentType, parseResponse } from '../decode/response.js';
import { XSI_NIL } from '../decode/xml.js';
import { decodeGetRequest, decodePostRequest } from './http-request.js';
import type { CodecContext, Decoded, HttpResponse, Transport, WireValues } from './types.js';

/** Parameters in contract order, as application/x-www-form-urlencoded text. */
export function formEncode(op: Operation, values: WireValues): string {
  const params = new URLSearchParams();
  for (const p of op.params) if (p.name in values) params.append(p.name, values[p.name]!);
  return params.toString();
}

/** A GET/POST response is an XML document whose root is `{ns}string` holding the result text.
 * An ASMX error is HTTP 500 text/plain "<ExceptionType>: <message>" (HttpServerProtocol.
 * WriteException, reference source); it decodes as a fault with the exception type as its code. */
function decodeStringRoot(ctx: CodecContext, response: HttpResponse): Decoded {
  if (response.status !== 200 && parseContentType(response.headers['content-type']).mediaType === 'text/plain') {
    const text = bodyText(response);
    const m = /^([\w.]+(?:Exception|Error)): ([\s\S]*)$/.exec(text);
    return { kind: 'fault', code: m?.[1] ?? '', reason: (m?.[2] ?? text).trimEnd() };
  }
  const parsed = parseResponse(response);
  if (!parsed.ok) return { kind: 'unreadable', reason: `not well-formed XML: ${parsed.error}` };
  const root = parsed.root;
  if (root.ns !== ctx.namespace || root.name !== 'string') {
    return { kind: 'unreadable', reason: `root is {${root.ns ?? ''}}${root.name}, not {${ctx.namespace}}string` };
  }
  return { kind: 'result', text: root.attrs[XSI_NIL] === 'true' ? null : root.text };
}

const xmlUtf8 = { mediaType: 'text/xml', charset: 'utf-8' } as const;

export const getTransport: Transport = {
  id: 'get',
  label: 'HTTP GET',
  responseContentType: xmlUtf8,
  encode(_ctx, op, values) {
    const query = formEncode(op, values);
    return { method: 'GET', path: `${SERVICE_PATH}/${op.name}${query ? `?${query}` : ''}`, headers: {} };
  },
  decode: (ctx, _op, response) => decodeStringRoot(ctx, response),
  decodeRequest: (_ctx, request) => decodeGetRequest(request),
};

export const postTransport: Transport = {
  id: 'post',
  label: 'HTTP POST',
  responseContentType: xmlUtf8,
  encode(_ctx, op, values) {
    return {
      method: 'POST',
      path: `${SERVICE_PATH}/${op.name}`,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: formEncode(op, values),
    };
  },
  decode: (ctx, _op, response) => decodeStringRoot(ctx, response),  decodeRequest: (_ctx, request) => decodePostRequest(request),
};
