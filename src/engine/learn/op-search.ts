/**
 * The refusal-guided search of one operation (issue 59, item 2), one request a step, so the search
 * can share its budget among operations turn by turn and spend it all (value-search.ts). From the
 * valid request's refusal on, each step sends the first candidate not yet tried:
 * 1. a value the last refusal quoted for a parameter it named (refusal.ts: "belongs to account 45");
 * 2. for each parameter the refusal named (then the others): the tuples of learned records that hold
 *    it (tuples.ts: the sonumber with the accountnumber of the same time log), then every learned
 *    value of it, then the values of its name's class (name-classes.ts);
 * 3. when an id parameter has no tuple left: a read that takes one of the operation's ids as a
 *    filter, asked with a learned value, whose records (kept whole: the filter's own field belongs
 *    to them) give new tuples.
 * A combination a refusal named is not sent again (tuples.ts, Refused). A change is kept when the
 * refusal stops naming what it changed (the next complaint is about something else).
 */
import { candidatesFor, type Candidate, type Known } from '../../cases/name-classes.js';
import { AUTH_PARAMS, isMutating, operations, type Operation } from '../../contract/index.js';
import { isIdParam, recordsOf, type LearnedRecord } from '../../state/learn.js';
import { readRefusal } from './refusal.js';
import { Refused, tuplesFor } from './tuples.js';

/** What one request answered, as the search reads it (value-search.ts, outcomeOf). */
export interface SearchAnswer {
  readonly ok: boolean;
  readonly business: boolean;
  readonly text: string;
  readonly shown: string;
}

export interface OpSearchContext {
  readonly op: Operation;
  readonly base: Readonly<Record<string, string>>;
  readonly first: SearchAnswer;
  /** The learned records, read afresh each step (reads the search asks add to them). */
  readonly records: () => readonly LearnedRecord[];
  readonly learn: (records: readonly LearnedRecord[]) => void;
  readonly known: Known;
  /** Whether every changed value passes the wire guard of its SOAP type on every transport. */
  readonly guarded: (op: Operation, values: Readonly<Record<string, string>>, changed: readonly string[]) => boolean;
  /** undefined: the budget is gone. */
  readonly send: (op: Operation, values: Readonly<Record<string, string>>) => Promise<SearchAnswer | undefined>;
}

/** Most reads one operation's search asks for new tuples. */
const MAX_READS = 4;

const keyOf = (values: Readonly<Record<string, string>>): string => JSON.stringify(Object.entries(values).sort(([a], [b]) => (a < b ? -1 : 1)));

/** A read's values: every filter empty (text) or 0, and `param` = `value`. */
function readValues(read: Operation, param: string, value: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of read.params) if (!AUTH_PARAMS.includes(p.name)) out[p.name] = p.type === 'int' ? '0' : '';
  return { ...out, [param]: value };
}

export class OpSearch {
  values: Readonly<Record<string, string>>;
  last: SearchAnswer;
  solved?: Readonly<Record<string, string>>;
  /** The last refusal heard, and what it refused: what reports show of an operation left blocked. */
  lastHeard: { readonly sent: Readonly<Record<string, string>>; readonly answer: SearchAnswer };
  /** Set when every candidate and read was tried: unsolved without it, the budget ran out first. */
  exhausted = false;
  private readonly params: string[];
  private readonly refused = new Refused();
  private readonly tried = new Set<string>();
  private readonly hints: Candidate[] = [];
  private readonly readsAsked = new Set<string>();

  constructor(private readonly ctx: OpSearchContext) {
    this.params = ctx.op.params.map((p) => p.name).filter((n) => !AUTH_PARAMS.includes(n));
    this.values = ctx.base;
    this.last = ctx.first;
    this.tried.add(keyOf(ctx.base));
    this.lastHeard = { sent: ctx.base, answer: ctx.first };
    this.heard(ctx.base, ctx.first);
  }

