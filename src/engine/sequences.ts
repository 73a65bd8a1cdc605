/**
 * Sequences of one entity (issue 37): create it, find it with the search or list that should show
 * it, update it, see the change, delete it, see it gone. Each over one transport, all its steps on
 * that transport, the entity its own (a new e-mail address per sequence), so that sequences on four
 * transports side by side never see each other. Every step is a valid request judged by every check;
 * what a step observes is judged by state-consistency (a warning: the spec states no semantics).
 */
import type { PositiveCase } from '../cases/case.js';
import { runChecks, selected } from '../checks/runner.js';
import { sequenceChecks } from '../checks/registry.js';
import type { SequenceObservation } from '../checks/state-consistency.js';
import type { RunSettings } from '../config/settings.js';
import { getOperation } from '../contract/index.js';
import type { HttpClient } from '../http/send.js';
import { clip } from '../results/clip.js';
import type { ExchangeRecord, SequenceStep } from '../results/record.js';
import { recordsOf, type LearnedRecord, type ValuePool } from '../state/learn.js';
import { TRANSPORT_IDS, type TransportId } from '../transports/index.js';
import { isInBandFailure, type FailureSignature } from '../state/in-band.js';
import { slotOf } from './run-unit.js';
import { hasData, type LearnedState } from './discover.js';
import { learnedCase, poolOf } from './learned-cases.js';
import type { Phase } from './phases.js';
import { runCase } from './run-case.js';

export interface SequenceUnit {
  readonly sequence: string;
  readonly transport: TransportId;
  readonly repetition: number;
  /** Exchanges the sequence makes, for the plan's work count. */
  readonly exchanges: number;
}

/** One step: the operation, its values from what the sequence knows, and what it expects. */
interface Step {
  readonly name: string;
  readonly operation: string;
  readonly values: (known: Known) => Record<string, string>;
  /** Learns from the answer (the id a create made); returns what it observed, if it observes. */
  readonly observe?: (known: Known, answer: readonly LearnedRecord[], how: Answer) => Omit<SequenceObservation, 'evidence'> | undefined;
  readonly learn?: (known: Known, answer: readonly LearnedRecord[]) => void;
}

/** A step's answer as a whole: its result text (null when there is none) and the target's
 * failure signature. */
interface Answer {
  readonly text: string | null;
  readonly failure: FailureSignature | undefined;
}

/** What a sequence knows as it goes: the learned pool and the values its steps made. */
interface Known {
  readonly pool: ValuePool;
  readonly tag: string;
  /** Which of the learned records this sequence takes, counted from the last (instances.ts takes
   * its distinct records from the first): one a transport and repetition. */
  readonly slot: number;
  readonly ids: Record<string, string>;
  /** The learned record the sequence works on (an account, a task, an assignment). */
  record?: Readonly<Record<string, string>>;
}

/** The slot-th learned record, from the last, with `params` (distinct in their values). */
function fromTheEnd(k: Known, operation: string, params: readonly string[], accept: (r: Readonly<Record<string, string>>, all: ReadonlyArray<Readonly<Record<string, string>>>) => boolean = () => true): Readonly<Record<string, string>> | undefined {
  const all = k.pool.distinct(getOperation(operation), params, 100_000);
  const fit = all.filter((r) => accept(r, all));
  return fit[fit.length - 1 - k.slot];
}

/** The answer did not succeed: the target's in-band failure, or no result at all. */
const failed = (answer: Answer): boolean => answer.text === null || isInBandFailure(answer.text, answer.failure);

const withId = (answer: readonly LearnedRecord[], param: string, id: string | undefined) => answer.find((r) => id !== undefined && r.fields[param] === id);

/** A contact search for one e-mail address: every other filter empty. */
const searchByEmail = (email: string) => ({ firstname: '', lastname: '', telephone: '', email });

