/**
 * The values a run has learned (learn.ts, values-file.ts), and deterministic choices among them: the
 * same records added in the same order give the same picks, so a run's requests are reproducible
 * from its seed and the answers it got. A pool crosses to the suites' worker processes as plain data
 * (toJSON / fromJSON).
 */
import type { Operation } from '../contract/index.js';
import type { LearnedRecord } from './learn.js';
import { isIdParam, POOL_PARAMS } from './params.js';

export interface PoolData {
  readonly records: readonly LearnedRecord[];
  /** Weak records (fuzzy.ts), kept apart: every reader of `records` sees exact values only. */
  readonly weak?: readonly LearnedRecord[];
}

/** Most records a pool keeps; later ones are dropped (the first seen stay, for determinism). */
export const MAX_POOL_RECORDS = 10_000;

const rotate = <T>(items: readonly T[], index: number): T => items[((Math.trunc(index) % items.length) + items.length) % items.length]!;
const keyOf = (fields: Readonly<Record<string, string>>): string => JSON.stringify(Object.entries(fields).sort(([a], [b]) => (a < b ? -1 : 1)));
const paramsOf = (op: Operation): string[] => op.params.map((p) => p.name).filter((n) => POOL_PARAMS.has(n));
const covers = (r: LearnedRecord, params: readonly string[]): number => params.filter((p) => r.fields[p] !== undefined).length;
/** How well a record serves an operation: identifiers covered first (they must belong together;
 * an e-mail's address does not name its contact), then parameters covered. */
const score = (r: LearnedRecord, params: readonly string[]): number => covers(r, params.filter(isIdParam)) * 1000 + covers(r, params);

export class ValuePool {
  private readonly records: LearnedRecord[] = [];
  private readonly weak: LearnedRecord[] = [];
  private readonly seen = new Set<string>();

  /** Adds the records not already held (same fields, whichever operation answered them); returns
   * how many exact ones were new. Fields that are no contract parameter's are left out. */
  add(records: readonly LearnedRecord[]): number {
    let added = 0;
    for (const r of records) {
      const into = r.weak ? this.weak : this.records;
      if (into.length >= MAX_POOL_RECORDS) continue;
      const fields = Object.fromEntries(Object.entries(r.fields).filter(([k, v]) => POOL_PARAMS.has(k) && typeof v === 'string'));
      const key = (r.weak ? 'weak' : '') + keyOf(fields);
      if (Object.keys(fields).length === 0 || this.seen.has(key)) continue;
      this.seen.add(key);
      into.push(Object.freeze({ from: r.from, fields: Object.freeze(fields), ...(r.weak ? { weak: true as const } : {}) }));
      if (!r.weak) added++;
    }
    return added;
  }

  /** The exact records, in the order added (read-only: add() is the one way in). */
  get all(): readonly LearnedRecord[] {
    return this.records;
  }

  /** How many weak records the pool holds. */
  get weakSize(): number {
    return this.weak.length;
  }

  get size(): number {
    return this.records.length;
  }

  /**
   * Values for `operation`'s parameters that the pool knows. They come from one record, the one that
   * covers most of the identifiers, then most of the parameters (`index` rotates among records that
   * do as well, in the order they were added, so cases and transports can get different instances);
   * parameters that record lacks are filled from the values other records hold, rotated the same
   * way. Empty when the pool knows none. Keys in the contract's parameter order.
   */
  pick(operation: Operation, index: number): Record<string, string> {
    const params = paramsOf(operation);
    const scores = this.records.map((r) => score(r, params));
    const best = Math.max(0, ...scores);
    if (best === 0) return {};
    const chosen = rotate(this.records.filter((_, i) => scores[i] === best), index);
    const picked: Record<string, string> = {};
    for (const p of params) {
      const own = chosen.fields[p];
      const values = own === undefined ? this.valuesFor(p) : [own];
      if (values.length > 0) picked[p] = rotate(values, index);
    }
    return picked;
  }

  /** The distinct values the pool holds for `param`, in the order first seen. */
  valuesFor(param: string): string[] {
    const values = new Set<string>();
    for (const r of this.records) {
      const v = r.fields[param];
      if (v !== undefined) values.add(v);
    }
    return [...values];
  }

  /**
   * Up to `k` records that each cover every one of `params` and differ in their values for them
   * (first seen first), as values for `operation`'s parameters: the i-th is the i-th instance, so
   * each transport can delete its own (reptodelete, sonumber) pair. Fewer when the pool has fewer.
   */
  distinct(operation: Operation, params: readonly string[], k: number): Array<Record<string, string>> {
    return distinctOf(exactFirst(this.records, this.weak, params), paramsOf(operation), params, k);
  }

  toJSON(): PoolData {
    const plain = (rs: readonly LearnedRecord[]) => rs.map((r) => ({ ...r, fields: { ...r.fields } }));
    return { records: plain(this.records), ...(this.weak.length > 0 ? { weak: plain(this.weak) } : {}) };
  }

  /** A pool from toJSON's data; entries that are not records are ignored. */
  static fromJSON(data: unknown): ValuePool {
    const pool = new ValuePool();
    const valid = (list: unknown) => (Array.isArray(list) ? list : []).filter((r): r is LearnedRecord => typeof r === 'object' && r !== null && typeof r.from === 'string' && typeof r.fields === 'object' && r.fields !== null);
    const { records, weak } = typeof data === 'object' && data !== null ? (data as { records?: unknown; weak?: unknown }) : {};
    pool.add(valid(records));
    pool.add(valid(weak).map((r) => ({ ...r, weak: true as const })));
    return pool;
  }
}

/**
 * The exact records when any of them carries every one of `params`, else the weak ones: a weak value
 * is a guess (a rep listed under a task is likely assigned to its order), used only where the
 * target's answers named no field as the parameter. Our reference lists (reptodelete, sonumber)
 * exactly and is never given a guess.
 */
export function exactFirst(exact: readonly LearnedRecord[], weak: readonly LearnedRecord[] | undefined, params: readonly string[]): readonly LearnedRecord[] {
  return exact.some((r) => covers(r, params) === params.length) ? exact : (weak ?? []);
}

/** Up to `k` of `records` covering all of `params` with distinct values for them, as `wanted` values. */
function distinctOf(records: readonly LearnedRecord[], wanted: readonly string[], params: readonly string[], k: number): Array<Record<string, string>> {
  const tuples = new Set<string>();
  const out: Array<Record<string, string>> = [];
  for (const r of records) {
    if (out.length >= k) break;
    if (covers(r, params) !== params.length) continue;
    const tuple = JSON.stringify(params.map((p) => r.fields[p]));
    if (tuples.has(tuple)) continue;
    tuples.add(tuple);
    out.push(Object.fromEntries(wanted.filter((p) => r.fields[p] !== undefined).map((p) => [p, r.fields[p]!])));
  }
  return out;
}
