/**
 * Which read shows a sequence's entity, found by observation (issue 49, item 3): no table says which
 * search or list shows which record. The candidates come from the contract alone: the operations of
 * class search or list with a parameter named as a field the entity is known to have (the id in an
 * id filter, the distinctive value written in a text filter, a parent id). They are ranked by what
 * this run learned: the read that answered the learned record first, then the reads whose answers
 * carried records with the entity's id, then by filter and by how many of the entity's fields the
 * read takes. Whether an answer shows the entity is read from its records, never from its raw text
 * (an in-band failure may echo the filter it refused).
 */
import { invalidValueOnWire } from '../../cases/wire-guard.js';
import { AUTH_PARAMS, getOperation, operations, type Operation } from '../../contract/index.js';
import { isIdParam, type LearnedRecord } from '../../state/learn.js';
import type { TransportId } from '../../transports/index.js';
import { readRefusal } from '../learn/refusal.js';
import { tuplesFor } from '../learn/tuples.js';

type Fields = Readonly<Record<string, string>>;

/** The entity a sequence follows, as the run knows it so far. */
export interface Entity {
  /** What names it: the create's id, or the id parameters of the operation that took it. */
  readonly ids: Fields;
  /** Every field known: the record learned or the values written, and the ids. */
  readonly fields: Fields;
  /** Values written that hold the sequence's tag: no other record has them. */
  readonly distinctive: Fields;
  /** The read that answered the learned record the entity is. */
  readonly from?: string;
  /** Another learned record beside it (the same service order's other rep), which a delete spares. */
  readonly sibling?: Fields;
}

/** One read to try: the operation and the one filter set from the entity. */
export interface ReadProbe {
  readonly operation: string;
  readonly filter: string;
  /** Filters beside it, from one learned record holding the entity's value of `filter`: a retry of
   * a read the target refused by `filter` alone (retriesOf). */
  readonly with?: Fields;
}

/** How many reads are tried before an observation is given up as inconclusive. */
export const MAX_TRIES = 3;
/** How many retries of refused reads one find sends, beside its MAX_TRIES reads. */
export const MAX_RETRIES = 2;

/** "READ filtered by FILTER" (and the filters a retry added beside it), as the verdicts say it. */
export const filteredBy = (probe: ReadProbe): string => `${probe.operation} filtered by ${[probe.filter, ...Object.keys(probe.with ?? {})].join(' and ')}`;

const isRead = (op: Operation) => op.class === 'search' || op.class === 'list';
const ownParams = (op: Operation) => op.params.map((p) => p.name).filter((n) => !AUTH_PARAMS.includes(n));
const carriesAll = (fields: Fields, ids: Fields) => Object.keys(ids).length > 0 && Object.entries(ids).every(([k, v]) => fields[k] === v);

/** The reads that could show `entity`, best first: one probe per read, its best filter. */
export function candidateReads(entity: Entity, learned: readonly LearnedRecord[]): ReadProbe[] {
  const idNames = Object.keys(entity.ids);
  const carriers = new Set(learned.filter((r) => idNames.length > 0 && idNames.every((k) => r.fields[k] !== undefined)).map((r) => r.from));
  const filterRank = (p: string) => (entity.distinctive[p] !== undefined ? 300 : entity.ids[p] !== undefined ? 200 : 100);
  const ranked = operations.filter(isRead).flatMap((op, index) => {
    const filters = ownParams(op).filter((p) => (entity.fields[p] ?? '') !== '');
    if (filters.length === 0) return [];
    const [filter, next] = [...filters].sort((a, b) => filterRank(b) - filterRank(a));
    const score = (op.name === entity.from ? 1000 : 0) + (carriers.has(op.name) ? 500 : 0) + filterRank(filter!) + 10 * filters.length;
    // A read whose records carry the entity's ids is also tried by its next filter, right after:
    // a target may page a list by its own id (the logs after sologkeyid N) and list by the parent
    // id (sonumber), and the parent's answer shows the entity's siblings (SequenceRun.control).
    const second = carriers.has(op.name) && next !== undefined && isIdParam(next) ? [{ probe: { operation: op.name, filter: next }, score: score - 1, index }] : [];
    return [{ probe: { operation: op.name, filter: filter! }, score, index }, ...second];
  });
  return ranked.sort((a, b) => b.score - a.score || a.index - b.index).map((r) => r.probe);
}

