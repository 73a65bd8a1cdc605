/**
 * The HTTP GET and HTTP POST endpoints: /tsiWS.asmx/<Op> with parameters as query or form fields.
 * Errors follow HttpServerProtocol.WriteException (reference source): HTTP 500, text/plain; charset
 * utf-8, "<ExceptionType>: <message>" with inner exceptions joined by " ---> ", then a line break.
 * Messages: WebInvalidMethodName, WebMissingParameter, WebChangeTypeFailed (thrown as
 * ArgumentException with parameter name "type"), WebInvalidRequestFormatDetails.
 */
import { findOperation } from '../contract/index.js';
import { plainError, stringResult, type Reply } from './replies.js';
import { AuthError } from './auth.js';
import { BusinessFault, MissingParameter, WebMethodException, type Behaviour } from './behaviour.js';
import { webMethodResult } from './result.js';
import { ConversionError } from '../asmx/values.js';

const exception = (type: string, message: string) => plainError(`${type}: ${message}\r\n`);

/** `params` is undefined when a POST body is not a form; `contentType` is then the request's. */
export function handleForm(behaviour: Behaviour, transport: 'get' | 'post', opName: string, params: URLSearchParams | undefined, contentType = ''): Reply {
  const op = findOperation(opName);
  if (!op) return exception('System.InvalidOperationException', `${opName} Web Service method name is not valid.`);
  // HtmlFormParameterReader reads only application/x-www-form-urlencoded bodies.
  if (!params) return exception('System.InvalidOperationException', `Request format is invalid: ${contentType}.`);
  const screened = behaviour.mutant?.screenForm?.(params, transport);
  if (screened) return plainError(`${screened}\r\n`);
  try {
    const raw = new Map<string, string>();
    for (const p of op.params) if (params.has(p.name)) raw.set(p.name, params.get(p.name)!);
    return stringResult(behaviour.namespace, webMethodResult(behaviour, op, raw, transport));
  } catch (err) {
    if (err instanceof MissingParameter) return exception('System.InvalidOperationException', err.message);
    if (err instanceof ConversionError) return exception('System.ArgumentException', `${err.message}\r\nParameter name: type ---> ${err.inner.type}: ${err.inner.message}`);
    if (err instanceof AuthError) return exception('System.UnauthorizedAccessException', err.message);
    if (err instanceof WebMethodException) return exception(err.clrType, err.message);
    if (err instanceof BusinessFault) return exception('System.Web.Services.Protocols.SoapException', err.message);
    throw err;
  }
}
