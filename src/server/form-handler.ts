/** The HTTP GET and HTTP POST endpoints: /tsiWS.asmx/<Op> with parameters as query or form fields. */
import { findOperation } from '../contract/index.js';
import { plainError, stringResult, type Reply } from './replies.js';
import { resultText } from './result.js';
import { ConversionError, convert, type Typed } from './values.js';

export function handleForm(ns: string, opName: string, params: URLSearchParams): Reply {
  const op = findOperation(opName);
  if (!op) {
    return plainError(`System.InvalidOperationException: Request format is unrecognized for URL unexpectedly ending in '/${opName}'.`);
  }
  const typed = new Map<string, Typed>();
  for (const p of op.params) {
    const text = params.get(p.name);
    if (text === null) return plainError(`System.InvalidOperationException: Missing parameter: ${p.name}.`);
    try {
      typed.set(p.name, convert(p, text, 'http'));
    } catch (err) {
      if (!(err instanceof ConversionError)) throw err;
      return plainError(`System.ArgumentException: ${err.message}\r\nParameter name: type ---> System.FormatException: Input string was not in a correct format.`);
    }
  }
  return stringResult(ns, resultText(op, typed));
}
