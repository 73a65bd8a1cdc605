/**
 * The quick subset of `npm run mutants`: a few representative mutants, through the same code path
 * as the script (runCatalog: child processes, each a full conformance run), over two operations.
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

test('an unknown mutant name is refused, naming --only', async () => {
  await expect(runCatalog({ only: ['no-such-mutant'] })).rejects.toThrow(/--only: unknown mutant no-such-mutant/);
});
