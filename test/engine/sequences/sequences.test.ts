/** Which sequences a run makes (src/engine/sequences/sequences.ts, sequencePlan): none against a target that
 * answered no record or outside the sequences phase, one per sequence and transport otherwise, and
 * none for a sequence whose create, update or delete is not selected. Pure: no server. */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { DEFAULTS } from '../../../src/config/settings.js';
import { operations } from '../../../src/contract/index.js';
import type { LearnedState } from '../../../src/engine/learn/learned-state.js';
import { mutatingOperationsOf, SEQUENCES, sequencePlan } from '../../../src/engine/sequences/sequences.js';

const learned = (records: LearnedState['pool']['records']): LearnedState => ({ pool: { records }, discovery: { sent: 1, records: records.length, probes: 0, transport: 'soap11' } });
const WITH_DATA = learned([{ from: 'MobileAccountSearch', fields: { accountnumber: '1001' } }]);
const all = { operations: DEFAULTS.operations, transports: DEFAULTS.transports };
const names = (units: ReturnType<typeof sequencePlan>) => units.map((u) => `${u.sequence} ${u.transport} ${u.repetition} ${u.exchanges}`);

describe('sequencePlan', () => {
  test.each([
    ['nothing learned (the echo server)', { ...all }],
    ['a discovery that found no record', { ...all, learned: learned([]) }],
    ['the reads phase', { ...all, learned: WITH_DATA, phase: 'reads' as const }],
    ['the mutations phase', { ...all, learned: WITH_DATA, phase: 'mutations' as const }],
  ])('plans no unit with %s', (_, settings) => {
    expect(sequencePlan(settings, 0)).toEqual([]);
  });

  test('plans one unit per sequence and transport, in the sequences phase and in a run without phases', () => {
    const expected = Object.entries({ 'contact-email': 12, 'time-log': 3, account: 5, dispatch: 5, 'rep-assignment': 5 }).flatMap(([name, steps]) => ['soap11', 'soap12', 'get', 'post'].map((t) => `${name} ${t} 0 ${steps}`));
    expect(names(sequencePlan({ ...all, learned: WITH_DATA, phase: 'sequences' }, 0))).toEqual(expected);
    expect(names(sequencePlan({ ...all, learned: WITH_DATA }, 0))).toEqual(expected);
    expect(Object.keys(SEQUENCES)).toEqual(['contact-email', 'time-log', 'account', 'dispatch', 'rep-assignment']);
  });

  test('keeps the repetition and only the selected transports, in their given order', () => {
    expect(names(sequencePlan({ ...all, transports: ['post', 'soap12'], learned: WITH_DATA, phase: 'sequences' }, 2)).filter((n) => n.startsWith('dispatch '))).toEqual(['dispatch post 2 5', 'dispatch soap12 2 5']);
  });

  test('drops a sequence whose mutating operations are not all selected; its searches and lists need no selecting', () => {
    const without = (...ops: string[]) => [...new Set(sequencePlan({ operations: all.operations.filter((o) => !ops.includes(o)), transports: ['soap11'], learned: WITH_DATA }, 0).map((u) => u.sequence))];
    expect(without('MobileContactEmailDelete')).toEqual(['time-log', 'account', 'dispatch', 'rep-assignment']);
    expect(without('MobileContactEmailUpdate', 'MobileAccountUpdate')).toEqual(['time-log', 'dispatch', 'rep-assignment']);
    expect(without('MobileServiceOrderRepAssignedDelete', 'MobileTimeLogCreate')).toEqual(['contact-email', 'account', 'dispatch']);
    // Only the update selected: the list that sees it is run all the same.
    expect(sequencePlan({ operations: ['MobileDispatchUpdate'], transports: ['get'], learned: WITH_DATA }, 0)).toEqual([{ sequence: 'dispatch', transport: 'get', repetition: 0, exchanges: 5 }]);
    expect(sequencePlan({ operations: ['MobileContactSearch', 'MobileTasksList', 'MobileTimeLogList', 'MobileAccountSearch'], transports: ['get'], learned: WITH_DATA }, 0)).toEqual([]);
  });
});

test('mutatingOperationsOf names the creates, updates and deletes of a sequence, each once', () => {
  // Once each: a sequence not sent to a guarded target gets one skipped record per operation, and
  // contact-email's two deletes made two identical ones.
  expect(mutatingOperationsOf('contact-email')).toEqual(['MobileContactEmailCreate', 'MobileContactEmailUpdate', 'MobileContactEmailDelete']);
  expect(mutatingOperationsOf('account')).toEqual(['MobileAccountUpdate']);
  expect(mutatingOperationsOf('rep-assignment')).toEqual(['MobileServiceOrderRepAssignedDelete']);
});

test('no table in the sequences says which read shows which entity: no search or list is named there', () => {
  // Which read shows a record is observed on the target (src/engine/sequences/sequence-reads.ts), issue 49.
  const dir = new URL('../../../src/engine/sequences/', import.meta.url);
  const files = readdirSync(dir).filter((f) => /^sequences?(-[\w-]+)?\.ts$/.test(f));
  expect(files).toEqual(['sequence-parity.ts', 'sequence-reads.ts', 'sequence-run.ts', 'sequence-take.ts', 'sequence-unknown-id.ts', 'sequences.ts']);
  const reads = operations.filter((o) => o.class === 'search' || o.class === 'list').map((o) => o.name);
  const named = files.flatMap((f) => reads.filter((r) => readFileSync(new URL(f, dir), 'utf8').includes(r)).map((r) => `${f}: ${r}`));
  expect(named).toEqual([]);
  // The scan finds a read named in a file that does name one (learn.ts's comment on time logs).
  expect(reads.filter((r) => readFileSync(new URL('../../../src/state/learn.ts', import.meta.url), 'utf8').includes(r))).toEqual(['MobileTimeLogList']);
});