const CONTACT_EMAIL: readonly Step[] = [
  {
    name: 'create', operation: 'MobileContactEmailCreate',
    values: (k) => ({ ...learnedCase(getOperation('MobileContactEmailCreate'), k.pool).values, email: `${k.tag}@example.com`, primary: 'false' }),
    learn: (k, answer) => {
      const id = answer.find((r) => r.fields['emailid'] !== undefined)?.fields['emailid'];
      if (id !== undefined) k.ids['emailid'] = id;
    },
    observe: (k) => ({ expected: 'MobileContactEmailCreate answers with the new emailid', held: k.ids['emailid'] !== undefined }),
  },
  {
    name: 'find', operation: 'MobileContactSearch', values: (k) => searchByEmail(`${k.tag}@example.com`),
    observe: (k, answer) => ({ expected: `MobileContactSearch by its address finds emailid ${k.ids['emailid']}, just created`, held: withId(answer, 'emailid', k.ids['emailid']) !== undefined }),
  },
  {
    name: 'update', operation: 'MobileContactEmailUpdate',
    values: (k) => ({ ...learnedCase(getOperation('MobileContactEmailUpdate'), k.pool).values, emailid: k.ids['emailid'] ?? '0', email: `${k.tag}-updated@example.com`, primary: 'false' }),
  },
  {
    name: 'see update', operation: 'MobileContactSearch', values: (k) => searchByEmail(`${k.tag}-updated@example.com`),
    observe: (k, answer) => ({ expected: `MobileContactSearch by the new address finds emailid ${k.ids['emailid']} with it, just updated`, held: withId(answer, 'emailid', k.ids['emailid'])?.fields['email'] === `${k.tag}-updated@example.com` }),
  },
  { name: 'delete', operation: 'MobileContactEmailDelete', values: (k) => ({ emailid: k.ids['emailid'] ?? '0' }) },
  {
    name: 'gone', operation: 'MobileContactSearch', values: (k) => searchByEmail(`${k.tag}-updated@example.com`),
    observe: (k, answer) => ({ expected: `MobileContactSearch no longer finds emailid ${k.ids['emailid']}, just deleted`, held: withId(answer, 'emailid', k.ids['emailid']) === undefined }),
  },
  {
    name: 'delete again', operation: 'MobileContactEmailDelete', values: (k) => ({ emailid: k.ids['emailid'] ?? '0' }),
    observe: (k, _answer, how) => ({ expected: `MobileContactEmailDelete of emailid ${k.ids['emailid']}, already deleted, fails`, held: failed(how) }),
  },
];

/** The account's new name: non-ASCII and white space at both ends, which a transport that decodes
 * or trims text its own way would not store as sent. */
const accountName = (k: Known) => ` ${k.tag} Müller `;

const ACCOUNT: readonly Step[] = [
  {
    name: 'update', operation: 'MobileAccountUpdate',
    values: (k) => {
      k.record = fromTheEnd(k, 'MobileAccountUpdate', ['accountnumber']);
      if (k.record?.['accountnumber']) k.ids['accountnumber'] = k.record['accountnumber'];
      return { ...learnedCase(getOperation('MobileAccountUpdate'), k.pool).values, ...k.record, accountname: accountName(k) };
    },
  },
  {
    name: 'see update', operation: 'MobileAccountSearch', values: (k) => ({ accountname: k.tag, contactname: '', telephone: '', email: '' }),
    observe: (k, answer) => ({ expected: `MobileAccountSearch finds accountnumber ${k.ids['accountnumber']} named "${accountName(k)}", just updated`, held: withId(answer, 'accountnumber', k.ids['accountnumber'])?.fields['accountname'] === accountName(k) }),
  },
];

