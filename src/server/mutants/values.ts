/**
 * Mutants in how parameter values are read and rendered: conversions that accept what ASMX
 * refuses, and one transport altering string values on the way in or out.
 */
import { LOOKS_LIKE_MARKUP } from '../../cases/negative.js';
import { ConversionError } from '../../asmx/values.js';
import type { Mutant } from './types.js';

const onlyOn = (transport: string, f: (text: string) => string) => (text: string, t: string) => (t === transport ? f(text) : text);

export const VALUE_MUTANTS: readonly Mutant[] = [
  {
    name: 'accept-bad-int',
    description: 'an int parameter that does not convert is taken as 0 and answered with 200 and a result',
    caughtBy: ['rejects-invalid-input'],
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
    name: 'accept-bad-bool-get',
    description: 'HTTP GET reads booleans with TryParse: anything but "true" is false, nothing is refused',
    caughtBy: ['rejects-invalid-input'],
    convert: (param, text, family, convert) => (param.type === 'bool' && family === 'http' && text !== null && !/^\s*(true|false)\s*$/i.test(text) ? false : convert(param, text, family)),
  },
  {
    name: 'mangle-non-ascii-get',
    description: 'HTTP GET decodes the query string as ASCII: every non-ASCII character of a string parameter becomes "?"',
    caughtBy: ['echo-matches', 'transport-parity'],
    needs: { fuzz: true },
    receiveString: onlyOn('get', (text) => text.replace(/[^\x00-\x7f]/gu, '?')),
  },
  {
    name: 'drop-non-ascii-post',
    description: 'HTTP POST strips every non-ASCII character from string parameters',
    caughtBy: ['echo-matches', 'transport-parity'],
    needs: { fuzz: true },
    receiveString: onlyOn('post', (text) => text.replace(/[^\x00-\x7f]/gu, '')),
  },
  {
    name: 'trim-post',
    description: 'HTTP POST trims leading and trailing white space from every string parameter',
    caughtBy: ['echo-matches', 'transport-parity'],
    needs: { fuzz: true },
    receiveString: onlyOn('post', (text) => text.trim()),
  },
  {
    name: 'collapse-whitespace-soap11',
    description: 'SOAP 1.1 collapses runs of white space in string parameters to one space',
    caughtBy: ['echo-matches', 'transport-parity'],
    needs: { fuzz: true },
    receiveString: onlyOn('soap11', (text) => text.replace(/\s+/gu, ' ')),
  },
  {
    name: 'truncate-long-text-soap12',
    description: 'SOAP 1.2 stores string parameters in a 255-character column: longer text is cut',
    caughtBy: ['echo-matches', 'transport-parity'],
    needs: { fuzz: true },
    receiveString: onlyOn('soap12', (text) => [...text].slice(0, 255).join('')),
  },
  {
    name: 'bool-title-case-soap12',
    description: 'SOAP 1.2 renders booleans as "True"/"False" (.NET ToString) in the result',
    caughtBy: ['echo-matches', 'transport-parity'],
    render: (param, value, transport) => (param.type === 'bool' && transport === 'soap12' && typeof value === 'boolean' ? (value ? 'True' : 'False') : value),
  },
  {
    name: 'aspnet-request-validation',
    description: 'ASP.NET request validation is on: GET/POST values that look like markup are rejected (what a real ASMX host does by default)',
    caughtBy: [],
    tolerated: 'real ASMX behaviour (src/parity/inherent.ts): asmx accepts it as inherent; only --profile strict fails it (test/cli/parity.test.ts)',
    needs: { fuzz: true },
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
];
