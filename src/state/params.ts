/** Which contract parameters the state layer holds values for, and which of them name a record. */
import { AUTH_PARAMS, operations } from '../contract/index.js';

/** Parameters values can be learned for: every operation's, minus authentication (spec,
 * Authentication: repnumber, timestamp, sig and mobilekey come from the run's configuration). */
export const POOL_PARAMS: ReadonlySet<string> = new Set(operations.flatMap((op) => op.params.map((p) => p.name)).filter((n) => !AUTH_PARAMS.includes(n)));

/**
 * Identifiers: parameters that name a record, so a fuzzer keeps a learned value in them (a fuzzed id
 * only ever reaches "unknown id") and fuzzes the others. These are the spec's "Identifiers used across
 * operations" table, minus repnumber (authentication). referencenumber is not one: the spec lists it
 * among the document's fields, and what it refers to is not shown.
 */
export const idParams: readonly string[] = Object.freeze([
  'accountnumber', 'contactnumber', 'sonumber', 'opportunitynumber', 'taskkeyid', 'sologkeyid',
  'sopartsusedkeyid', 'fksopartsused', 'emailid', 'reptodelete',
]);

export const isIdParam = (name: string): boolean => idParams.includes(name);