const DISPATCH: readonly Step[] = [
  {
    name: 'update', operation: 'MobileDispatchUpdate',
    values: (k) => {
      k.record = fromTheEnd(k, 'MobileDispatchUpdate', ['taskkeyid']);
      if (k.record?.['taskkeyid']) k.ids['taskkeyid'] = k.record['taskkeyid'];
      return { taskkeyid: k.ids['taskkeyid'] ?? '0', status: String(40 + k.slot) };
    },
  },
  {
    name: 'see update', operation: 'MobileTasksList',
    values: (k) => ({ taskkeyid: k.ids['taskkeyid'] ?? '', sonumber: '', opportunitynumber: '', accountnumber: '', contactnumber: '', startdate: '', enddate: '', priority: '', completed: '', sortcolumn: '', sortdirection: '' }),
    observe: (k, answer) => ({ expected: `MobileTasksList shows taskkeyid ${k.ids['taskkeyid']} with status ${40 + k.slot}, just dispatched`, held: withId(answer, 'taskkeyid', k.ids['taskkeyid'])?.fields['status'] === String(40 + k.slot) }),
  },
];

/** Assignments of a service order with another one beside them: the other must outlive the delete. */
const hasSibling = (r: Readonly<Record<string, string>>, all: ReadonlyArray<Readonly<Record<string, string>>>) => all.some((o) => o['sonumber'] === r['sonumber'] && o['reptodelete'] !== r['reptodelete']);
const tasksOf = (sonumber: string) => ({ taskkeyid: '', sonumber, opportunitynumber: '', accountnumber: '', contactnumber: '', startdate: '', enddate: '', priority: '', completed: '', sortcolumn: '', sortdirection: '' });
const assigned = (answer: readonly LearnedRecord[], rep: string | undefined, so: string | undefined) => answer.some((r) => r.fields['reptodelete'] === rep && r.fields['sonumber'] === so);

const REP_ASSIGNMENT: readonly Step[] = [
  {
    name: 'find', operation: 'MobileTasksList',
    values: (k) => {
      k.record = fromTheEnd(k, 'MobileServiceOrderRepAssignedDelete', ['reptodelete', 'sonumber'], hasSibling);
      const so = k.record?.['sonumber'];
      const sibling = k.pool.distinct(getOperation('MobileServiceOrderRepAssignedDelete'), ['reptodelete', 'sonumber'], 100_000).find((o) => o['sonumber'] === so && o['reptodelete'] !== k.record?.['reptodelete']);
      Object.assign(k.ids, { reptodelete: k.record?.['reptodelete'] ?? '', sonumber: so ?? '', other: sibling?.['reptodelete'] ?? '' });
      return tasksOf(so ?? '');
    },
    observe: (k, answer) => ({ expected: `MobileTasksList shows rep ${k.ids['reptodelete']} assigned to service order ${k.ids['sonumber']}`, held: assigned(answer, k.ids['reptodelete'], k.ids['sonumber']) }),
  },
  { name: 'delete', operation: 'MobileServiceOrderRepAssignedDelete', values: (k) => ({ reptodelete: k.ids['reptodelete'] ?? '0', sonumber: k.ids['sonumber'] || '0' }) },
  {
    name: 'gone', operation: 'MobileTasksList', values: (k) => tasksOf(k.ids['sonumber'] ?? ''),
    observe: (k, answer) => ({
      expected: `MobileTasksList no longer shows rep ${k.ids['reptodelete']} on service order ${k.ids['sonumber']}, and still shows rep ${k.ids['other']}`,
      held: !assigned(answer, k.ids['reptodelete'], k.ids['sonumber']) && assigned(answer, k.ids['other'], k.ids['sonumber']),
    }),
  },
];

const TIME_LOG: readonly Step[] = [
  {
    name: 'create', operation: 'MobileTimeLogCreate',
    values: (k) => ({ ...learnedCase(getOperation('MobileTimeLogCreate'), k.pool).values, logcomment: k.tag }),
    learn: (k, answer) => {
      const id = answer.find((r) => r.fields['sologkeyid'] !== undefined)?.fields['sologkeyid'];
      if (id !== undefined) k.ids['sologkeyid'] = id;
    },
    observe: (k) => ({ expected: 'MobileTimeLogCreate answers with the new sologkeyid', held: k.ids['sologkeyid'] !== undefined }),
  },
  {
    name: 'find', operation: 'MobileTimeLogList',
    values: (k) => ({ sologkeyid: k.ids['sologkeyid'] ?? '0', sonumber: '', startdate: '', enddate: '', logreason: '', accountname: '', sortcolumn: '', sortdirection: '' }),
    observe: (k, answer) => ({ expected: `MobileTimeLogList finds sologkeyid ${k.ids['sologkeyid']}, just created`, held: withId(answer, 'sologkeyid', k.ids['sologkeyid']) !== undefined }),
  },
];

