/**
 * A personality's id ranges (personality.ts, IdScheme) applied to the seeded store: every id field
 * of every row is moved from the seeded range of its kind (seed.ts: accounts 1001.., contacts
 * 2001.., ...) to the scheme's. Fields are found by name, the names the contract's parameters use,
 * so a reference to a row (a task's sonumber, a document's referencenumber) moves with the row.
 */
import { SEEDED_IDS, type IdScheme } from './personality.js';

/** The kind index of each id field (IdScheme: kind k starts at base + k * stride). */
export const KIND_OF: Readonly<Record<string, number>> = {
  accountnumber: 0, contactnumber: 1, emailid: 2, opportunitynumber: 3, taskkeyid: 4, sonumber: 5, referencenumber: 5,
  sologkeyid: 6, sopartsusedkeyid: 7, fksopartsused: 7, documentid: 8, assetid: 10,
};

const seededStart = (kind: number) => SEEDED_IDS.base + kind * SEEDED_IDS.stride;

/** The id `seeded` of kind `kind` under `scheme`; 0 (no parent) stays 0. */
export function movedId(scheme: IdScheme, kind: number, seeded: number): number {
  return seeded === 0 ? 0 : scheme.base + kind * scheme.stride + (seeded - seededStart(kind));
}

function movedField(scheme: IdScheme, name: string, value: unknown): unknown {
  const kind = KIND_OF[name];
  if (kind === undefined) return value;
  if (typeof value === 'number') return movedId(scheme, kind, value);
  // An opportunity number is text, "OPP-4001"; a task without one has "".
  const digits = typeof value === 'string' ? /^OPP-(\d+)$/.exec(value) : null;
  return digits ? `${scheme.opportunityPrefix}${movedId(scheme, kind, Number(digits[1]))}` : value;
}

/** A copy of `rows` with every id field moved to `scheme`. */
export function renumbered<T extends object>(rows: readonly T[], scheme: IdScheme): T[] {
  return rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, movedField(scheme, k, v)])) as T);
}

export const isSeededScheme = (s: IdScheme) => s.base === SEEDED_IDS.base && s.stride === SEEDED_IDS.stride && s.opportunityPrefix === SEEDED_IDS.opportunityPrefix;
