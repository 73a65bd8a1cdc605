/**
 * Valid cases against a target with data (issue 37): the hand-picked values with the values the
 * run learned in their place, so a valid request names records that exist. A search or list gets
 * its filters from one learned record and leaves the others empty (no filter), so it finds that
 * record; a create or update keeps its own values for what it writes and takes learned ids.
 */
import type { PositiveCase } from '../../cases/case.js';
import { exampleCase } from '../../cases/examples.js';
import { AUTH_PARAMS, isMutating, type Operation } from '../../contract/index.js';
import { ValuePool } from '../../state/learn.js';
import type { LearnedState } from './learned-state.js';
import { fillFromPool, ID_PARAMS } from './pool-values.js';

const pools = new WeakMap<LearnedState, ValuePool>();
/** The values the search found (LearnedState.found), by the pool made from the same state. */
const foundByPool = new WeakMap<ValuePool, NonNullable<LearnedState['found']>>();

/** The learned pool of a run, made once per process from the plain data the run hands over. */
export function poolOf(learned: LearnedState | undefined): ValuePool | undefined {
  // A target that answered no record (an echo) is tested with the hand-picked values.
  if (!learned || learned.pool.records.length === 0) return undefined;
  let pool = pools.get(learned);
  if (!pool) {
    pools.set(learned, (pool = ValuePool.fromJSON(learned.pool)));
    if (learned.found) foundByPool.set(pool, learned.found);
  }
  return pool;
}

/** No filter: empty text, and 0 for an integer (the discovery step's values, discover.ts). */
function emptyFilters(op: Operation, values: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of op.params) {
    if (AUTH_PARAMS.includes(p.name)) continue;
    out[p.name] = p.type === 'str' ? '' : p.type === 'int' ? '0' : values[p.name]!;
  }
  return out;
}

export function learnedCase(op: Operation, pool: ValuePool, index = 0): PositiveCase {
  const example = exampleCase(op);
  const values = isMutating(op)
    ? fillFromPool(op, example.values, pool, index, op.class === 'update' ? undefined : ID_PARAMS)
    : fillFromPool(op, emptyFilters(op, example.values), pool, index);
  // Values that made this operation succeed where the picks did not (value-search.ts) win.
  return { ...example, values: { ...values, ...foundByPool.get(pool)?.[op.name] } };
}
