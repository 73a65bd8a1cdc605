/**
 * Deliberate deviations of the reference server: realistic bugs a vendor could ship, used to prove
 * that the suite catches them (`serve --mutant NAME`, and the tests). Each mutant is a set of hooks
 * the handlers consult; the clean server has none.
 */
import type { Parameter } from '../contract/index.js';
import type { TransportId } from '../transports/index.js';
import { ConversionError, type Family, type Typed } from '../asmx/values.js';

export interface Mutant {
  readonly name: string;
  readonly description: string;
  /** Replaces parameter conversion; `convert` is the faithful one. */
  readonly convert?: (param: Parameter, text: string | null, family: Family, convert: (p: Parameter, t: string | null, f: Family) => Typed) => Typed;
  /** Rewrites a string parameter's text as received over `transport`. */
  readonly receiveString?: (text: string, transport: TransportId) => string;
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
];

export function findMutant(name: string): Mutant | undefined {
  return MUTANTS.find((m) => m.name === name);
}
