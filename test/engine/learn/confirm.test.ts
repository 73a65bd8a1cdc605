/**
 * Probes of the rep-assignment delete on a learned record of their own (src/engine/learn/confirm.ts): a
 * refusal confirmed by the valid delete on the same record is conclusive, and that success is the
 * operation's anchor in the reports; a refused confirmation, or no record left, leaves the probe
 * inconclusive saying why. Against the stateful service in this process, learned as a run would.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEFAULTS } from '../../../src/config/settings.js';
import { getOperation } from '../../../src/contract/index.js';
import { negativeCases } from '../../../src/cases/negative.js';
import { discover } from '../../../src/engine/learn/discover.js';
import type { LearnedState } from '../../../src/engine/learn/learned-state.js';
import { anchorUse, withSeenAnchor } from '../../../src/engine/learn/anchors.js';
import { probeSlot, refusalBy } from '../../../src/engine/learn/confirm.js';
import type { Exchange } from '../../../src/checks/types.js';
import { PROFILES } from '../../../src/profiles/expectations.js';
import { getTransportById } from '../../../src/transports/index.js';
import { runCaseUnit, slotOf } from '../../../src/engine/exchange/run-unit.js';
import { createHttpClient, type HttpClient } from '../../../src/http/send.js';
import type { ExchangeRecord } from '../../../src/results/record.js';
import { startReferenceServer, type ReferenceServer } from '../../../src/server/server.js';

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

test("ASMX's own refusal of the probe's change is conclusive as it is: no confirmation spends the record", async () => {
  const cases = [[probe(settings.learned, 'missing-parameter-reptodelete'), 'post'], [probe(settings.learned, 'int-out-of-range-sonumber'), 'soap11']] as const;
  for (const [c, transport] of cases) {
    const [record] = await runCaseUnit(settings, client, c, [transport]);
    expect(record!.result).toMatchObject({ kind: 'fault' });
    expect(record!.confirmation).toBeUndefined();
    expect(notes([record!])).toEqual([]);
  }
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

test("who refused a probe: the service's in-band failure or learned business fault is confirmed; ASMX's own refusal is conclusive; a success is neither", () => {
  const NS = DEFAULTS.namespace;
  const answer = (status: number, type: string, body: string) => ({ status, headers: { 'content-type': type }, body: Buffer.from(body), elapsedMs: 1 });
  const xml = (text: string) => answer(200, 'text/xml; charset=utf-8', `<?xml version="1.0" encoding="utf-8"?><string xmlns="${NS}">${text}</string>`);
  const failure = { pattern: '"ok"\\s*:\\s*false', flags: '', source: 'learned' as const, evidence: 'e' };
  const businessFault = { pattern: '^thrown: ', flags: '', source: 'learned' as const, evidence: 'e' };
  const ex = (response: ReturnType<typeof answer>) => ({ operation: DELETE, transport: getTransportById('post'), namespace: NS, request: { method: 'POST', path: '/', headers: {}, body: '' }, response, kind: 'negative', profile: PROFILES.asmx, failure, businessFault }) as unknown as Exchange;
  expect(refusalBy(ex(xml('{"ok":false,"error":"rep 101 is not assigned to service order 6001"}')))).toBe('service');
  expect(refusalBy(ex(answer(500, 'text/plain; charset=utf-8', 'System.Web.Services.Protocols.SoapException: unknown service order 17')))).toBe('service');
  expect(refusalBy(ex(answer(500, 'text/plain; charset=utf-8', 'System.ArgumentException: Cannot convert abc to System.Int32.\nParameter name: type')))).toBe('runtime');
  expect(refusalBy(ex(answer(500, 'text/plain; charset=utf-8', 'System.InvalidOperationException: Missing parameter: reptodelete.')))).toBe('runtime');
  expect(refusalBy(ex(xml('{"ok":true}')))).toBe('other');
  expect(refusalBy(ex(answer(500, 'text/plain; charset=utf-8', 'System.NullReferenceException: Object reference not set')))).toBe('other');
});
