/**
 * Weak sources (issue 49): EvoMaster's reuse of values by fuzzy field name, for the identifiers no
 * field of a target's answers names exactly. A vendor lists a service order's reps as
 * `assignedreps: [{repnumber, repname}]` or `assignedrepnumbers: "101,104,107"`, never by our
 * parameter's name `reptodelete`; both share its stem, "rep". Such values are weak: the pool uses
 * them only where no field named as the parameter gave one (pool.ts), so a target that names its
 * fields as the contract does is read exactly as before.
 */
import { isIdParam, POOL_PARAMS } from './params.js';

/** Name endings that say "an identifier of" (plural ones: a list of them), longest first. */
const SINGULAR = ['todelete', 'keyid', 'number', 'id', 'no'];
const PLURAL = ['keyids', 'numbers', 'ids', 'nos'];
/** Name beginnings that qualify a relation, not the thing named (`assignedreps`: the reps assigned). */
const PREFIXES = ['assigned'];
/** A shorter stem matches too much (`s`, `no`). */
const MIN_STEM = 2;
/** At most this many values from one list text. */
const MAX_LIST = 100;
const INT_LIST = /^\s*-?\d+(\s*,\s*-?\d+)+\s*$/;
const INT = /^\s*-?\d+\s*$/;

export interface Stem {
  readonly stem: string;
  /** The name says it holds many (`assignedrepnumbers`). */
  readonly plural: boolean;
}

/** The stem of a name: its ending (and one qualifying prefix) removed; `reptodelete` -> `rep`. */
export function stemOf(name: string): Stem {
  let stem = name.toLowerCase();
  const plural = PLURAL.find((s) => stem.endsWith(s) && stem.length > s.length);
  const singular = plural ? undefined : [...SINGULAR, 's'].find((s) => stem.endsWith(s) && stem.length > s.length);
  const ending = plural ?? singular;
  if (ending) stem = stem.slice(0, -ending.length);
  const prefix = PREFIXES.find((p) => stem.startsWith(p) && stem.length > p.length);
  if (prefix) stem = stem.slice(prefix.length);
  return { stem, plural: plural !== undefined || singular === 's' };
}

/** Identifier parameters by stem; a stem two of them shared would name neither. */
const ID_STEMS: ReadonlyMap<string, string> = (() => {
  const byStem = new Map<string, string | null>();
  for (const p of POOL_PARAMS) {
    if (!isIdParam(p)) continue;
    const { stem } = stemOf(p);
    if (stem.length >= MIN_STEM) byStem.set(stem, byStem.has(stem) ? null : p);
  }
  return new Map([...byStem].filter((e): e is [string, string] => e[1] !== null));
})();

/**
 * The weak values of one record's fields: parameter -> values. A field named as a parameter is that
 * parameter's alone; a field whose stem is an identifier parameter's is a weak source for it when the
 * record has no field of that parameter and the value is an integer, or a comma list of them (one
 * value each). A single value counts only in a record `nested` in another that carries ids, or under
 * a plural name: a time log's `repnumber` and `sonumber` at the top level are the caller and the log's
 * order, no assignment, while a rep listed inside a task is one of the task's reps.
 */
export function weakValues(raw: Readonly<Record<string, string>>, exact: Readonly<Record<string, string>>, nested: boolean): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [name, text] of Object.entries(raw)) {
    if (POOL_PARAMS.has(name)) continue;
    const { stem, plural } = stemOf(name);
    const param = ID_STEMS.get(stem);
    if (param === undefined || exact[param] !== undefined || out.has(param)) continue;
    const list = INT_LIST.test(text);
    if (!list && !(INT.test(text) && (nested || plural))) continue;
    out.set(param, text.split(',').map((v) => v.trim()).slice(0, MAX_LIST));
  }
  return out;
}

/** The ids of `enclosing` that `fields` lacks, added: an assignment inside a task is the task's
 * service order's. Only identifiers: a nested record's own name or status is its own. */
export function inheritIds(fields: Readonly<Record<string, string>>, enclosing: Readonly<Record<string, string>> | undefined): Record<string, string> {
  if (!enclosing) return { ...fields };
  const inherited = Object.fromEntries(Object.entries(enclosing).filter(([k]) => isIdParam(k) && fields[k] === undefined));
  return { ...inherited, ...fields };
}

/** Whether a record carries an identifier, so that records nested in it belong to it. */
export const carriesId = (fields: Readonly<Record<string, string>>): boolean => Object.keys(fields).some(isIdParam);
