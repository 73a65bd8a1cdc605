/**
 * Which of the spec's four transports a client's request is (Transports table), and its call as
 * that transport's codec reads it. By method and path first: POST to the service path is SOAP, GET
 * or POST to the service path and an operation is HTTP GET or HTTP POST. The SOAP version is the
 * envelope's own (its namespace says which the client meant), then the media type's, then a
 * SOAPAction header's (SOAP 1.1 alone has one): so a SOAP 1.2 envelope sent as text/xml is read as
 * SOAP 1.2 and the content-type check, not the reader, says what is wrong with it.
 */
import { soap11, soap12, type SoapDialect } from './dialects.js';
import { getTransport, postTransport } from './http.js';
import { normalised, readingBase, type DecodedRequest, type ObservedRequest, type RequestContext } from './observed.js';
import { soap11Transport, soap12Transport } from './soap.js';
import { soapParse } from './soap-request.js';

/** Queries that ask the service path for its own documents (ASMX: ?WSDL, ?disco, ?xsd=, the help page). */
const DESCRIPTION_QUERY = /^(wsdl|disco|xsd(=.*)?|schema(=.*)?)?$/i;

function soapDialectOf(request: ObservedRequest, mediaType: string, headers: Readonly<Record<string, string>>): SoapDialect | undefined {
  const byEnvelope = soapParse(request).dialect;
  if (byEnvelope) return byEnvelope;
  if (mediaType === soap12.mediaType) return soap12;
  if (mediaType === soap11.mediaType || headers['soapaction'] !== undefined) return soap11;
  return undefined;
}

function none(request: ObservedRequest, headers: Record<string, string>, path: string, notTransport: string, description?: true): DecodedRequest {
  return { call: { transport: 'none', notTransport, ...(description ? { description } : {}), params: [] }, reading: readingBase(request, headers, path) };
}

/** The call `request` makes and what the client checks read of it. Pure; parses the body at most once. */
export function decodeObservedRequest(request: ObservedRequest, ctx: RequestContext): DecodedRequest {
  const { headers, path, query } = normalised(request);
  const method = request.method.toUpperCase();
  const { mediaType } = readingBase(request, headers, path);
  if (path === ctx.servicePath) {
    if (method === 'GET' && DESCRIPTION_QUERY.test(query ?? '')) return none(request, headers, path, 'a request for the service description, not a call', true);
    if (method !== 'POST') return none(request, headers, path, `${method} ${path}: SOAP requests are POST to the service path`);
    const dialect = soapDialectOf(request, mediaType, headers);
    if (!dialect) return none(request, headers, path, `POST ${path} is neither SOAP 1.1 nor SOAP 1.2: the body is no SOAP envelope, the Content-Type "${headers['content-type'] ?? ''}" names neither text/xml nor application/soap+xml, and there is no SOAPAction header`);
    return (dialect === soap11 ? soap11Transport : soap12Transport).decodeRequest(ctx, request);
  }
  const rest = path.startsWith(`${ctx.servicePath}/`) ? path.slice(ctx.servicePath.length + 1) : undefined;
  if (rest === undefined || rest === '' || rest.includes('/')) return none(request, headers, path, `${path} is neither the service path ${ctx.servicePath} nor ${ctx.servicePath}/<Op>`);
  if (method === 'GET') return getTransport.decodeRequest(ctx, request);
  if (method === 'POST') return postTransport.decodeRequest(ctx, request);
  return none(request, headers, path, `${method} ${path}: HTTP GET and HTTP POST are the methods for ${ctx.servicePath}/<Op>`);
}
