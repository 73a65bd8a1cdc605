/**
 * Values that reach the data path: a case's hand-picked or fuzzed values with the ones the run
 * learned from the target (src/state/learn.ts) put in their place. A learned value is used only
 * where it is valid for the parameter's type on every transport (an account number learned as
 * "A-17" is no value for an xs:int parameter): a valid case stays valid.
 */
import { ConversionError, convert } from '../../asmx/values.js';
import { AUTH_PARAMS, type Operation, type Parameter } from '../../contract/index.js';
import type { WireValues } from '../../transports/index.js';
import { idParams, type ValuePool } from '../../state/learn.js';

/** The identifier parameters (src/state/params.ts), as a set for fillFromPool's `only`. */
export const ID_PARAMS: ReadonlySet<string> = new Set(idParams);

/** Characters XML 1.0 cannot carry (section 2.2): a value a legacy record holds with one of them
 * cannot be sent over SOAP, so it is no value for a valid case. */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function validEverywhere(param: Parameter, text: string): boolean {
  if (NOT_XML.test(text)) return false;
  try {
    convert(param, text, 'soap');
    convert(param, text, 'http');
    return true;
  } catch (err) {
    if (err instanceof ConversionError) return false;
    throw err;
  }
}

/** Most records a consistent pick rotates among. */
const MAX_CHOICES = 1000;

/** Values of `only`'s parameters of `op` from one record that has them all (a contact's account
 * and contact numbers belong together, or a create for that contact fails), rotating by `index`;
 * the pool's best pick where no record has them all. */
function consistentPick(op: Operation, pool: ValuePool, index: number, only: ReadonlySet<string>): Record<string, string> {
  const params = op.params.map((p) => p.name).filter((name) => only.has(name));
  const whole = params.length > 0 ? pool.distinct(op, params, MAX_CHOICES) : [];
  return whole.length > 0 ? whole[index % whole.length]! : pool.pick(op, index);
}

/** `values` with the pool's pick for `op` (one record where it can, `index` rotating among equally
 * good ones) in place, for the parameters `only` names (all but authentication when absent). */
export function fillFromPool(op: Operation, values: WireValues, pool: ValuePool, index: number, only?: ReadonlySet<string>): Record<string, string> {
  const picked = only ? consistentPick(op, pool, index, only) : pool.pick(op, index);
  const out: Record<string, string> = { ...values };
  for (const p of op.params) {
    if (AUTH_PARAMS.includes(p.name) || (only && !only.has(p.name))) continue;
    const value = picked[p.name];
    if (value !== undefined && value !== '' && validEverywhere(p, value)) out[p.name] = value;
  }
  return out;
}
