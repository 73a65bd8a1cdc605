/**
 * The HTTP GET and HTTP POST endpoints: /tsiWS.asmx/<Op> with parameters as query or form fields.
 * Errors follow HttpServerProtocol.WriteException (reference source): HTTP 500, text/plain; charset
 * utf-8, "<ExceptionType>: <message>" with inner exceptions joined by " ---> ", then a line break.
 * Messages: WebInvalidMethodName, WebMissingParameter, WebChangeTypeFailed (thrown as
 * ArgumentException with parameter name "type"), WebInvalidRequestFormatDetails.
 */
import { findOperation } from '../contract/index.js';
import { plainError, stringResult, type Reply } from './replies.js';
import { resultText } from './result.js';
import { ConversionError, convert, type Typed } from './values.js';

const exception = (type: string, message: string) => plainError(`${type}: ${message}\r\n`);

/** `params` is undefined when a POST body is not a form; `contentType` is then the request's. */
export function handleForm(ns: string, opName: string, params: URLSearchParams | undefined, contentType = ''): Reply {
  const op = findOperation(opName);
  if (!op) return exception('System.InvalidOperationException', `${opName} Web Service method name is not valid.`);
  // HtmlFormParameterReader reads only application/x-www-form-urlencoded bodies.
  if (!params) return exception('System.InvalidOperationException', `Request format is invalid: ${contentType}.`);
  const typed = new Map<string, Typed>();
  for (const p of op.params) {
    const text = params.get(p.name);
    if (text === null) return exception('System.InvalidOperationException', `Missing parameter: ${p.name}.`);
    try {
      typed.set(p.name, convert(p, text, 'http'));
    } catch (err) {
      if (!(err instanceof ConversionError)) throw err;
      return exception('System.ArgumentException', `${err.message}\r\nParameter name: type ---> ${err.inner.type}: ${err.inner.message}`);
    }
  }
  return stringResult(ns, resultText(op, typed));
}
