/**
 * Deliberate deviations of the reference server: realistic bugs a vendor could ship, used to prove
 * that the suite catches them (`serve --mutant NAME`, and the tests). Each mutant is a set of hooks
 * the handlers consult; the clean server has none.
 */
import type { Parameter } from '../contract/index.js';
import { ConversionError, type Family, type Typed } from './values.js';

export interface Mutant {
  readonly name: string;
  readonly description: string;
  /** Replaces parameter conversion; `convert` is the faithful one. */
  readonly convert?: (param: Parameter, text: string | null, family: Family, convert: (p: Parameter, t: string | null, f: Family) => Typed) => Typed;
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
];

export function findMutant(name: string): Mutant | undefined {
  return MUTANTS.find((m) => m.name === name);
}
