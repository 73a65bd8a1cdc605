/**
 * Deliberate deviations of the reference server: realistic bugs a vendor could ship, used to prove
 * that the suite catches them (`serve --mutant NAME`, and the tests). Each mutant is a set of hooks
 * the handlers consult; the clean server has none.
 */
import type { Operation, Parameter } from '../contract/index.js';
import { LOOKS_LIKE_MARKUP } from '../cases/negative.js';
import type { TransportId } from '../transports/index.js';
import { ConversionError, type Family, type Typed } from '../asmx/values.js';
import { truncateContactSearchSoap12 } from './mutants-regression.js';

export interface Mutant {
  readonly name: string;
  readonly description: string;
  /** Replaces parameter conversion; `convert` is the faithful one. */
  readonly convert?: (param: Parameter, text: string | null, family: Family, convert: (p: Parameter, t: string | null, f: Family) => Typed) => Typed;
  /** Rewrites a string parameter's text as received over `transport`. */
  readonly receiveString?: (text: string, transport: TransportId) => string;
  /** Changes a converted value before the result is written (how the service renders it). */
  readonly render?: (param: Parameter, value: Typed, transport: TransportId, op?: Operation) => Typed;
  /** Rejects a GET/POST request before its parameters are read: the message of the 500. */
  readonly screenForm?: (params: URLSearchParams, transport: 'get' | 'post') => string | undefined;
}



export const MUTANTS: readonly Mutant[] = [
  {
    name: 'accept-bad-int',
    description: 'an int parameter that does not convert is taken as 0 and answered with 200 and a result',
    convert(param, text, family, convert) {
      try {
        return convert(param, text, family);
      } catch (err) {
        if (err instanceof ConversionError && param.type === 'int') return 0;
        throw err;
      }
    },
  },
  {
    name: 'mangle-non-ascii-get',
    description: 'HTTP GET decodes the query string as ASCII: every non-ASCII character of a string parameter becomes "?"',
    receiveString: (text, transport) => (transport === 'get' ? text.replace(/[^\x00-\x7f]/gu, '?') : text),
  },
  {
    name: 'trim-post',
    description: 'HTTP POST trims leading and trailing white space from every string parameter',
    receiveString: (text, transport) => (transport === 'post' ? text.trim() : text),
  },
  {
    name: 'bool-title-case-soap12',
    description: 'SOAP 1.2 renders booleans as "True"/"False" (.NET ToString) in the result',
    render: (param, value, transport) => (param.type === 'bool' && transport === 'soap12' && typeof value === 'boolean' ? (value ? 'True' : 'False') : value),
  },
  {
    name: 'aspnet-request-validation',
    description: 'ASP.NET request validation is on: GET/POST values that look like markup are rejected (what a real ASMX host does by default)',
    screenForm(params, transport) {
      for (const [name, value] of params) {
        if (LOOKS_LIKE_MARKUP.test(value)) {
          const collection = transport === 'get' ? 'QueryString' : 'Form';
          return `System.Web.HttpRequestValidationException: A potentially dangerous Request.${collection} value was detected from the client (${name}="${value.slice(0, 10)}").`;
        }
      }
      return undefined;
    },
  },
  truncateContactSearchSoap12,
];

export function findMutant(name: string): Mutant | undefined {
  return MUTANTS.find((m) => m.name === name);
}
