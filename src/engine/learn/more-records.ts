/**
 * More distinct records, where an operation takes one of its own each time (issue 59): a delete
 * whose record no operation makes (instances.ts, TAKEN_DISTINCT) takes a distinct learned record
 * for every slot of the run: its valid cases', its fuzz samples' and its probes' (confirm.ts,
 * slotsTaken). A list that needs a filter answers the discovery's one read with one parent's
 * records (one service order's rep assignments), far fewer than the run takes. So the list that
 * yielded them is read again, once per other learned value of a filter it accepted (each learned
 * accountnumber, say), until the records suffice or a modest cap of requests is spent. Which list
 * and which filters is learned from the target's answers: the list that answered the records, and
 * the filters its answered request carried.
 */
import { getOperation, type Operation, type Parameter } from '../../contract/index.js';
import { isIdParam, type ValuePool } from '../../state/learn.js';
import type { WireValues } from '../../transports/index.js';

/** Most extra reads a discovery sends, in all. */
export const MAX_EXTRA_READS = 32;
/** Extra reads sent side by side, between two counts of the records. */
const BATCH = 4;

export interface Read {
  readonly op: Operation;
  readonly values: WireValues;
}

/** What one operation needs: this many distinct records covering `params`. */
export interface Wanted {
  readonly operation: string;
  readonly params: readonly string[];
  readonly needed: number;
}

/** A value the parameter can carry as sent: an int filter takes digits only (a learned "A-17" is
 * no account number to filter by, and its refusal would spend a read). */
const fits = (p: Parameter, value: string): boolean => value !== '' && (p.type !== 'int' || /^-?\d{1,10}$/.test(value));

/**
 * The reads to send again: each list that answered records covering `params` (`yielded`: its
 * request that did), once per learned value of a filter it accepted (a parameter it was sent with a
 * value other than its default) that no record of that list carries yet (a value whose records the
 * run holds is read already), one value of each filter in turn. The other filters stay at their
 * default: one filter narrows a list least.
 */
export function extraReads(pool: ValuePool, params: readonly string[], yielded: ReadonlyMap<string, WireValues>, defaultsOf: (op: Operation) => WireValues): Read[] {
  const lists = new Set(pool.all.filter((r) => params.every((p) => r.fields[p] !== undefined)).map((r) => r.from));
  const out: Read[] = [];
  for (const name of lists) {
    const sent = yielded.get(name);
    if (!sent) continue;
    const op = getOperation(name);
    const defaults = defaultsOf(op);
    const own = pool.all.filter((r) => r.from === name);
    const filters = op.params.filter((p) => isIdParam(p.name) && sent[p.name] !== undefined && sent[p.name] !== defaults[p.name]);
    const queues = filters.map((f) => pool.valuesFor(f.name)
      .filter((v) => fits(f, v) && !own.some((r) => r.fields[f.name] === v))
      .map((v) => ({ op, values: { ...defaults, [f.name]: v } })));
    for (let i = 0; queues.some((q) => i < q.length); i++) for (const q of queues) if (i < q.length) out.push(q[i]!);
  }
  return out;
}

/**
 * Sends `extraReads` (through `read`, which learns from the answers, a batch side by side) while any of `wanted` has fewer
 * distinct records than it needs, at most MAX_EXTRA_READS in all; returns how many it sent.
 */
export async function readMore(pool: ValuePool, wanted: readonly Wanted[], yielded: ReadonlyMap<string, WireValues>, defaultsOf: (op: Operation) => WireValues, read: (batch: readonly Read[]) => Promise<void>): Promise<number> {
  let spent = 0;
  for (const w of wanted) {
    const op = getOperation(w.operation);
    const short = () => pool.distinct(op, w.params, w.needed).length < w.needed;
    if (!short()) continue;
    const reads = extraReads(pool, w.params, yielded, defaultsOf);
    for (let i = 0; i < reads.length && spent < MAX_EXTRA_READS && short(); i += BATCH) {
      const batch = reads.slice(i, i + Math.min(BATCH, MAX_EXTRA_READS - spent));
      await read(batch);
      spent += batch.length;
    }
  }
  return spent;
}
