/**
 * Values that succeed: a feedback-directed search (issue 49, item 4). Against a vendor's service the
 * valid request of some operations never succeeds, because the hand-picked values are rejected
 * in-band, and the service says why every time: `invalid e-mail address: sample email`, `invalid
 * status -3`, `rep -2 is not assigned to service order 12`. After discovery, each operation's valid
 * request (learnedCase) is sent once; where it fails in-band or faults, the parameter the message
 * names (by name or by the value it quotes, as schemathesis finds the field by the rejected value it
 * echoes) is varied first, through the values of its name's class (src/cases/name-classes.ts) and
 * the ids of one learned record that carries them together (a contact with its account), then the
 * other parameters. A value is kept when the answer succeeds, or when the message stops naming its
 * parameter (the next complaint is about something else); the next named parameter is varied then.
 *
 * Bounded by --search-budget requests in all. Every candidate passes the wire guard of its SOAP type
 * on every selected transport: a valid case never carries an invalid value. A mutating operation is
 * searched only where the run may mutate (the embedded stateful server, or --allow-mutations), and
 * no delete: a delete that succeeds removes the record it found. With --reference-url only reads are
 * searched, or the target would hold records the reference was never sent.
 */
import type { RunSettings } from '../../config/settings.js';
import { namedParams, type Candidate, type Known } from '../../cases/name-classes.js';
import { invalidValueOnWire } from '../../cases/wire-guard.js';
import { AUTH_PARAMS, getOperation, isMutating, type Operation } from '../../contract/index.js';
import type { HttpClient } from '../../http/send.js';
import { isIdParam, recordsOf, ValuePool, type LearnedRecord } from '../../state/learn.js';
import { isInBandFailure } from '../../state/in-band.js';
import { isBusinessFault } from '../../state/business-fault.js';
import { hasData, type LearnedState } from './learned-state.js';
import { MADE_BY } from './instances.js';
import { learnedCase } from './learned-cases.js';
import { probedParam, probeTextLength, type TextLimit } from './length-probe.js';
import { OpSearch } from './op-search.js';
import { sendPlain, type PlainAnswer } from '../send/plain-send.js';
import { withAnchors } from './anchors.js';
import type { Blocked, SearchSummary } from './learned-state.js';



/** Requests the length probe may take of what the search left: 2000, 1000, 500 characters. */
const LENGTH_PROBES = 3;

type Found = Record<string, Record<string, string>>;
type Settings = RunSettings & { readonly embedded: boolean };

/** The operations searched: those selected, and the creates their own instances come from. */
export function searchedOperations(settings: Settings): Operation[] {
  const mayMutate = (settings.embedded || settings.allowMutations) && settings.referenceUrl === undefined;
  const names = new Set([...settings.operations, ...settings.operations.map((o) => MADE_BY[o]?.create).filter((o): o is string => o !== undefined)]);
  return [...names].map(getOperation).filter((op) => op.class !== 'delete' && (!isMutating(op) || mayMutate));
}

/** The requests left, shared out as the search goes. */
class Budget {
  sent = 0;
  constructor(readonly total: number) {}
  get left(): number {
    return this.total - this.sent;
  }
}

/** The field names of the learned records, those `op` answered first (sortcolumn's values). */
export function knownOf(pool: ValuePool, op: Operation): Known {
  const records = pool.toJSON().records;
  const own = records.filter((r) => r.from === op.name);
  const fields = [...new Set([...own, ...records].flatMap((r) => Object.keys(r.fields)))];
  return { values: (param) => pool.valuesFor(param), fields };
}

/** Ids of `op` that belong together, each set from one learned record, before single values. */
export function idGroups(op: Operation, pool: ValuePool, param: string, max: number): Candidate[] {
  const ids = op.params.map((p) => p.name).filter(isIdParam);
  if (!isIdParam(param) || ids.length < 2) return [];
  return pool.distinct(op, ids, max).map((r) => Object.fromEntries(ids.filter((p) => r[p] !== undefined).map((p) => [p, r[p]!])));
}

interface Outcome {
  readonly ok: boolean;
  /** The target said why it refused: an in-band failure or a business fault, as learned. Only such
   * a refusal is searched around; an unreadable answer, a crash or an HTTP error is a finding for
   * the checks, and a value that merely avoids it (a filter listing nothing) would hide it. */
  readonly business: boolean;
  /** The text to match parameters against: the result text, or the fault's reason. */
  readonly text: string;
  /** As reports may show it: redacted and clipped. */
  readonly shown: string;
}

function outcomeOf(answer: PlainAnswer, learned: LearnedState): Outcome {
  if (answer.text !== null) {
    const failed = isInBandFailure(answer.text, learned.failure);
    return { ok: !failed, business: failed, text: answer.text, shown: answer.shown ?? '' };
  }
  return { ok: false, business: isBusinessFault(answer.fault, learned.businessFault), text: answer.problem ?? '', shown: answer.problem ?? '' };
}

