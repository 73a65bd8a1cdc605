/**
 * Plays one sequence of one entity over one transport (sequences.ts defines them): make or take the
 * entity, find which read shows it, change it, see whether that read shows the change, delete it,
 * see whether that read still shows it. What is expected of a read is only what the target itself
 * showed earlier in the same sequence (issue 49, item 3; RESTler's checkers judge state the same
 * way). A step whose values cannot be filled from what was learned, or which depends on a step that
 * did not succeed, is not sent: its record says why ("not applicable: ..."), never a finding.
 */
import type { PositiveCase } from '../../cases/case.js';
import { runChecks, selected } from '../../checks/runner.js';
import { sequenceChecks } from '../../checks/registry.js';
import type { AnswersCheck, IdAnswers } from '../../checks/answers-agree.js';
import type { SequenceObservation, StateCheck } from '../../checks/state-consistency.js';
import type { RunSettings } from '../../config/settings.js';
import { AUTH_PARAMS, getOperation, type Operation } from '../../contract/index.js';
import type { HttpClient } from '../../http/send.js';
import { clip } from '../../results/clip.js';
import { accessForReports } from '../../results/shown-access.js';
import { recordRequest } from '../../results/recorded-http.js';
import type { ExchangeRecord, SequenceStep } from '../../results/record.js';
import { isBusinessFault } from '../../state/business-fault.js';
import { isInBandFailure } from '../../state/in-band.js';
import { CREATE_ID_PARAM, exactFirst, isIdParam, recordsOf, type LearnedRecord, type ValuePool } from '../../state/learn.js';
import { getTransportById, type TransportId } from '../../transports/index.js';
import type { LearnedState } from '../learn/learned-state.js';
import { learnedCase } from '../learn/learned-cases.js';
import { runCase } from '../exchange/run-case.js';
import { pick, takeRecord } from './sequence-take.js';
import { idAnswer, unknownIdOf, type Anchor } from './sequence-unknown-id.js';
import { candidateReads, filteredBy, firstInvalid, holds, MAX_RETRIES, MAX_TRIES, readValues, retriesOf, sightOf, type Entity, type ReadProbe } from './sequence-reads.js';

type Fields = Readonly<Record<string, string>>;

/** What a sequence's steps know before they start: its tag (in every value it writes) and slot. */
export interface Known {
  readonly pool: ValuePool;
  readonly tag: string;
  /** Which learned record it takes, counted from the last (instances.ts takes its own from the
   * first): one a transport and repetition. */
  readonly slot: number;
}

/** One sequence: the mutating operations it makes, named by the contract's operation classes; the
 * reads are never named (sequence-reads.ts finds them). */
export interface SequenceDef {
  /** The operation that makes the entity, and the values it writes (the rest learned). */
  readonly create?: { readonly operation: string; readonly writes: (k: Known) => Fields };
  /** No operation makes the entity: a learned record that `operation`'s id parameters name. A
   * `sibling` is another learned record sharing every id but the first, which a delete must spare. */
  readonly take?: { readonly operation: string; readonly sibling?: boolean };
  /** The change: what it writes, or why nothing can be written. */
  readonly update?: { readonly operation: string; readonly writes: (k: Known, e: Entity) => Fields | string };
  readonly delete?: string;
  /** The delete is sent once more: whether the target still knows the id it deleted. */
  readonly deleteAgain?: boolean;
  /** Once the update and the delete succeeded, both are sent once more with an id no read listed
   * (sequence-unknown-id.ts): whether the target's answers about it agree. */
  readonly unknownId?: boolean;
}

/** The read that showed the entity, the record it showed, and the sibling it showed beside it. */
interface Relation {
  readonly probe: ReadProbe;
  readonly record: Fields;
  readonly step: number;
  readonly sibling?: Fields;
}

interface Sent {
  readonly index: number;
  readonly ok: boolean;
  /** It did not succeed, and the target said so as it says a request fails (a learned in-band
   * failure or business fault), not by a crash or no answer. */
  readonly refused: boolean;
  /** Why it did not succeed. */
  readonly why: string;
  readonly records: LearnedRecord[];
  readonly text: string;
}

const IN_BAND = 'in-band failure';
const named = (ids: Fields) => Object.entries(ids).map(([k, v]) => `${k} ${v}`).join(' and ');

