/**
 * npm run mutants [-- --only a,b] [--seed N] [--parallel N] [--write-docs]
 *
 * Runs the conformance suite against the clean reference server (0 failures required) and against
 * every mutant (each must be caught by the checks meant to catch it), prints a table, and exits 1
 * when a mutant is missed, the clean run has findings, or a check in the catalog caught no mutant.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { runCatalog, defaultParallel } from './mutation/harness.js';
import { replaceBlock } from './docs/blocks.js';
import { formatTable, mutantsBlock, MUTANTS_BLOCK, MUTANTS_PAGE } from './mutation/format.js';

const PAGE = fileURLToPath(new URL(`../${MUTANTS_PAGE}`, import.meta.url));

function fail(message: string): never {
  process.stderr.write(`npm run mutants: ${message}\n`);
  process.exit(2);
}

function whole(flag: string, text: string | undefined, min: number): number | undefined {
  if (text === undefined) return undefined;
  if (!/^-?\d+$/.test(text) || Number(text) < min) fail(`--${flag}: expected a whole number of at least ${min}, got "${text}"`);
  return Number(text);
}

// The block moved from README.md to docs/mutants.md (issue 39), and its flag with it.
if (process.argv.includes('--write-readme')) fail('--write-readme is now --write-docs: the mutants block moved from README.md to docs/mutants.md');

let values;
try {
  ({ values } = parseArgs({ options: { only: { type: 'string' }, seed: { type: 'string' }, parallel: { type: 'string' }, 'write-docs': { type: 'boolean' } } }));
} catch (err) {
  fail(`${(err as Error).message}; usage: npm run mutants -- [--only a,b] [--seed N] [--parallel N] [--write-docs]`);
}
const only = values.only?.split(',').map((s) => s.trim()).filter(Boolean);
const seed = whole('seed', values.seed, -(2 ** 31 - 1));
const parallel = whole('parallel', values.parallel, 1) ?? defaultParallel();
if (values['write-docs'] && only) fail('--write-docs needs the whole catalog; leave out --only');

process.stdout.write(`Running the clean server and ${only?.length ?? 'all'} mutants, ${parallel} at a time...\n`);
let result;
try {
  result = await runCatalog({ ...(only ? { only } : {}), ...(seed !== undefined ? { seed } : {}), parallel, onResult: (r) => process.stdout.write(`  done ${r.name} (${(r.durationMs / 1000).toFixed(1)} s)\n`) });
} catch (err) {
  process.stderr.write(`npm run mutants: ${(err as Error).message}\n`);
  process.exit(4);
}
process.stdout.write(`\n${formatTable(result)}\n`);
if (values['write-docs']) {
  writeFileSync(PAGE, replaceBlock(readFileSync(PAGE, 'utf8'), MUTANTS_BLOCK, mutantsBlock(result), MUTANTS_PAGE));
  process.stdout.write(`${MUTANTS_PAGE} mutants block rewritten.\n`);
}
process.exit(result.ok ? 0 : 1);