const blockedBy = (op: Operation, search: OpSearch): Blocked => {
  const params = op.params.map((p) => p.name).filter((n) => !AUTH_PARAMS.includes(n));
  const { sent, answer } = search.lastHeard;
  const [param] = namedParams(params, answer.text, sent);
  return { message: answer.shown, ...(param ? { param } : {}), stopped: search.exhausted ? 'exhausted' : 'budget' };
};

/** The ids of a solved operation's values as a record of its own, when they are two or more and the
 * search changed one: later valid and fuzzed cases then draw the tuple the target took (pool-values.ts). */
function solvedTuple(op: Operation, base: Readonly<Record<string, string>>, values: Readonly<Record<string, string>>): LearnedRecord[] {
  const ids = op.params.map((p) => p.name).filter(isIdParam);
  if (ids.length < 2 || ids.every((p) => values[p] === base[p])) return [];
  return [{ from: op.name, fields: Object.fromEntries(ids.map((p) => [p, values[p]!])) }];
}

/** The operations searched in turn, one request each a turn, until each is solved or has nothing
 * left to try, or only `reserve` requests are left. */
async function inTurn(searches: readonly OpSearch[], budget: Budget, reserve: number): Promise<void> {
  let active = [...searches];
  while (active.length > 0 && budget.left > reserve) {
    const going: OpSearch[] = [];
    for (const search of active) if (budget.left > reserve && (await search.step())) going.push(search);
    active = going;
  }
}

/**
 * The search after discovery: `learned` with the values found (`found`, applied by learnedCase) and
 * what the search did (`search`). Nothing is sent against a target that answered no record (the
 * embedded echo), or with --search-budget 0.
 */
export async function searchValues(settings: Settings, client: HttpClient, learned: LearnedState): Promise<LearnedState> {
  if (settings.searchBudget === 0 || !hasData(learned)) return learned;
  const pool = ValuePool.fromJSON(learned.pool);
  const budget = new Budget(settings.searchBudget);
  const transport = learned.discovery.transport;
  const send = async (op: Operation, values: Readonly<Record<string, string>>): Promise<Outcome | undefined> => {
    if (budget.left <= 0) return undefined;
    budget.sent++;
    return outcomeOf(await sendPlain(settings, client, op, transport, values), learned);
  };
  const ops = searchedOperations(settings).slice(0, budget.total);
  // Each valid request once, side by side: most succeed, and only the others are searched.
  const bases = ops.map((op) => learnedCase(op, pool).values as Record<string, string>);
  const firsts = await Promise.all(ops.map((op, i) => send(op, bases[i]!)));
  const failing = ops.map((op, i) => ({ op, base: bases[i]!, first: firsts[i]! })).filter((x) => x.first.business);
  // What the reads answered teaches records too, kept whole (a filter's own field belongs to them).
  ops.forEach((op, i) => { if (!isMutating(op) && firsts[i]?.ok) pool.add(recordsOf(op.name, firsts[i]!.text)); });
  const guarded = (op: Operation, values: Readonly<Record<string, string>>, changed: readonly string[]) => changed.every((p) => settings.transports.every((t) => !invalidValueOnWire(op, values, t, p)));
  const searches = failing.map(({ op, base, first }) => new OpSearch({ op, base, first, records: () => pool.all, learn: (records) => pool.add(records), known: knownOf(pool, op), guarded, send }));
  const probed = ops.findIndex((op, i) => !isMutating(op) && firsts[i]?.ok === true && probedParam(op) !== undefined);
  await inTurn(searches, budget, probed < 0 ? 0 : LENGTH_PROBES);
  const found: Found = {};
  const blocked: Record<string, Blocked> = {};
  const tuples: LearnedRecord[] = [];
  for (const [i, { op, base }] of failing.entries()) {
    const solved = searches[i]!.solved;
    if (solved) found[op.name] = Object.fromEntries(Object.entries(solved).filter(([p, v]) => base[p] !== v));
    else blocked[op.name] = blockedBy(op, searches[i]!);
    if (solved) tuples.push(...solvedTuple(op, base, solved));
  }
  // After the search, with what it left: the first read that succeeded as it was asked.
  const textLimit = probed < 0 ? undefined : await probeTextLength(ops[probed]!, bases[probed]!, settings.maxStringLength, Math.min(LENGTH_PROBES, budget.left), (values) => send(ops[probed]!, values));
  const search: SearchSummary = { budget: budget.total, sent: budget.sent, solved: Object.keys(found), blocked, ...(textLimit ? { textLimit } : {}) };
  const withTuples = tuples.length > 0 ? { pool: ValuePool.fromJSON({ ...learned.pool, records: [...learned.pool.records, ...tuples] }).toJSON() } : {};
  // Anchors (anchors.ts): each valid request that succeeded as first sent, then each the search solved.
  const succeeded = [...ops.flatMap((op, i) => (firsts[i]?.ok ? [{ op, values: bases[i]! }] : [])), ...ops.flatMap((op, i) => (found[op.name] ? [{ op, values: { ...bases[i]!, ...found[op.name] } }] : []))];
  return { ...learned, ...withTuples, ...(Object.keys(found).length > 0 ? { found } : {}), search, anchors: withAnchors(learned.anchors, succeeded, transport, 'search') };
}
