/**
 * A request the host refused before ASMX saw it, recognised by what came back (never predicted from
 * what was sent: hosts differ in what they refuse). Under asmx and lenient such a refusal is
 * inherent ASMX behaviour: the answer to a valid request is not judged as the service's, and any
 * request refused this way counts as rejected. Under strict it is judged like any other answer.
 *
 * Evidence:
 * - ASP.NET request validation (on by default since ASP.NET 4, applied to .asmx). Observed on Mono
 *   6.8 System.Web.Services (npm run test:asmx): HTTP 500 text/plain "A potentially dangerous
 *   Request.QueryString value was detected from the client (email=&quot;&lt;a&quot;)." (Request.Form
 *   over POST), with "System.Web.HttpRequestValidationException: " before it for a local client;
 *   Mono refuses "<" before a letter, "!" or a control character, and "&#". .NET Framework
 *   (reference source, CrossSiteScriptingValidation.IsDangerousString) refuses "<" before a letter,
 *   "!", "/" or "?", and "&#", and shows the same message in an HTML error page.
 * - Query-string length: ASP.NET httpRuntime maxQueryStringLength (default 2048). Observed on Mono
 *   6.8: HTTP 400 text/html, an error page saying "The length of the query string for this request
 *   exceeds the configured maxQueryStringLength value." (a generic "Runtime Error" page for a remote
 *   client, as with customErrors On). IIS request filtering (Microsoft documentation): HTTP 404.15
 *   "The request filtering module is configured to deny a request where the query string is too
 *   long."; HTTP.sys: 414. A generic error page names no cause, so an HTML page with 400 or 404 to
 *   a GET whose query is at least LONG_QUERY characters is taken as the same refusal: ASMX itself
 *   never answers a GET with HTML.
 */
import { bodyText } from '../decode/response.js';
import type { HttpResponse, TransportId } from '../transports/index.js';

export type HostRejectionKind = 'request-validation' | 'query-string-length';

export interface HostRejection {
  readonly kind: HostRejectionKind;
  readonly description: string;
}

export const REQUEST_VALIDATION = /A potentially dangerous Request\.(QueryString|Form|Path|Cookies) value was detected/;
const QUERY_TOO_LONG = /maxQueryStringLength|query string is too long|HTTP Error 404\.15|Request(-URI| URL) Too Long/i;
/** Well below any default limit (2048): a query this long may meet a lower one. */
export const LONG_QUERY = 1024;
const HTML_PAGE = /^\s*(<\?xml[^>]*>\s*)?(<!DOCTYPE html[^>]*>\s*)?<html[\s>]/i;

/** The host's refusal in `response` to a GET or POST request, if it is one. SOAP bodies are not
 * validated and carry no query, so a SOAP answer is always the service's. */
export function hostRejectionOf(response: HttpResponse, transport: TransportId, queryLength = 0): HostRejection | undefined {
  if (transport !== 'get' && transport !== 'post') return undefined;
  if (response.status < 400) return undefined;
  const text = bodyText(response);
  if (REQUEST_VALIDATION.test(text)) return { kind: 'request-validation', description: 'ASP.NET request validation refused a value that looks like markup' };
  if (transport === 'get' && isQueryLengthRefusal(response.status, text, queryLength)) return { kind: 'query-string-length', description: 'the host refused the length of the query string' };
  return undefined;
}

/** The same recognition on a rejection's status and text, as parity sees it (src/parity/inherent.ts). */
export function isQueryLengthRefusal(status: number | null, text: string, queryLength: number): boolean {
  if (status === 414 || QUERY_TOO_LONG.test(text)) return true;
  return (status === 400 || status === 404) && queryLength >= LONG_QUERY && HTML_PAGE.test(text);
}