export class SequenceRun {
  private readonly records: ExchangeRecord[] = [];
  private entity: Entity | undefined;
  private readonly chosen: readonly StateCheck[];
  private readonly answersChecks: readonly AnswersCheck[];
  /** The update and the delete of the entity, once each succeeded: what the unknown-id probe sends. */
  private readonly anchors: { update?: Anchor; delete?: Anchor } = {};
  /** The operation that made or names the entity: where a step with no read of its own is recorded. */
  private subject = '';

  constructor(
    private readonly settings: RunSettings & { baseUrl: string; learned?: LearnedState },
    private readonly client: HttpClient,
    private readonly transport: TransportId,
    private readonly id: string,
    private readonly name: string,
    private readonly known: Known,
  ) {
    const chosen = selected(sequenceChecks, settings);
    this.chosen = chosen.filter((c): c is StateCheck => c.observes === 'state');
    this.answersChecks = chosen.filter((c): c is AnswersCheck => c.observes === 'answers');
  }

  async play(def: SequenceDef): Promise<ExchangeRecord[]> {
    const made = def.create ? await this.create(def) : this.take(def);
    if (made !== undefined) this.notApplicable(def, made);
    else {
      let relation = await this.find(def.create ? 'just created' : 'learned');
      if (def.update) relation = await this.update(def.update, relation);
      if (def.delete) await this.delete(def, relation);
      if (def.unknownId) await this.unknownId(def);
    }
    const of = this.records.length;
    return this.records.map((r) => ({ ...r, sequence: { ...r.sequence!, of } }));
  }

  /** Sends the create; undefined once the entity is known, else why it is not. */
  private async create(def: SequenceDef): Promise<string | undefined> {
    const op = getOperation(def.create!.operation);
    this.subject = op.name;
    const writes = def.create!.writes(this.known);
    const shared = this.sharedParent(op);
    if (shared) return this.skip('create', op.name, shared) ?? `the create was not sent: ${shared}`;
    // The slot's own learned ids, as instances.ts takes them: the sequences of the other transports
    // run beside this one, and under the same contact another's primary e-mail makes this one
    // non-primary, which a read listing the primary address only rightly stops showing.
    const values = { ...learnedCase(op, this.known.pool, this.known.slot).values, ...writes };
    const invalid = firstInvalid(op, values, this.transport);
    if (invalid) return this.skip('create', op.name, invalid, values) ?? `the create was not sent: ${invalid}`;
    const sent = await this.send('create', op.name, values);
    if (!sent.ok) return `${op.name} did not succeed (step ${sent.index + 1}): ${sent.why}`;
    const param = CREATE_ID_PARAM[op.name];
    const id = param === undefined ? undefined : sent.records.find((r) => r.fields[param] !== undefined)?.fields[param];
    if (param === undefined || id === undefined) return `${op.name}'s answer (step ${sent.index + 1}) names no new ${param ?? 'id'}`;
    const fields = Object.fromEntries(Object.entries(values).filter(([k]) => !AUTH_PARAMS.includes(k)));
    this.entity = { ids: { [param]: id }, fields: { ...fields, [param]: id }, distinctive: Object.fromEntries(Object.entries(writes).filter(([, v]) => v.includes(this.known.tag))) };
    // The create's step shows the id it made.
    const r = this.records[sent.index]!;
    this.records[sent.index] = { ...r, sequence: { ...r.sequence!, ids: { [param]: id } } };
    return undefined;
  }

  /** Why the create cannot have learned ids of its own (fewer distinct ones learned than slots
   * before this one); undefined when it can. The first slot takes what there is. */
  private sharedParent(op: Operation): string | undefined {
    const ids = op.params.map((p) => p.name).filter(isIdParam);
    const { pool, slot } = this.known;
    const learned = slot === 0 || ids.length === 0 ? slot + 1 : pool.distinct(op, ids, slot + 1).length;
    return learned > slot ? undefined : `no learned ${ids.join(' and ')} left for this transport: the sequences beside it take the ${learned} learned`;
  }

  /** Takes a learned record the operation's ids name (sequence-take.ts); undefined once taken, else
   * why none could be. */
  private take(def: SequenceDef): string | undefined {
    const op = getOperation(def.take!.operation);
    this.subject = op.name;
    const idNames = op.params.map((p) => p.name).filter(isIdParam);
    const pool = this.settings.learned?.pool;
    const taken = takeRecord(exactFirst(pool?.records ?? [], pool?.weak, idNames), idNames, op.params.map((p) => p.name), this.known.slot, def.take!.sibling === true);
    if (!taken) return `no learned record with ${idNames.join(' and ')} left for this transport`;
    const { record, sibling } = taken;
    this.entity = { ids: pick(record.fields, idNames), fields: record.fields, distinctive: {}, from: record.from, ...(sibling ? { sibling: pick(sibling.fields, idNames) } : {}) };
    return undefined;
  }

