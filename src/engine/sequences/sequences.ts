/**
 * Sequences of one entity (issue 37; learned, not scripted, since issue 49): make it (or take a
 * learned one where no operation makes it), find which read shows it, change it, see the change
 * there, delete it, see it gone there. Each over one transport, all its steps on that transport, the
 * entity its own (values tagged with the sequence's id and the seed; a distinct learned record, or
 * a create's distinct learned parent, per transport), so that sequences on four transports side by side never see each other. A sequence
 * names only what it changes, by the contract's create, update and delete operations: which read
 * shows the entity is observed on the target (sequence-reads.ts), and judged by state-consistency
 * only where the target showed it (sequence-run.ts).
 */
import type { RunSettings } from '../../config/settings.js';
import { getOperation, isMutating } from '../../contract/index.js';
import type { HttpClient } from '../../http/send.js';
import type { ExchangeRecord } from '../../results/record.js';
import { TRANSPORT_IDS, type TransportId } from '../../transports/index.js';
import { hasData, type LearnedState } from '../learn/learned-state.js';
import { poolOf } from '../learn/learned-cases.js';
import type { Phase } from '../learn/phases.js';
import { slotOf } from '../exchange/run-unit.js';
import type { Entity } from './sequence-reads.js';
import { SequenceRun, type Known, type SequenceDef } from './sequence-run.js';
import { repetitionId } from '../../results/repetition.js';

export interface SequenceUnit {
  readonly sequence: string;
  readonly transport: TransportId;
  readonly repetition: number;
  /** Exchanges the sequence makes, about, for the plan's work count (the reads it tries vary). */
  readonly exchanges: number;
}

/** The task's new status: another status the run has seen (a service may take only its own),
 * rotated by slot; none when the run saw no other. */
function otherStatus(k: Known, e: Entity): Readonly<Record<string, string>> | string {
  const others = k.pool.valuesFor('status').filter((s) => s !== e.fields['status']);
  return others.length > 0 ? { status: others[k.slot % others.length]! } : `no learned status other than the task's own (${e.fields['status'] ?? 'none'})`;
}

export const SEQUENCES: Readonly<Record<string, SequenceDef>> = {
  'contact-email': {
    // Primary: a vendor may list a contact's primary address only (the flat emailid and email of
    // the contact search), and an address it never lists is one no read can be seen to show.
    create: { operation: 'MobileContactEmailCreate', writes: (k) => ({ email: `${k.tag}@example.com`, primary: 'true' }) },
    update: { operation: 'MobileContactEmailUpdate', writes: (k) => ({ email: `${k.tag}-updated@example.com`, primary: 'true' }) },
    delete: 'MobileContactEmailDelete',
    deleteAgain: true,
    unknownId: true,
  },
  'time-log': { create: { operation: 'MobileTimeLogCreate', writes: (k) => ({ logcomment: k.tag }) } },
  // The new name is non-ASCII with white space at both ends: a transport that decodes or trims
  // text its own way does not store it as sent.
  account: { take: { operation: 'MobileAccountUpdate' }, update: { operation: 'MobileAccountUpdate', writes: (k) => ({ accountname: ` ${k.tag} Müller ` }) } },
  dispatch: { take: { operation: 'MobileDispatchUpdate' }, update: { operation: 'MobileDispatchUpdate', writes: otherStatus } },
  'rep-assignment': { take: { operation: 'MobileServiceOrderRepAssignedDelete', sibling: true }, delete: 'MobileServiceOrderRepAssignedDelete' },
};

/** The mutating operations of a sequence, each once (contact-email deletes twice): it is guarded as
 * they are, a skipped record each. */
export const mutatingOperationsOf = (sequence: string): string[] => {
  const def = SEQUENCES[sequence]!;
  return [...new Set([def.create?.operation, def.take?.operation, def.update?.operation, def.delete].filter((o): o is string => o !== undefined && isMutating(getOperation(o))))];
};

/** About how many exchanges a sequence makes: its mutating steps and two reads for each observation. */
function exchangesOf(def: SequenceDef): number {
  const observations = 1 + (def.update ? 1 : 0) + (def.delete ? 1 : 0);
  return (def.create ? 1 : 0) + (def.update ? 1 : 0) + (def.delete ? 1 : 0) + (def.deleteAgain ? 1 : 0) + (def.unknownId ? 2 : 0) + 2 * observations;
}

type SequenceSettings = Pick<RunSettings, 'operations' | 'transports'> & { readonly learned?: LearnedState; readonly phase?: Phase };

/** The sequences a run makes in one repetition: against a target with data, outside the reads
 * phase, each whose mutating operations are all selected (the reads it tries need no selecting),
 * over each selected transport. */
export function sequencePlan(settings: SequenceSettings, repetition: number): SequenceUnit[] {
  if (!hasData(settings.learned) || (settings.phase !== undefined && settings.phase !== 'sequences')) return [];
  return Object.entries(SEQUENCES)
    .filter(([sequence]) => mutatingOperationsOf(sequence).every((o) => settings.operations.includes(o)))
    .flatMap(([sequence, def]) => settings.transports.map((transport) => ({ sequence, transport, repetition, exchanges: exchangesOf(def) })));
}

/** Runs one sequence over its transport: a record per step, each marked with the sequence. */
export function runSequence(settings: RunSettings & { baseUrl: string; learned?: LearnedState }, client: HttpClient, unit: SequenceUnit): Promise<ExchangeRecord[]> {
  const id = repetitionId(`${unit.sequence}-sequence-${unit.transport}`, unit.repetition);
  const known: Known = { pool: poolOf(settings.learned)!, tag: `tsiws-${id}-${settings.seed}`, slot: slotOf(unit.repetition, TRANSPORT_IDS.indexOf(unit.transport)) };
  return new SequenceRun(settings, client, unit.transport, id, unit.sequence, known).play(SEQUENCES[unit.sequence]!);
}
