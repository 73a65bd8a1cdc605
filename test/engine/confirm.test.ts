/**
 * Probes of the rep-assignment delete on a learned record of their own (src/engine/confirm.ts): a
 * refusal confirmed by the valid delete on the same record is conclusive, and that success is the
 * operation's anchor in the reports; a refused confirmation, or no record left, leaves the probe
 * inconclusive saying why. Against the stateful service in this process, learned as a run would.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEFAULTS } from '../../src/config/settings.js';
import { getOperation } from '../../src/contract/index.js';
import { negativeCases } from '../../src/cases/negative.js';
import { discover, type LearnedState } from '../../src/engine/discover.js';
import { anchorUse, withSeenAnchor } from '../../src/engine/anchors.js';
import { probeSlot } from '../../src/engine/confirm.js';
import { runCaseUnit, slotOf } from '../../src/engine/run-unit.js';
import { createHttpClient, type HttpClient } from '../../src/http/send.js';
import type { ExchangeRecord } from '../../src/results/record.js';
import { startReferenceServer, type ReferenceServer } from '../../src/server/server.js';

const DELETE = getOperation('MobileServiceOrderRepAssignedDelete');
let server: ReferenceServer;
let client: HttpClient;
let settings: typeof DEFAULTS & { baseUrl: string; embedded: boolean; learned: LearnedState };
beforeAll(async () => {
  server = await startReferenceServer({ stateful: true });
  const base = { ...DEFAULTS, baseUrl: server.url, embedded: false, allowMutations: true, transports: ['soap11' as const, 'post' as const] };
  client = createHttpClient({ baseUrl: server.url, timeoutMs: 10_000, maxResponseBytes: DEFAULTS.maxResponseBytes, connections: 4, retries: 0, rate: undefined, access: base });
  settings = { ...base, learned: await discover(base, client) };
});
afterAll(async () => {
  await client?.close();
  await server?.close();
});

const probe = (learned: LearnedState, scenario: string) => negativeCases(DELETE, { auth: false, anchor: anchorUse(learned, DELETE.name) }).find((c) => c.id === `${DELETE.name}-${scenario}`)!;
const notes = (records: readonly ExchangeRecord[]) => records.flatMap((r) => r.checks.filter((c) => c.status === 'failed').map((c) => `${r.transport} ${c.id}: ${c.message}`));

test('a refused probe on a record of its own, confirmed by the valid delete on it, is conclusive; the confirmation is its anchor', async () => {
  const c = probe(settings.learned, 'int-out-of-range-sonumber');
  expect(c.anchorMissing).toMatch(/^no anchor for MobileServiceOrderRepAssignedDelete/);
  const records = (await runCaseUnit(settings, client, c, ['soap11', 'post'])).filter((r) => r.transport !== 'parity');
  expect(notes(records)).toEqual([]);
  expect(records.map((r) => r.confirmation?.succeeded)).toEqual([true, true]);
  // Each transport its own record, the probe's value spoiled on it, the valid delete on the same.
  const [soap, post] = records.map((r) => r.confirmation!.values);
  expect(soap).not.toEqual(post);
  expect(records[0]!.values).toMatchObject({ reptodelete: soap!['reptodelete'], sonumber: '2147483648' });
  expect(records[0]!.confirmation!.line).toBe(`the valid MobileServiceOrderRepAssignedDelete on the probe's own record (reptodelete ${soap!['reptodelete']}, sonumber ${soap!['sonumber']}) then succeeded`);
  expect(withSeenAnchor({}, records[0]!)).toEqual({ [DELETE.name]: { values: soap, transport: 'soap11', source: 'run' } });
  // Once deleted, the record is gone: the same probe again is refused, and so is its confirmation.
  const again = (await runCaseUnit(settings, client, c, ['soap11'])).find((r) => r.transport === 'soap11')!;
  expect(again.confirmation).toMatchObject({ succeeded: false });
  expect(notes([again])).toEqual([expect.stringMatching(/^soap11 rejects-invalid-input: inconclusive: .* but no anchor for MobileServiceOrderRepAssignedDelete: .*; the valid MobileServiceOrderRepAssignedDelete on the probe's own record \(reptodelete \d+, sonumber \d+\) then was refused \(answer: .*not assigned/)]);
});

test('with no learned record left for the probe, it is sent as before and stays inconclusive, saying so', async () => {
  const few = { ...settings, learned: { ...settings.learned, pool: { records: settings.learned.pool.records.filter((r) => r.fields['reptodelete'] === undefined) } } };
  const [record] = await runCaseUnit(few, client, probe(few.learned, 'int-out-of-range-sonumber'), ['soap11']);
  expect(record!.confirmation).toBeUndefined();
  expect(notes([record!])).toEqual([expect.stringMatching(/inconclusive: .*; nor was a record of its own left to take: no distinct learned reptodelete and sonumber for each transport/)]);
});

test('probe slots: past the valid cases\' and the first repetition\'s fuzz samples, one per probe, transport and repetition', () => {
  const cases = negativeCases(DELETE, { auth: true });
  const run = { repeat: 2, runs: 3 };
  const slots = [0, 1].flatMap((rep) => cases.flatMap((c) => [0, 1, 2, 3].map((t) => probeSlot(run, { ...c, id: rep === 0 ? c.id : `${c.id}-r2` }, rep, t))));
  expect(new Set(slots).size).toBe(slots.length);
  expect(Math.min(...slots)).toBe(slotOf(run.repeat, 0) + run.runs * 4);
});

test('a success the run saw is an anchor only where none is kept: a valid case or a confirmation, never a parity record or a failure', () => {
  const r = { operation: 'MobileContactEmailDelete', transport: 'get', caseId: 'x', kind: 'positive', values: { emailid: '7' }, checks: [], dataPath: 'success' } as unknown as ExchangeRecord;
  expect(withSeenAnchor({}, r)).toEqual({ MobileContactEmailDelete: { values: { emailid: '7' }, transport: 'get', source: 'run' } });
  const kept = { MobileContactEmailDelete: { values: { emailid: '1' }, transport: 'soap11' as const, source: 'run' as const } };
  expect(withSeenAnchor(kept, r)).toBe(kept);
  expect(withSeenAnchor({}, { ...r, dataPath: 'failure' } as ExchangeRecord)).toEqual({});
  expect(withSeenAnchor({}, { ...r, kind: 'negative' } as ExchangeRecord)).toEqual({});
});
