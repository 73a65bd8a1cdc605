/** What every conformance suite needs: the run's settings and a keep-alive client for the target. */
import { afterAll, inject } from 'vitest';
import '../src/engine/run/vitest-context.js';
import type { HttpClient } from '../src/http/send.js';
import { runClient } from '../src/engine/send/run-client.js';
import { attachReference, openReferenceSides } from '../src/engine/reference/reference-clients.js';
import { compactRecord } from '../src/results/compact.js';
import { applyWaivers } from '../src/results/waivers.js';
import { handOverRecords, type RecordsAt } from '../src/engine/run/worker-handover.js';
import { findingsOf } from '../src/results/findings.js';
import { laneRows, type LanedSuite } from '../src/engine/run/lanes.js';
import type { ExchangeRecord } from '../src/results/record.js';
import type { TargetSettings } from '../src/engine/run/vitest-context.js';

export function useTarget(): { settings: TargetSettings; client: HttpClient } {
  const settings = inject('tsiws');
  const client = runClient(settings, settings.baseUrl);
  // The reference deployment (issue 38), asked by every exchange over this client.
  const reference = openReferenceSides(settings);
  attachReference(client, reference);
  afterAll(async () => {
    await client.close();
    await reference?.close();
  });
  return { settings, client };
}

/** This worker's share of a suite's rows: all of them unless the run split the suite across
 * worker processes (lanes, src/engine/run/lanes.ts), each lane a vitest project told its lane. */
export function laneOf<T>(suite: LanedSuite, rows: readonly T[]): T[] {
  return laneRows(inject('tsiwsLane'), suite, rows);
}

/** Records for the main process: written to this worker's handover file, the test's metadata
 * saying where (worker-handover.ts); nothing when the suites run directly under vitest. */
export function handOver(records: readonly ExchangeRecord[]): RecordsAt | undefined {
  const dir = inject('tsiwsRecords');
  return dir === undefined ? undefined : handOverRecords(dir, records);
}

/** What report() needs of a test's context. `expect` is read only when the test fails: vitest
 * makes a concurrent test's own expect (about 6 KiB of heap) the first time `context.expect` is
 * read, and every test's context stays reachable from its file's task tree until the file ends.
 * Read for every test, at --repeat 64 the negative worker's heap grew through the run by 100 MiB
 * for its 16,576 tests, and its resident size to 427 MiB (267 MiB when not read; heap snapshots
 * 60 s apart and per-process peaks, 2026-11-24). Making it cost about 0.07 ms a test too (profiled). */
export interface ReportContext {
  readonly task: { meta: { tsiws?: RecordsAt; tsiwsUnits?: number; tsiwsCutShort?: number; tsiwsFindings?: number } };
  readonly expect: (v: unknown) => { toEqual(v: unknown): void };
}

/** Hands the records to the reporters (passing ones compacted, see compact.ts) and fails the
 * test with every finding, by check id. `run` is the run's settings (given by tests). */
export function report(context: ReportContext, records: ExchangeRecord | ExchangeRecord[], run: HandOverSettings & Pick<TargetSettings, 'failOn'> = inject('tsiws')): void {
  const list: ExchangeRecord[] = [];
  handedOver(list, Array.isArray(records) ? records : [records], run);
  reportHandedOver(context, list, run.failOn);
}

/** report() of records already in the form they are handed over in (handedOver). Compaction keeps
 * every record with a finding of the warning level or above whole, so their findings are the same. */
function reportHandedOver(context: ReportContext, list: readonly ExchangeRecord[], failOn: TargetSettings['failOn']): void {
  const at = handOver(list);
  if (at) context.task.meta.tsiws = at;
  // Only findings of a level that fails the run fail the test (--fail-on); warnings are reported.
  // A chunk's records are several cases' (repetitions): each finding says whose.
  const cases = new Set(list.map((r) => r.caseId)).size;
  const findings: string[] = [];
  let withFindings = 0;
  for (const r of list) {
    const own = findingsOf(r, failOn);
    if (own.length > 0) withFindings++;
    for (const f of own) findings.push(`${cases > 1 ? `${r.caseId} ` : ''}${r.transport} ${f}`);
  }
  // Counted here, where the records are whole: the main process does not parse them while the run sends.
  if (withFindings > 0) context.task.meta.tsiwsFindings = withFindings;
  // An assertion costs more than the exchange's checks (profiled): made only when it will fail.
  if (findings.length > 0) context.expect(findings).toEqual([]);
}

const budgetSpent = (settings: TargetSettings): boolean => settings.deadline !== undefined && Date.now() >= settings.deadline;

/** Skips the test when the run's --max-duration budget is spent; the collector counts it. */
export function withinBudget(settings: TargetSettings, context: { skip: (note?: string) => void }): void {
  if (budgetSpent(settings)) context.skip(CUT_SHORT);
}

/** A test that runs a chunk of units (plan.ts, chunked) one after another and reports all their
 * records together. The units are counted in task.meta: the collector's progress and cases not
 * run count units, not tests. Once --max-duration runs out, the units left are not run. */
export async function runChunk<U>(settings: TargetSettings, context: ReportContext & { skip: (note?: string) => void }, units: readonly U[], runUnit: (unit: U) => Promise<ExchangeRecord[]> | ExchangeRecord[]): Promise<void> {
  if (units.length > 1) context.task.meta.tsiwsUnits = units.length;
  withinBudget(settings, context);
  const records: ExchangeRecord[] = [];
  let ran = 0;
  for (const unit of units) {
    if (ran > 0 && budgetSpent(settings)) break;
    handedOver(records, await runUnit(unit), settings);
    ran++;
  }
  if (ran < units.length) context.task.meta.tsiwsCutShort = units.length - ran;
  reportHandedOver(context, records, settings.failOn);
}

/** Adds records in the form they are handed over in: passing ones compacted (compact.ts), unless
 * the run records a baseline (--record), which needs every answer's decoded result. A chunk adds
 * each unit's as the unit ends, not when the chunk does: whole records (bodies, curl commands,
 * result texts) kept for up to 16 units outlived two scavenges, and V8 then allocated such records
 * in old space at once (pretenuring), where they died. At --repeat 64 the default run's worker's
 * old space grew to 56 MiB over the run, 37 MiB now, 22 to 24 MiB of it live (2026-11-25; with
 * pretenuring switched off, the old code's grew to 38 MiB). A function of its own, so that no
 * register of runChunk's frame holds a unit's whole records while the next unit runs. */
function handedOver(records: ExchangeRecord[], unitRecords: readonly ExchangeRecord[], run: HandOverSettings): void {
  // Waivers first (results/waivers.ts): a waived verdict is what records.jsonl and every report see.
  const waivers = run.waivers ?? [];
  const today = run.today ?? '';
  for (const whole of unitRecords) {
    const r = applyWaivers(whole, waivers, today);
    // --export-all: the Postman collection re-sends every exchange, so a passing one keeps its
    // request whole (report/foreign/postman.ts); opt-in, as it costs part of what compaction saves.
    records.push(run.record ? r : run.exportAll ? { ...compactRecord(r), request: r.request } : compactRecord(r));
  }
}

/** What handing records over reads of the run's settings (tests give a part of them). */
type HandOverSettings = Pick<TargetSettings, 'record'> & Partial<Pick<TargetSettings, 'waivers' | 'today'>> & { readonly exportAll?: boolean };

export const CUT_SHORT = 'cut short by --max-duration';
