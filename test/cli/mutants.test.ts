/**
 * The quick subset of `npm run mutants`: a few representative mutants, through the same code path
 * as the script (runCatalog: child processes, each a full conformance run), and the one
 * regression-run mutant (record, then replay). One catalog run for all of them, over the three
 * operations they change: each conformance run costs seconds of start-up, so the clean control is
 * run once, not once per test. The full catalog runs in .ci/run.
 */
import { beforeAll, expect, test } from 'vitest';
import { runCatalog, type CatalogResult } from '../../scripts/mutation/harness.js';
import { formatTable } from '../../scripts/mutation/format.js';

// One mutant per kind of suite that catches it (positive, negative, service): each is a full
// conformance run, and .ci/run runs the whole catalog right after `npm test`.
const SUBSET: Record<string, string> = {
  'status-202-success': 'http-status-200',
  'accept-bad-int': 'rejects-invalid-input',
  'fault-on-one-operation': 'not-a-fault',
  'wsdl-changed-type': 'wsdl-matches-contract',
};
const NEEDS_BASELINE = 'truncate-contact-search-soap12';

let result: CatalogResult;
let table: string;
beforeAll(async () => {
  result = await runCatalog({ only: [...Object.keys(SUBSET), NEEDS_BASELINE], operations: ['MobileOpportunitySummary', 'MobileTimeLogCreate', 'MobileContactSearch'], parallel: 2 });
  table = formatTable(result);
}, 300_000);

test('the clean server has no findings and each representative mutant is caught by its check', () => {
  expect(result.clean.map((c) => [c.name, c.fired, c.toolErrors]), table).toEqual([['clean', [], []], ['clean:mutant-config:replay', [], []]]);
  expect(result.clean[0]!.exchanges).toBeGreaterThan(0);
  for (const [name, check] of Object.entries(SUBSET)) {
    const verdict = result.mutants.find((m) => m.name === name);
    expect(verdict?.fired, `${name}\n${table}`).toContain(check);
    expect(verdict?.caught, name).toBe(true);
  }
  expect(result.ok, table).toBe(true);
  expect(table).toMatch(/Mutation score: 5\/5 caught \(100%\)/);
});

test('a mutant that needs a baseline is caught by matches-baseline in a replay, and the clean replay has no findings', () => {
  // The control replayed what it recorded: fuzz samples included, more than the plain run's records.
  expect(result.clean[1]!.exchanges, table).toBeGreaterThan(result.clean[0]!.exchanges);
  const verdict = result.mutants.find((m) => m.name === NEEDS_BASELINE);
  expect(verdict, table).toMatchObject({ name: NEEDS_BASELINE, caught: true, config: 'runs 1, baseline replay' });
  expect(verdict!.fired, table).toContain('matches-baseline');
});

test('an unknown mutant name is refused, naming --only', async () => {
  await expect(runCatalog({ only: ['no-such-mutant'] })).rejects.toThrow(/--only: unknown mutant no-such-mutant/);
});