/**
 * The values of a probe: its one filter from the entity (and a retry's beside it), every other filter empty (text) or 0 (an
 * integer), as the discovery step asks (discover.ts). Undefined when a value is outside its type's
 * lexical space on `transport`: such a read is not sent (issue 49, item 1).
 */
export function readValues(probe: ReadProbe, value: string, transport: TransportId): Record<string, string> | undefined {
  const op = getOperation(probe.operation);
  const values: Record<string, string> = {};
  for (const p of op.params) if (!AUTH_PARAMS.includes(p.name)) values[p.name] = p.type === 'int' ? '0' : '';
  Object.assign(values, probe.with, { [probe.filter]: value });
  return firstInvalid(op, values, transport) === undefined ? values : undefined;
}

/**
 * The reads to try after the target refused `probe` sent with `sent` (an in-band failure or a
 * business fault saying `refusal`), at most MAX_RETRIES: the same read, its filter beside the other
 * ids of one learned record that holds the entity's value there and contradicts none of its `fields` (tuples.ts: values that belong
 * together come from one record; a task holding the service order also holds its taskkeyid and
 * accountnumber). Of a record's ids, those the refusal names (refusal.ts), else all of them. Which
 * filters a target requires is read from its refusal and its records, never listed in code. None
 * for a probe that is a retry already.
 */
export function retriesOf(probe: ReadProbe, fields: Fields, refusal: string, sent: Readonly<Record<string, string>>, records: readonly LearnedRecord[]): ReadProbe[] {
  const value = fields[probe.filter];
  if (probe.with !== undefined || value === undefined) return [];
  const op = getOperation(probe.operation);
  const named = readRefusal(ownParams(op), refusal, sent).named.filter((p) => p !== probe.filter);
  const seen = new Set<string>();
  const out: ReadProbe[] = [];
  // A record that disagrees with a field the entity has (another time log's sologkeyid) is another
  // entity's: filtered by it, the read would not show this one.
  const agrees = (t: Fields) => t[probe.filter] === value && Object.entries(t).every(([p, v]) => fields[p] === undefined || fields[p] === v);
  for (const tuple of tuplesFor(op, records, probe.filter).filter(agrees)) {
    const others = Object.keys(tuple).filter((p) => p !== probe.filter);
    const asked = others.filter((p) => named.includes(p));
    const extra = Object.fromEntries((asked.length > 0 ? asked : others).map((p) => [p, tuple[p]!]));
    const key = JSON.stringify(extra);
    if (others.length > 0 && !seen.has(key)) seen.add(key), out.push({ ...probe, with: extra });
  }
  return out.slice(0, MAX_RETRIES);
}

/** The first of `op`'s own parameters that `values` leaves out or holds outside its SOAP type's
 * lexical space as sent over `transport`, with why; undefined when every value is valid. */
export function firstInvalid(op: Operation, values: Readonly<Record<string, string>>, transport: TransportId): string | undefined {
  for (const p of op.params) {
    if (AUTH_PARAMS.includes(p.name)) continue;
    if (values[p.name] === undefined) return `no ${p.name} (${p.type}) was learned`;
    if (invalidValueOnWire(op, values, transport, p.name)) return `${p.name} "${values[p.name]}" is no valid ${p.type}`;
  }
  return undefined;
}

/** What an answer showed of the entity. */
export type Sight =
  /** A record with the entity's ids, or holding a distinctive value it wrote and no other id. */
  | { readonly kind: 'shown'; readonly record: Fields }
  /** A record holding a distinctive value the entity wrote, under another id than the entity's. */
  | { readonly kind: 'elsewhere'; readonly record: Fields; readonly param: string }
  | { readonly kind: 'not shown' };

/** Where `records` (an answer's) show `entity`. */
export function sightOf(records: readonly LearnedRecord[], entity: Entity): Sight {
  const own = records.find((r) => carriesAll(r.fields, entity.ids));
  if (own) return { kind: 'shown', record: own.fields };
  const written = Object.values(entity.distinctive);
  const holding = records.find((r) => Object.values(r.fields).some((v) => written.includes(v)));
  if (!holding) return { kind: 'not shown' };
  const other = Object.keys(entity.ids).find((k) => holding.fields[k] !== undefined && holding.fields[k] !== entity.ids[k]);
  return other === undefined ? { kind: 'shown', record: holding.fields } : { kind: 'elsewhere', record: holding.fields, param: other };
}

/** Whether `records` hold one with exactly the `ids` given (a sibling record, say). */
export const holds = (records: readonly LearnedRecord[], ids: Fields): boolean => records.some((r) => carriesAll(r.fields, ids));
