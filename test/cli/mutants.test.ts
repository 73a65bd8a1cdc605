/**
 * The quick subset of `npm run mutants`: a few representative mutants, through the same code path
 * as the script (runCatalog: child processes, each a full conformance run), over two operations;
 * and the one regression-run mutant (record, then replay) over the one operation it changes.
 * The full catalog runs in .ci/run.
 */
import { expect, test } from 'vitest';
import { runCatalog } from '../../scripts/mutation/harness.js';
import { formatTable } from '../../scripts/mutation/format.js';

const SUBSET: Record<string, string> = {
  'status-202-success': 'http-status-200',
  'accept-bad-int': 'rejects-invalid-input',
  'fault-status-200': 'fault-status',
  'string-root-no-namespace': 'http-string-root',
  'fault-on-one-operation': 'not-a-fault',
  'wsdl-changed-type': 'wsdl-matches-contract',
};

test('the clean server has no findings and each representative mutant is caught by its check', async () => {
  const result = await runCatalog({ only: Object.keys(SUBSET), operations: ['MobileOpportunitySummary', 'MobileTimeLogCreate'], parallel: 2 });
  const table = formatTable(result);
  expect(result.clean.map((c) => [c.name, c.fired]), table).toEqual([['clean', []]]);
  expect(result.clean[0]!.exchanges).toBeGreaterThan(0);
  for (const [name, check] of Object.entries(SUBSET)) {
    const verdict = result.mutants.find((m) => m.name === name);
    expect(verdict?.fired, `${name}\n${table}`).toContain(check);
    expect(verdict?.caught, name).toBe(true);
  }
  expect(result.ok, table).toBe(true);
  expect(table).toMatch(/Mutation score: 6\/6 caught \(100%\)/);
}, 300_000);

test('a mutant that needs a baseline is caught by matches-baseline in a replay, and the clean replay has no findings', async () => {
  const result = await runCatalog({ only: ['truncate-contact-search-soap12'], operations: ['MobileContactSearch'], parallel: 2 });
  const table = formatTable(result);
  expect(result.clean.map((c) => [c.name, c.fired, c.toolErrors]), table).toEqual([['clean', [], []], ['clean:mutant-config:replay', [], []]]);
  // The control replayed what it recorded: fuzz samples included, more than the plain run's records.
  expect(result.clean[1]!.exchanges, table).toBeGreaterThan(result.clean[0]!.exchanges);
  const verdict = result.mutants[0]!;
  expect(verdict, table).toMatchObject({ name: 'truncate-contact-search-soap12', caught: true, config: 'runs 1, baseline replay' });
  expect(verdict.fired, table).toContain('matches-baseline');
  expect(result.ok, table).toBe(true);
}, 300_000);

test('an unknown mutant name is refused, naming --only', async () => {
  await expect(runCatalog({ only: ['no-such-mutant'] })).rejects.toThrow(/--only: unknown mutant no-such-mutant/);
});
