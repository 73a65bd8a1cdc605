/**
 * Values that belong together (issue 59, item 2): the id parameters of an operation that one learned
 * record carries together (a time log's sonumber with its accountnumber, a contact's contactnumber
 * with its own accountnumber). Which parameters belong together is what the records show, never a
 * list in code: a tuple is every id parameter of the operation a record holds, from records that
 * hold two or more of them (one, for an operation with a single id). Records that cover more of the
 * operation's parameters come first (a time log's record for a time log's create). Pure.
 */
import type { Operation } from '../../contract/index.js';
import { isIdParam, type LearnedRecord } from '../../state/learn.js';

export type Tuple = Readonly<Record<string, string>>;

/** Refused combinations: the values of the parameters a refusal named, as sent (refusal.ts). */
export class Refused {
  private readonly combos: Tuple[] = [];

  add(named: readonly string[], sent: Readonly<Record<string, string>>): void {
    if (named.length > 0) this.combos.push(Object.fromEntries(named.map((p) => [p, sent[p] ?? ''])));
  }

  /** Whether `values` hold a combination a refusal named. */
  has(values: Readonly<Record<string, string>>): boolean {
    return this.combos.some((c) => Object.entries(c).every(([p, v]) => values[p] === v));
  }
}

/** Tuples of `op`'s ids holding `param`, one per record, distinct, best-covering records first. */
export function tuplesFor(op: Operation, records: readonly LearnedRecord[], param: string): Tuple[] {
  const names = op.params.map((p) => p.name);
  const ids = names.filter(isIdParam);
  if (!ids.includes(param)) return [];
  const least = Math.min(2, ids.length);
  const covers = (r: LearnedRecord) => names.filter((n) => r.fields[n] !== undefined).length;
  const ranked = records
    .filter((r) => r.fields[param] !== undefined && ids.filter((p) => r.fields[p] !== undefined).length >= least)
    .map((r, i) => ({ r, i, idCount: ids.filter((p) => r.fields[p] !== undefined).length, cover: covers(r) }))
    .sort((a, b) => b.idCount - a.idCount || b.cover - a.cover || a.i - b.i);
  const seen = new Set<string>();
  const out: Tuple[] = [];
  for (const { r } of ranked) {
    const tuple = Object.fromEntries(ids.filter((p) => r.fields[p] !== undefined).map((p) => [p, r.fields[p]!]));
    const key = JSON.stringify(tuple);
    if (!seen.has(key)) out.push(tuple), seen.add(key);
  }
  return out;
}
