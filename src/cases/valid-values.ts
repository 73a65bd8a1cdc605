/**
 * The guard a valid case passes before it is sent (issue 49): every typed value inside the lexical
 * space of its SOAP type's XSD type (src/wsdl/lexical-space.ts). A valid case whose value is not
 * (an empty int where the run found no record to name, "A-17" learned for an xs:int) would be the
 * tool's own invalid request: ASMX rightly faults ("Input string was not in a correct format"), and
 * judging that as the service's failure inverts the verdict. Strings are any text XML can carry.
 */
import { AUTH_PARAMS, type Operation } from '../contract/index.js';
import type { WireValues } from '../transports/index.js';
import { lexicalErrors } from '../wsdl/lexical-space.js';

/** Verdicts kept per type and text: a run's valid cases repeat few distinct typed values, and each
 * verdict is an XSD validation by libxml2. Bounded: a fuzzing run sends many distinct ones. */
const MAX_KEPT = 20_000;
const kept = new Map<string, readonly string[]>();

/** lexicalErrors, kept per type and text (the client checks judge real traffic by it too). */
export function keptLexicalErrors(type: Operation['params'][number]['type'], text: string): readonly string[] {
  const key = `${type}\u0000${text}`;
  let errors = kept.get(key);
  if (!errors) {
    errors = lexicalErrors(type, text);
    if (kept.size >= MAX_KEPT) kept.clear();
    kept.set(key, errors);
  }
  return errors;
}

const shown = (text: string): string => JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);

/** Why `values` are no valid request of `op` (the first parameter outside its type's lexical
 * space), or undefined when every value given is inside. Authentication values are the run's own. */
export function invalidValueReason(op: Operation, values: WireValues): string | undefined {
  for (const p of op.params) {
    const text = values[p.name];
    if (text === undefined || AUTH_PARAMS.includes(p.name)) continue;
    const errors = keptLexicalErrors(p.type, text);
    if (errors.length > 0) return `${p.name} ${shown(text)} is not a valid ${p.type} value (${errors[0]})`;
  }
  return undefined;
}
