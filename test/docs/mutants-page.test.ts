/** The mutation-score block of docs/mutants.md (written by `npm run mutants -- --write-docs`) lists exactly the catalog. */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { ALL_MUTANTS as MUTANTS } from '../../scripts/mutation/catalog.js';
import { ALL_CHECKS } from '../../src/checks/registry.js';
import { readBlock } from '../../scripts/docs/blocks.js';
import { MUTANTS_BLOCK, MUTANTS_PAGE } from '../../scripts/mutation/format.js';

const LEVEL = new Map(ALL_CHECKS.map((c) => [c.id, c.level]));
const page = readFileSync(new URL(`../../${MUTANTS_PAGE}`, import.meta.url), 'utf8');

test('the mutants block of docs/mutants.md lists exactly the mutants in the catalog, each caught or accepted', () => {
  const block = readBlock(page, MUTANTS_BLOCK) ?? '';
  const rows = [...block.matchAll(/^\| `([\w-]+)` \|.*\| ([^|]+) \|$/gm)].map((m) => [m[1], m[2]!.trim()]);
  expect(rows.map(([name]) => name).sort()).toEqual(MUTANTS.map((m) => m.name).sort());
  for (const [name, verdict] of rows) {
    const mutant = MUTANTS.find((m) => m.name === name)!;
    // A mutant meant to be caught by an error-level check fails a default run; one meant to be
    // caught by warning-level checks only may be caught under --fail-on warning alone.
    const byErrors = mutant.caughtBy.some((id) => LEVEL.get(id) === 'error');
    const allowed = mutant.tolerated ? ['accepted (real ASMX behaviour)'] : byErrors ? ['caught'] : ['caught', 'caught under `--fail-on warning` (warnings only)'];
    expect(allowed, `${name}: ${verdict}`).toContain(verdict);
  }
  expect(block).toMatch(new RegExp(`Mutation score: \\*\\*${MUTANTS.filter((m) => !m.tolerated).length}/${MUTANTS.filter((m) => !m.tolerated).length} mutants caught\\*\\*`));
  expect(block).toContain('checks that caught no mutant: none');
});

test('every mutant names at least one check meant to catch it, unless it is a tolerated variant', () => {
  for (const m of MUTANTS) expect(m.tolerated !== undefined || m.caughtBy.length > 0, m.name).toBe(true);
});