export const SEQUENCES: Readonly<Record<string, readonly Step[]>> = { 'contact-email': CONTACT_EMAIL, 'time-log': TIME_LOG, account: ACCOUNT, dispatch: DISPATCH, 'rep-assignment': REP_ASSIGNMENT };

type SequenceSettings = Pick<RunSettings, 'operations' | 'transports'> & { readonly learned?: LearnedState; readonly phase?: Phase };

/** The sequences a run makes in one repetition: against a target with data, outside the reads
 * phase, each whose mutating operations are all selected, over each selected transport. */
export function sequencePlan(settings: SequenceSettings, repetition: number): SequenceUnit[] {
  if (!hasData(settings.learned) || (settings.phase !== undefined && settings.phase !== 'sequences')) return [];
  return Object.entries(SEQUENCES)
    .filter(([, steps]) => steps.every((s) => getOperation(s.operation).class === 'search' || getOperation(s.operation).class === 'list' || settings.operations.includes(s.operation)))
    .flatMap(([sequence, steps]) => settings.transports.map((transport) => ({ sequence, transport, repetition, exchanges: steps.length })));
}

/** The mutating operations of a sequence, each once (contact-email deletes twice): it is guarded as
 * they are, a skipped record each. */
export const mutatingOperationsOf = (sequence: string): string[] => [...new Set(SEQUENCES[sequence]!.map((s) => s.operation).filter((o) => !['search', 'list'].includes(getOperation(o).class)))];

/** Runs one sequence over its transport: a record per step, each marked with the sequence. */
export async function runSequence(settings: RunSettings & { baseUrl: string; learned?: LearnedState }, client: HttpClient, unit: SequenceUnit): Promise<ExchangeRecord[]> {
  const pool = poolOf(settings.learned)!;
  const steps = SEQUENCES[unit.sequence]!;
  const id = `${unit.sequence}-sequence-${unit.transport}${unit.repetition === 0 ? '' : `-r${unit.repetition + 1}`}`;
  const known: Known = { pool, tag: `tsiws-${id}-${settings.seed}`, slot: slotOf(unit.repetition, TRANSPORT_IDS.indexOf(unit.transport)), ids: {} };
  const failure = settings.learned?.failure;
  const chosen = selected(sequenceChecks, settings);
  const records: ExchangeRecord[] = [];
  for (const [index, step] of steps.entries()) {
    const testCase: PositiveCase = { id: `${id}-${index + 1}-${step.name.replace(/ /g, '-')}`, operation: step.operation, kind: 'positive', values: step.values(known) };
    const record = await runCase(settings, client, testCase, unit.transport);
    const text = record.result?.kind === 'result' ? record.result.text ?? '' : '';
    const answer = text ? recordsOf(step.operation, text) : [];
    step.learn?.(known, answer);
    const observed = step.observe?.(known, answer, { text: record.result?.kind === 'result' && record.response && record.response.status < 300 ? text : null, failure });
    const sequence: SequenceStep = { id, name: unit.sequence, step: index + 1, of: steps.length, action: step.name, ids: { ...known.ids } };
    const checks = observed ? runChecks(chosen, (c) => c.run({ ...observed, evidence: record.error ? `${record.error.code}: ${record.error.message}` : clip(text || describe(record), 300) })) : [];
    records.push({ ...record, sequence, checks: [...record.checks, ...checks] });
  }
  return records;
}

const describe = (r: ExchangeRecord): string => (r.result?.kind === 'fault' ? `fault ${r.result.code}: ${r.result.reason}` : `HTTP ${r.response?.status ?? '-'}`);