  /** One request; false when nothing is left to try or the budget is gone. */
  async step(): Promise<boolean> {
    const candidate = this.next();
    if (candidate === undefined) return this.askRead();
    const next = { ...this.values, ...candidate };
    this.tried.add(keyOf(next));
    const answer = await this.ctx.send(this.ctx.op, next);
    if (!answer) return false;
    if (answer.ok) {
      this.solved = next;
      return false;
    }
    const changed = Object.keys(candidate).filter((p) => candidate[p] !== this.values[p]);
    const before = readRefusal(this.params, this.last.text, this.values).named;
    this.heard(next, answer);
    const after = readRefusal(this.params, answer.text, next).named;
    // Progress: what the last refusal named was changed and is named no more.
    if (answer.business && changed.some((p) => before.includes(p)) && !changed.some((p) => after.includes(p))) {
      this.values = next;
      this.last = answer;
    }
    return true;
  }

  /** Notes a refusal of `sent`: the combination it named, and the values it quoted (tried next). */
  private heard(sent: Readonly<Record<string, string>>, answer: SearchAnswer): void {
    this.lastHeard = { sent, answer };
    if (!answer.business) return;
    const refusal = readRefusal(this.params, answer.text, sent);
    this.refused.add(refusal.named, sent);
    const delta = Object.fromEntries(Object.entries(sent).filter(([p, v]) => this.values[p] !== v));
    this.hints.unshift(...refusal.hints.map((h) => ({ ...delta, ...h })));
  }

  private fits(candidate: Candidate): boolean {
    const changed = Object.keys(candidate).filter((p) => candidate[p] !== this.values[p]);
    const next = { ...this.values, ...candidate };
    return changed.length > 0 && !this.tried.has(keyOf(next)) && !this.refused.has(next) && this.ctx.guarded(this.ctx.op, next, changed);
  }

  private next(): Candidate | undefined {
    while (this.hints.length > 0) {
      const hint = this.hints.shift()!;
      if (this.fits(hint)) return hint;
    }
    const named = readRefusal(this.params, this.last.text, this.values).named;
    const order = [...named, ...this.params.filter((p) => !named.includes(p))];
    for (const param of order) {
      const found = this.candidates(param).find((c) => this.fits(c));
      if (found) return found;
      // An id with no tuple left: new records first, before the values of other parameters.
      if (named.includes(param) && isIdParam(param) && this.readable().length > 0) return undefined;
    }
    return undefined;
  }

  private candidates(param: string): Candidate[] {
    const spec = this.ctx.op.params.find((p) => p.name === param)!;
    const learned = isIdParam(param) ? this.ctx.known.values(param).map((v) => ({ [param]: v })) : [];
    return [...tuplesFor(this.ctx.op, this.ctx.records(), param), ...learned, ...candidatesFor(this.ctx.op, spec, this.ctx.known)];
  }

  /** Reads not yet asked that take one of the operation's ids, those taking more of them first. */
  private readable(): Array<{ read: Operation; param: string }> {
    if (this.readsAsked.size >= MAX_READS) return [];
    const ids = this.params.filter(isIdParam);
    const reads = operations.filter((o) => !isMutating(o)).map((read) => ({ read, takes: ids.filter((p) => read.params.some((x) => x.name === p)) }))
      .filter((r) => r.takes.length > 0).sort((a, b) => b.takes.length - a.takes.length);
    return reads.flatMap(({ read, takes }) => takes.map((param) => ({ read, param }))).filter(({ read, param }) => !this.readsAsked.has(`${read.name} ${param}`) && this.ctx.known.values(param).length > 0);
  }

  /** Asks one read for new records; false when none is left or the budget is gone. */
  private async askRead(): Promise<boolean> {
    const [choice] = this.readable();
    if (!choice) {
      this.exhausted = true;
      return false;
    }
    this.readsAsked.add(`${choice.read.name} ${choice.param}`);
    const values = this.ctx.known.values(choice.param);
    const asked = readValues(choice.read, choice.param, values[(this.readsAsked.size - 1) % values.length]!);
    if (!this.ctx.guarded(choice.read, asked, [choice.param])) return true;
    const answer = await this.ctx.send(choice.read, asked);
    if (!answer) return false;
    if (answer.ok) this.ctx.learn(recordsOf(choice.read.name, answer.text));
    return true;
  }
}
