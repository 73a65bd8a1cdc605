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
import type { RunSettings } from '../config/settings.js';
import { candidatesFor, namedParams, nameClass, type Candidate, type Known } from '../cases/name-classes.js';
import { invalidValueOnWire } from '../cases/wire-guard.js';
import { AUTH_PARAMS, getOperation, isMutating, type Operation } from '../contract/index.js';
import type { HttpClient } from '../http/send.js';
import { isIdParam, ValuePool } from '../state/learn.js';
import { isInBandFailure } from '../state/in-band.js';
import { isBusinessFault } from '../state/business-fault.js';
import { hasData, type LearnedState } from './discover.js';
import { MADE_BY } from './instances.js';
import { learnedCase } from './learned-cases.js';
import { probedParam, probeTextLength, type TextLimit } from './length-probe.js';
import { sendPlain, type PlainAnswer } from './plain-send.js';
import { withAnchors } from './anchors.js';

/** What still kept an operation's valid request from succeeding: the last answer, and the
 * parameter it named first, when it named one. */
export interface Blocked {
  readonly message: string;
  readonly param?: string;
}

/** What the search did: plain data, it crosses to workers and into the reports. */
export interface SearchSummary {
  readonly budget: number;
  readonly sent: number;
  /** Operations whose valid request succeeded only with the values found (LearnedState.found). */
  readonly solved: readonly string[];
  readonly blocked: Readonly<Record<string, Blocked>>;
  /** The longest text a read took and the shortest it refused (length-probe.ts), when it refused one. */
  readonly textLimit?: TextLimit;
}

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

const SEARCH_PARAM_ORDER = (op: Operation, p: string): number => {
  const param = op.params.find((x) => x.name === p)!;
  return nameClass(param) !== undefined ? 0 : isIdParam(p) ? 1 : 2;
};

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

/** Searches one operation from `base`, whose answer was `first`, within `share` requests. */
async function searchOne(settings: Settings, send: (values: Record<string, string>) => Promise<Outcome | undefined>, op: Operation, pool: ValuePool, base: Record<string, string>, first: Outcome): Promise<{ values?: Record<string, string>; blocked?: Blocked }> {
  const params = op.params.map((p) => p.name).filter((n) => !AUTH_PARAMS.includes(n));
  const known = knownOf(pool, op);
  const guarded = (values: Record<string, string>, changed: readonly string[]) => changed.every((p) => settings.transports.every((t) => !invalidValueOnWire(op, values, t, p)));
  let values = base;
  let last = first;
  const tried = new Set<string>();
  for (;;) {
    const named = namedParams(params, last.text, values);
    const rest = params.filter((p) => !named.includes(p)).sort((a, b) => SEARCH_PARAM_ORDER(op, a) - SEARCH_PARAM_ORDER(op, b));
    const param = [...named, ...rest].find((p) => !tried.has(p));
    if (param === undefined) break;
    tried.add(param);
    const candidates = [...idGroups(op, pool, param, 4), ...candidatesFor(op, op.params.find((p) => p.name === param)!, known)];
    for (const candidate of candidates) {
      const changed = Object.keys(candidate).filter((p) => candidate[p] !== values[p]);
      const next = { ...values, ...candidate };
      if (changed.length === 0 || !guarded(next, changed)) continue;
      const answer = await send(next);
      if (!answer) return { blocked: blockedBy(params, last, values) };
      if (answer.ok) return { values: next };
      // Progress: the message named this parameter and no longer does; the next complaint is another's.
      if (named.includes(param) && !namedParams(params, answer.text, next).includes(param)) {
        values = next;
        last = answer;
        break;
      }
    }
  }
  return { blocked: blockedBy(params, last, values) };
}

const blockedBy = (params: readonly string[], last: Outcome, values: Readonly<Record<string, string>>): Blocked => {
  const [param] = namedParams(params, last.text, values);
  return { message: last.shown, ...(param ? { param } : {}) };
};

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
  const send = async (op: Operation, values: Record<string, string>): Promise<Outcome | undefined> => {
    if (budget.left <= 0) return undefined;
    budget.sent++;
    return outcomeOf(await sendPlain(settings, client, op, transport, values), learned);
  };
  const ops = searchedOperations(settings).slice(0, budget.total);
  // Each valid request once, side by side: most succeed, and only the others are searched.
  const bases = ops.map((op) => learnedCase(op, pool).values as Record<string, string>);
  const firsts = await Promise.all(ops.map((op, i) => send(op, bases[i]!)));
  const failing = ops.map((op, i) => ({ op, base: bases[i]!, first: firsts[i]! })).filter((x) => x.first.business);
  const found: Found = {};
  const blocked: Record<string, Blocked> = {};
  for (const [i, { op, base, first }] of failing.entries()) {
    // An even share of what is left for each operation still to search; what one leaves, the next gets.
    const share = Math.max(1, Math.floor(budget.left / (failing.length - i)));
    const stop = budget.sent + share;
    const result = await searchOne(settings, (values) => (budget.sent < stop ? send(op, values) : Promise.resolve(undefined)), op, pool, base, first);
    if (result.values) found[op.name] = Object.fromEntries(Object.entries(result.values).filter(([p, v]) => base[p] !== v));
    else if (result.blocked) blocked[op.name] = result.blocked;
  }
  // After the search, with what it left: the first read that succeeded as it was asked.
  const probed = ops.findIndex((op, i) => !isMutating(op) && firsts[i]?.ok === true && probedParam(op) !== undefined);
  const textLimit = probed < 0 ? undefined : await probeTextLength(ops[probed]!, bases[probed]!, settings.maxStringLength, Math.min(LENGTH_PROBES, budget.left), (values) => send(ops[probed]!, values));
  const search: SearchSummary = { budget: budget.total, sent: budget.sent, solved: Object.keys(found), blocked, ...(textLimit ? { textLimit } : {}) };
  // Anchors (anchors.ts): each valid request that succeeded as first sent, then each the search solved.
  const succeeded = [...ops.flatMap((op, i) => (firsts[i]?.ok ? [{ op, values: bases[i]! }] : [])), ...ops.flatMap((op, i) => (found[op.name] ? [{ op, values: { ...bases[i]!, ...found[op.name] } }] : []))];
  return { ...learned, ...(Object.keys(found).length > 0 ? { found } : {}), search, anchors: withAnchors(learned.anchors, succeeded, transport, 'search') };
}