  /** The later mutating steps, not sent, each saying why. */
  private notApplicable(def: SequenceDef, reason: string): void {
    if (def.update) this.skip('update', def.update.operation, reason);
    if (def.delete) this.skip('delete', def.delete, reason);
    if (def.delete && def.deleteAgain) this.skip('delete again', def.delete, reason);
    if (def.unknownId) this.skipUnknownId(def, reason);
  }

  /** The first candidate read whose answer shows the entity; undefined when none did (inconclusive).
   * A read the target refuses is retried with filters from a learned record beside it (retriesOf). */
  private async find(how: string): Promise<Relation | undefined> {
    const e = this.entity!;
    const records = this.settings.learned?.pool.records ?? [];
    const withValues = (probe: ReadProbe) => {
      const values = readValues(probe, e.fields[probe.filter]!, this.transport);
      return values ? [{ probe, values }] : [];
    };
    const queue = candidateReads(e, records).flatMap(withValues).slice(0, MAX_TRIES);
    const tried: Array<{ probe: ReadProbe; sent: Sent }> = [];
    let retries = 0;
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      const { probe, values } = next;
      const sent = await this.send('find', probe.operation, values);
      const sight = sent.ok ? sightOf(sent.records, e) : { kind: 'not shown' as const };
      const where = filteredBy(probe);
      if (sight.kind === 'shown') {
        this.judge(sent, { expected: `${where} shows ${named(e.ids)}, ${how}`, outcome: 'held' });
        return { probe, record: sight.record, step: sent.index + 1, ...(e.sibling && holds(sent.records, e.sibling) ? { sibling: e.sibling } : {}) };
      }
      if (sight.kind === 'elsewhere') {
        // The target's own answers disagree: the record holding what was just written has another id.
        const ids = { ...e.ids, [sight.param]: sight.record[sight.param]! };
        this.judge(sent, { expected: `${where} shows what was just written under ${sight.param} ${e.ids[sight.param]}, the id the create answered`, outcome: 'broken', evidence: `it shows it under ${sight.param} ${ids[sight.param]}: ${clip(sent.text, 300)}` });
        this.entity = { ...e, ids, fields: { ...e.fields, ...ids } };
        return { probe, record: sight.record, step: sent.index + 1 };
      }
      tried.push({ probe, sent });
      if (!sent.refused || retries >= MAX_RETRIES) continue;
      const again = retriesOf(probe, e.fields, sent.text, values, records).flatMap(withValues).slice(0, MAX_RETRIES - retries);
      retries += again.length;
      queue.unshift(...again);
    }
    return this.control(tried, how);
  }

  /**
   * No read showed the entity. A read filtered by the entity's own id that shows another learned
   * record when filtered by its id showed the relation in this run: not showing this one breaks it.
   * Otherwise the find is inconclusive (info), with what was tried.
   */
  private async control(tried: ReadonlyArray<{ probe: ReadProbe; sent: Sent }>, how: string): Promise<undefined> {
    const e = this.entity!;
    const list = tried.map((t) => `${filteredBy(t.probe)} (step ${t.sent.index + 1}: ${t.sent.ok ? 'no record with these ids or values' : t.sent.why})`).join('; ');
    const siblings = e.from === undefined ? siblingsShown(tried, e) : undefined;
    if (siblings) {
      const { t, others } = siblings;
      const [idName] = Object.keys(e.ids);
      const value = e.fields[t.probe.filter]!;
      this.judge(t.sent, { expected: `${t.probe.operation} filtered by ${t.probe.filter} ${value} shows ${named(e.ids)}, ${how} with ${t.probe.filter} ${value}, as it shows the other records of ${t.probe.filter} ${value} (${idName} ${others.join(', ')})`, outcome: 'broken', evidence: `step ${t.sent.index + 1} answered ${clip(t.sent.text, 300)}` });
      return undefined;
    }
    // Only for an entity the sequence made: a learned one may have been changed by others since.
    const byId = e.from === undefined ? tried.find((t) => t.sent.ok && t.probe.with === undefined && e.ids[t.probe.filter] !== undefined) : undefined;
    const other = byId && (this.settings.learned?.pool.records ?? []).find((r) => r.from === byId.probe.operation && r.fields[byId.probe.filter] !== undefined && r.fields[byId.probe.filter] !== e.ids[byId.probe.filter]);
    const values = other && readValues(byId.probe, other.fields[byId.probe.filter]!, this.transport);
    if (byId && other && values) {
      const { filter, operation } = byId.probe;
      const sent = await this.send('find a learned one', operation, values);
      if (sent.ok && holds(sent.records, { [filter]: other.fields[filter]! })) {
        this.judge(sent, { expected: `${operation} filtered by ${filter} shows ${filter} ${e.ids[filter]}, ${how}, as it shows ${filter} ${other.fields[filter]} (learned) here`, outcome: 'broken', evidence: `step ${byId.sent.index + 1} answered ${clip(byId.sent.text, 300)}` });
        return undefined;
      }
      this.judge(sent, inconclusive(e, how, `${list}; nor did ${operation} show ${filter} ${other.fields[filter]} (learned) here, so no read showed its records by ${filter}`));
      return undefined;
    }
    const last = tried[tried.length - 1];
    if (last) this.judge(last.sent, inconclusive(e, how, list));
    else this.skip('find', this.subject, `no search or list takes a field that ${named(e.ids)} is known by`);
    return undefined;
  }

  /** Sends the update, then the relation's read to see it; the relation as it stands after. */
  private async update(update: NonNullable<SequenceDef['update']>, relation: Relation | undefined): Promise<Relation | undefined> {
    const e = this.entity!;
    const op = getOperation(update.operation);
    const writes = update.writes(this.known, e);
    if (typeof writes === 'string') {
      this.skip('update', op.name, writes);
      return relation;
    }
    const values = { ...learnedCase(op, this.known.pool).values, ...pick(e.fields, op.params.map((p) => p.name)), ...writes };
    const invalid = firstInvalid(op, values, this.transport);
    if (invalid) {
      this.skip('update', op.name, invalid, values);
      return relation;
    }
    const sent = await this.send('update', op.name, values);
    if (!sent.ok) {
      if (relation) this.skip('see update', relation.probe.operation, `the update did not succeed (step ${sent.index + 1}): ${sent.why}`);
      return relation;
    }
    this.anchors.update = { operation: op.name, values };
    const changed = Object.keys(writes).filter((k) => writes[k] !== e.fields[k]);
    this.entity = { ...e, fields: { ...e.fields, ...writes }, distinctive: { ...e.distinctive, ...Object.fromEntries(Object.entries(writes).filter(([, v]) => v.includes(this.known.tag))) } };
    if (!relation) return undefined;
    const visible = changed.filter((k) => relation.record[k] !== undefined);
    if (visible.length === 0) {
      this.skip('see update', relation.probe.operation, `${relation.probe.operation} showed ${named(e.ids)} (step ${relation.step}) without ${changed.join(', ')}, which the update wrote`);
      return relation;
    }
    const after = this.entity;
    const read = await this.read('see update', relation);
    if (!read) return relation;
    const sight = read.ok ? sightOf(read.records, after) : undefined;
    const expected = `${filteredBy(relation.probe)} shows ${named(after.ids)} with ${visible.map((k) => `${k} "${after.fields[k]}"`).join(', ')}, as it showed it before the update (step ${relation.step})`;
    if (!sight) this.judge(read, inconclusive(after, 'just updated', `${relation.probe.operation} did not succeed (step ${read.index + 1}): ${read.why}`));
    else if (sight.kind !== 'shown') this.judge(read, { expected, outcome: 'broken', evidence: `it no longer shows ${named(after.ids)}: ${clip(read.text, 300)}` });
    else {
      const stale = visible.filter((k) => sight.record[k] !== after.fields[k]);
      this.judge(read, stale.length === 0 ? { expected, outcome: 'held' } : { expected, outcome: 'broken', evidence: `${stale.map((k) => `${k} is "${sight.record[k] ?? '(none)'}"`).join(', ')}: ${clip(read.text, 300)}` });
    }
    return { ...relation, record: sight?.kind === 'shown' ? sight.record : relation.record };
  }

  /** Sends the delete, the relation's read to see it gone, and the delete once more if asked. */
  private async delete(def: SequenceDef, relation: Relation | undefined): Promise<void> {
    const e = this.entity!;
    const op = getOperation(def.delete!);
    const values = pick(e.fields, op.params.map((p) => p.name));
    const invalid = firstInvalid(op, values, this.transport);
    if (invalid) {
      this.skip('delete', op.name, invalid, values);
      return;
    }
    const sent = await this.send('delete', op.name, values);
    if (!sent.ok) {
      if (relation) this.skip('gone', relation.probe.operation, `the delete did not succeed (step ${sent.index + 1}): ${sent.why}`);
      if (def.deleteAgain) this.skip('delete again', op.name, `the delete did not succeed (step ${sent.index + 1}): ${sent.why}`);
      return;
    }
    this.anchors.delete = { operation: op.name, values };
    if (relation) await this.gone(relation, sent.index + 1);
    if (!def.deleteAgain) return;
    const again = await this.send('delete again', op.name, values);
    const expected = `${op.name} of ${named(e.ids)}, deleted at step ${sent.index + 1}, fails`;
    // A delete that succeeds twice may be idempotent: the spec states no semantics, and nothing the
    // target answered in this run says otherwise.
    this.judge(again, again.ok ? { expected, outcome: 'inconclusive', evidence: `it succeeded, which an idempotent delete does; the answer: ${clip(again.text, 300)}` } : { expected, outcome: 'held' });
  }

  /** The unknown-id probe (sequence-unknown-id.ts): the update, then the delete, each the request
   * the target just accepted with only the id changed, to one no read of the run listed. */
  private async unknownId(def: SequenceDef): Promise<void> {
    const { update, delete: del } = this.anchors;
    const [param] = Object.keys(this.entity!.ids);
    if (!update || !del || param === undefined || update.values[param] === undefined || del.values[param] === undefined) {
      this.skipUnknownId(def, `the update and the delete of ${named(this.entity!.ids)} did not both succeed`);
      return;
    }
    const id = unknownIdOf([...this.known.pool.valuesFor(param), this.entity!.ids[param]!], this.known.slot);
    const sent: Sent[] = [];
    for (const [action, anchor] of [['update unknown id', update], ['delete unknown id', del]] as const) {
      const one = await this.send(action, anchor.operation, { ...anchor.values, [param]: id });
      const r = this.records[one.index]!;
      this.records[one.index] = { ...r, sequence: { ...r.sequence!, ids: { [param]: id } } };
      sent.push(one);
    }
    const [u, d] = sent as [Sent, Sent];
    const answers = [idAnswer(update.operation, this.transport, u.index + 1, u), idAnswer(del.operation, this.transport, d.index + 1, d)] as const;
    // Judged on the answer that claims success where the two disagree: the other contradicts it.
    const on = answers[0].said === 'success' && answers[1].said === 'refused' ? u : d;
    this.judgeAnswers(on, { id: `${param} ${id}`, known: 'no read of this run listed it, and the same requests with the entity\'s own id succeeded', answers: [answers[0], answers[1]] });
  }

  private skipUnknownId(def: SequenceDef, reason: string): void {
    if (def.update) this.skip('update unknown id', def.update.operation, reason);
    if (def.delete) this.skip('delete unknown id', def.delete, reason);
  }

  private async gone(relation: Relation, deleted: number): Promise<void> {
    const e = this.entity!;
    const read = await this.read('gone', relation);
    if (!read) return;
    const where = filteredBy(relation.probe);
    const expected = `${where} no longer shows ${named(e.ids)}, deleted at step ${deleted}${relation.sibling ? `, and still shows ${named(relation.sibling)} beside it, as at step ${relation.step}` : ''}`;
    // A read that now fails in-band where it succeeded before also shows the record gone (an unknown
    // id); a fault or no answer shows nothing.
    const still = read.ok && sightOf(read.records, e).kind === 'shown';
    const spared = !relation.sibling || (read.ok && holds(read.records, relation.sibling));
    if (!read.ok && !read.why.startsWith(IN_BAND)) this.judge(read, inconclusive(e, `deleted at step ${deleted}`, `${where} got ${read.why}`));
    else this.judge(read, !still && spared ? { expected, outcome: 'held' } : { expected, outcome: 'broken', evidence: `${still ? `it still shows ${named(e.ids)}` : `it no longer shows ${named(relation.sibling!)}`}: ${clip(read.text, 300)}` });
  }

  /** The relation's read, its filter as the entity stands now; undefined when it cannot be sent. */
  private async read(action: string, relation: Relation): Promise<Sent | undefined> {
    const values = readValues(relation.probe, this.entity!.fields[relation.probe.filter]!, this.transport);
    if (!values) {
      this.skip(action, relation.probe.operation, `${relation.probe.filter} "${this.entity!.fields[relation.probe.filter]}" is no valid value for it`);
      return undefined;
    }
    return this.send(action, relation.probe.operation, values);
  }

  private step(action: string): SequenceStep {
    return { id: this.id, name: this.name, step: this.records.length + 1, of: 0, action, ids: { ...(this.entity?.ids ?? {}) } };
  }

  private async send(action: string, operation: string, values: Record<string, string>): Promise<Sent> {
    const sequence = this.step(action);
    const testCase: PositiveCase = { id: `${this.id}-${sequence.step}-${action.replace(/ /g, '-')}`, operation, kind: 'positive', values };
    const record = await runCase(this.settings, this.client, testCase, this.transport);
    const index = this.records.push({ ...record, sequence }) - 1;
    const text = record.result?.kind === 'result' ? record.result.text ?? '' : '';
    const why = record.error ? `no answer: ${record.error.code}` : record.result?.kind === 'fault' ? `fault ${record.result.code}: ${clip(record.result.reason, 200)}`
      : !record.response || record.response.status >= 300 || record.result?.kind !== 'result' ? `HTTP ${record.response?.status ?? '-'}`
        : isInBandFailure(text, this.settings.learned?.failure) ? `${IN_BAND}: ${clip(text, 200)}` : '';
    const refused = why.startsWith(IN_BAND) || (record.result?.kind === 'fault' && isBusinessFault(record.result, this.settings.learned?.businessFault));
    return { index, ok: why === '', refused, why, records: why === '' && text ? recordsOf(operation, text) : [], text: text || why };
  }

  /** Adds state-consistency's verdict on an observation to the record of a step already sent. */
  private judge(sent: Sent, o: Omit<SequenceObservation, 'evidence'> & { evidence?: string }): void {
    const r = this.records[sent.index]!;
    const evidence = o.evidence ?? clip(sent.text, 300);
    const checks = runChecks(this.chosen, (c) => c.run({ ...o, evidence }));
    this.records[sent.index] = { ...r, checks: [...r.checks, ...checks] };
  }

  /** Adds answers-agree's verdict on two answers about one id to the record of a step already sent. */
  private judgeAnswers(sent: Sent, o: IdAnswers): void {
    const r = this.records[sent.index]!;
    this.records[sent.index] = { ...r, checks: [...r.checks, ...runChecks(this.answersChecks, (c) => c.run(o))] };
  }

  /** A step not sent, with why. Returns undefined (so a caller can `??` a reason of its own). */
  private skip(action: string, operation: string, reason: string, values?: Record<string, string>): undefined {
    const sequence = this.step(action);
    const request = getTransportById(this.transport).encode({ namespace: this.settings.namespace }, getOperation(operation), {});
    this.records.push({
      operation, transport: this.transport, caseId: `${this.id}-${sequence.step}-${action.replace(/ /g, '-')}`, kind: 'positive', ...(values ? { values } : {}),
      request: recordRequest(this.settings.baseUrl, request, accessForReports(this.settings).shown), checks: [], skipped: `not applicable: ${reason}`, sequence,
    });
    return undefined;
  }
}

