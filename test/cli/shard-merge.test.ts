/** Issue 10: a run split with --shard i/n on three "machines" and joined with merge-reports gives
 * the reports of the same run made whole: same verdict, cases, failures and parity. Issue 20: the
 * same run split across worker processes on one machine (lanes, --workers) reports the same too.
 * The target is a mutant (accept-bad-int), so there are failures to compare. The runs' suites run
 * in vitest's worker processes; merge-reports runs no test, so it is called in process (a child
 * process costs seconds). */
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEFAULTS } from '../../src/config/settings.js';
import { runLanes } from '../../src/engine/run/lanes.js';
import { suiteWork } from '../../src/engine/run/plan.js';
import { startReferenceServer, type ReferenceServer } from '../../src/server/server.js';
import { cliInProcess, runInProcess, type CliResult, type InProcessResult } from '../support/cli.js';

let mutant: ReferenceServer;
let whole: CliResult;
const shards: CliResult[] = [];
let merged: InProcessResult;
let laned: CliResult;
const SHARDS = 3;

// Small but complete: one operation over all transports, every suite, fuzzing included (three
// ints, each of which the mutant accepts: MobileTimeLogCreate's nine cost a quarter more); the
// first shard gets the positive case, the fuzz property and ?WSDL, every shard gets negative cases.
const args = () => ['run', '--base-url', mutant.url, '--allow-mutations', '--echo', '--seed', '42', '--timestamp', '2024-01-01T00:00:00Z', '--operations', 'MobileDispatchUpdate', '--runs', '2'];

beforeAll(async () => {
  mutant = await startReferenceServer({ mutant: 'accept-bad-int' });
  whole = await runInProcess(args());
  // One after another: runs side by side would only make a 2-core machine thrash.
  for (let i = 1; i <= SHARDS; i++) shards.push(await runInProcess([...args(), '--shard', `${i}/${SHARDS}`]));
  merged = await cliInProcess(['merge-reports', ...shards.map((s) => s.reports), '--reports-dir', `${whole.reports}-merged`]);
  laned = await runInProcess([...args(), '--workers', '3']);
}, 300_000);
afterAll(() => mutant.close());

/** What must not depend on how the run was split: everything but times, ports and order. */
function essence(r: { json(name: string): any }) {
  const results = r.json('results.json');
  const parity = r.json('parity.json');
  const failures = results.failures.map((f: any) => [f.operation, f.transport, f.caseId, f.check, f.status, f.message].join(' | ')).sort();
  return { verdict: results.summary.verdict, exchanges: results.summary.exchanges, checks: results.summary.checks, failures, parity: parity.summary, differing: parity.differing.map((d: any) => d.caseId).sort() };
}

test('every shard ran a part, and the parts add up to the whole', () => {
  expect(whole.code).toBe(1);
  expect(shards.map((s) => s.code)).toEqual([1, 1, 1]);
  const totals = shards.map((s) => s.json('results.json').summary.exchanges.total);
  for (const t of totals) expect(t).toBeGreaterThan(0);
  expect(totals.reduce((a, b) => a + b, 0)).toBe(whole.json('results.json').summary.exchanges.total);
});

test('three shards merged: the same verdict, case count, failures and parity as one run', () => {
  expect(merged.stderr).toBe('');
  expect(merged.code).toBe(1);
  const m = { json: (name: string) => JSON.parse(readFileSync(`${whole.reports}-merged/${name}`, 'utf8')) };
  const expected = essence(whole);
  expect(expected.failures.length).toBeGreaterThan(0);
  expect(expected.failures.join('\n')).toContain('rejects-invalid-input');
  expect(essence(m)).toEqual(expected);
  expect(m.json('results.json').run.merged.map((s: { shard: string }) => s.shard)).toEqual(['1/3', '2/3', '3/3']);
  expect(readdirSync(`${whole.reports}-merged/failures`).sort()).toEqual(readdirSync(`${whole.reports}/failures`).sort());
  expect(merged.stdout).toMatch(/^Verdict: does-not-conform/m);
});

test('the run in lanes (--workers 3: the negative cases in three worker processes) reports what one lane does', () => {
  // The unit tests of lanes.ts say how these settings split; the whole run above had no lanes.
  expect(runLanes({ workers: 3, rate: undefined }, suiteWork({ ...DEFAULTS, operations: ['MobileDispatchUpdate'], runs: 2 }))).toEqual({ positive: 1, negative: 3, fuzz: 1, service: 1 });
  expect(runLanes({ workers: undefined, rate: undefined }, suiteWork({ ...DEFAULTS, operations: ['MobileDispatchUpdate'], runs: 2 }))).toEqual({ positive: 1, negative: 1, fuzz: 1, service: 1 });
  expect(laned.code).toBe(1);
  expect(essence(laned)).toEqual(essence(whole));
  expect(laned.json('results.json').verdicts).toEqual(whole.json('results.json').verdicts);
});

test.each([
  [[1, 2], 'shard 3/3 missing; give the reports folder of every shard'],
  [[1, 2, 2, 3], 'shard 2/3 given twice'],
])('merge-reports %j refuses an incomplete set of shards (exit 2)', async (which, message) => {
  const r = await cliInProcess(['merge-reports', ...which.map((i) => shards[i - 1]!.reports), '--reports-dir', `${whole.reports}-bad`]);
  expect(r.code).toBe(2);
  expect(r.stderr).toContain(message);
});

test('merge-reports refuses a run that was not sharded, naming it', async () => {
  const r = await cliInProcess(['merge-reports', whole.reports, '--reports-dir', `${whole.reports}-bad`]);
  expect(r.code).toBe(2);
  expect(r.stderr).toBe(`tsiws-conform: merge-reports: ${whole.reports} is not a shard's reports (its run had no --shard)\n`);
});
