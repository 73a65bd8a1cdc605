/** Issue 10: a run split with --shard i/n on four "machines" and joined with merge-reports gives
 * the reports of the same run made whole: same verdict, cases, failures and parity. The target is
 * a mutant (accept-bad-int), so there are failures to compare. */
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/server/server.js';
import { runCliProcess, type CliResult } from '../support/cli.js';

let mutant: ReferenceServer;
let whole: CliResult;
const shards: CliResult[] = [];
let merged: CliResult;

// Small but complete: one operation over all transports, every suite, fuzzing included; the
// first shard gets the positive case, the fuzz property and ?WSDL, all four get negative cases.
const args = () => ['run', '--base-url', mutant.url, '--allow-mutations', '--echo', '--seed', '42', '--timestamp', '2024-01-01T00:00:00Z', '--operations', 'MobileTimeLogCreate', '--runs', '2'];

beforeAll(async () => {
  mutant = await startReferenceServer({ mutant: 'accept-bad-int' });
  whole = await runCliProcess(args());
  // One after another: four runs side by side would only make a 2-core machine thrash.
  for (let i = 1; i <= 4; i++) shards.push(await runCliProcess([...args(), '--shard', `${i}/4`]));
  merged = await runCliProcess(['merge-reports', ...shards.map((s) => s.reports), '--reports-dir', `${whole.reports}-merged`]);
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
  expect(shards.map((s) => s.code)).toEqual([1, 1, 1, 1]);
  const totals = shards.map((s) => s.json('results.json').summary.exchanges.total);
  for (const t of totals) expect(t).toBeGreaterThan(0);
  expect(totals.reduce((a, b) => a + b, 0)).toBe(whole.json('results.json').summary.exchanges.total);
});

test('four shards merged: the same verdict, case count, failures and parity as one run', () => {
  expect(merged.stderr).toBe('');
  expect(merged.code).toBe(1);
  const m = { json: (name: string) => JSON.parse(readFileSync(`${whole.reports}-merged/${name}`, 'utf8')) };
  const expected = essence(whole);
  expect(expected.failures.length).toBeGreaterThan(0);
  expect(expected.failures.join('\n')).toContain('rejects-invalid-input');
  expect(essence(m)).toEqual(expected);
  expect(m.json('results.json').run.merged.map((s: { shard: string }) => s.shard)).toEqual(['1/4', '2/4', '3/4', '4/4']);
  expect(readdirSync(`${whole.reports}-merged/failures`).sort()).toEqual(readdirSync(`${whole.reports}/failures`).sort());
  expect(merged.stdout).toMatch(/^Verdict: does-not-conform/m);
});

test.each([
  [[1, 2, 3], 'shard 4/4 missing; give the reports folder of every shard'],
  [[1, 2, 3, 3, 4], 'shard 3/4 given twice'],
])('merge-reports %j refuses an incomplete set of shards (exit 2)', async (which, message) => {
  const r = await runCliProcess(['merge-reports', ...which.map((i) => shards[i - 1]!.reports), '--reports-dir', `${whole.reports}-bad`]);
  expect(r.code).toBe(2);
  expect(r.stderr).toContain(message);
});

test('merge-reports refuses a run that was not sharded, naming it', async () => {
  const r = await runCliProcess(['merge-reports', whole.reports, '--reports-dir', `${whole.reports}-bad`]);
  expect(r.code).toBe(2);
  expect(r.stderr).toBe(`tsiws-conform: merge-reports: ${whole.reports} is not a shard's reports (its run had no --shard)\n`);
});