/**
 * A read filtered by a parent id the entity was made with (the service order of a time log) whose
 * answer lists other records of that parent carrying the entity's kind of id, but not the entity:
 * the target itself shows that this read lists the parent's records, and leaves this one out. The
 * ids of at most five of those others; undefined when no answer shows one.
 */
function siblingsShown(tried: ReadonlyArray<{ probe: ReadProbe; sent: Sent }>, e: Entity): { t: { probe: ReadProbe; sent: Sent }; others: string[] } | undefined {
  const idNames = Object.keys(e.ids);
  for (const t of tried) {
    const filter = t.probe.filter;
    // A retry (other filters beside it) lists only what those filters also select: it proves nothing here.
    if (!t.sent.ok || t.probe.with !== undefined || e.ids[filter] !== undefined || !isIdParam(filter) || e.fields[filter] === undefined) continue;
    const others = t.sent.records.filter((r) => r.fields[filter] === e.fields[filter] && idNames.every((k) => r.fields[k] !== undefined && r.fields[k] !== e.ids[k]));
    if (others.length > 0) return { t, others: [...new Set(others.map((r) => r.fields[idNames[0]!]!))].slice(0, 5) };
  }
  return undefined;
}

const inconclusive = (e: Entity, how: string, tried: string): Omit<SequenceObservation, 'evidence'> & { evidence: string } => ({
  expected: `no read was seen to show ${named(e.ids)}, ${how}, so nothing is expected of one`, outcome: 'inconclusive', evidence: `tried: ${tried}`,
});
