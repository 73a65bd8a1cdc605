/**
 * Reading an HTTP GET or HTTP POST request a client sent: the operation is the path's last segment
 * (spec, Transports: /api/rmm/tsiWS.asmx/<Op>), the parameters the query string's fields (GET) or
 * the form's (POST), every one in order, repeated and unknown names kept.
 */
import { formPairs, normalised, readingBase, utf8Text, type DecodedRequest, type ObservedRequest } from './observed.js';

const FORM = 'application/x-www-form-urlencoded';

function lastSegment(path: string): string {
  const raw = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export function decodeGetRequest(request: ObservedRequest): DecodedRequest {
  const { headers, path, query } = normalised(request);
  const { params, notUtf8 } = formPairs(query ?? '');
  return {
    call: { transport: 'get', operation: lastSegment(path), params },
    reading: { ...readingBase(request, headers, path), ...(notUtf8 === undefined ? {} : { notUtf8 }) },
  };
}

/** A POST's fields come from its form body only: HTTP POST reads no query string (ASMX's
 * HtmlFormParameterReader), and a body of another media type is no form to read. */
export function decodePostRequest(request: ObservedRequest): DecodedRequest {
  const { headers, path } = normalised(request);
  const base = readingBase(request, headers, path);
  const call = { transport: 'post', operation: lastSegment(path) } as const;
  if (base.mediaType !== FORM && request.body.length > 0) {
    return { call: { ...call, params: [] }, reading: { ...base, paramsUnreadable: `the body is ${base.mediaType || 'of no declared media type'}, not a form (${FORM})` } };
  }
  const body = utf8Text(request.body);
  const form = formPairs(body.text);
  const notUtf8 = body.notUtf8 ?? form.notUtf8;
  return { call: { ...call, params: form.params }, reading: { ...base, ...(notUtf8 === undefined ? {} : { notUtf8 }) } };
}
