/**
 * npm run mutants [-- --only a,b] [--seed N] [--parallel N] [--write-docs]
 *                 [--personalities all|none|a,b] [--strict-personalities]
 *
 * Runs the conformance suite against the clean reference server (0 failures required) and against
 * every mutant (each must be caught by the checks meant to catch it), prints a table, and exits 1
 * when a mutant is missed, the clean run has findings, or a check in the catalog caught no mutant.
 * Then it scores every stateful mutant on every other personality of the stateful service
 * (scripts/mutation/personalities.ts) and prints a table of them; those count towards the exit
 * status only with --strict-personalities (the tool's learning of other vendors is young, issue 49).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { runCatalog, defaultParallel } from './mutation/harness.js';
import { replaceBlock } from './docs/blocks.js';
import { formatTable, mutantsBlock, MUTANTS_BLOCK, MUTANTS_PAGE } from './mutation/format.js';
import { formatPersonalityTable, OTHER_PERSONALITIES, personalitiesOk, runPersonalities } from './mutation/personalities.js';
import { STATEFUL_MUTANTS } from '../src/server/stateful/mutants.js';
import { findPersonality } from '../src/server/stateful/personality.js';

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
  ({ values } = parseArgs({ options: { only: { type: 'string' }, seed: { type: 'string' }, parallel: { type: 'string' }, 'write-docs': { type: 'boolean' }, personalities: { type: 'string' }, 'strict-personalities': { type: 'boolean' } } }));
} catch (err) {
  fail(`${(err as Error).message}; usage: npm run mutants -- [--only a,b] [--seed N] [--parallel N] [--write-docs] [--personalities all|none|a,b] [--strict-personalities]`);
}
const only = values.only?.split(',').map((s) => s.trim()).filter(Boolean);
const seed = whole('seed', values.seed, -(2 ** 31 - 1));
const parallel = whole('parallel', values.parallel, 1) ?? defaultParallel();
if (values['write-docs'] && only) fail('--write-docs needs the whole catalog; leave out --only');
const asked = (values.personalities ?? 'all').trim();
const personalities = asked === 'all' ? OTHER_PERSONALITIES : asked === 'none' ? [] : asked.split(',').map((p) => p.trim()).filter(Boolean);
// A reseeded store (vendor-linked:SEED) or a drawn personality (random:SEED) is scored as a named one.
const unknown = personalities.filter((p) => !OTHER_PERSONALITIES.includes(p) && (p === 'reference' || findPersonality(p) === undefined));
if (unknown.length > 0) fail(`--personalities: unknown ${unknown.join(', ')}; give all, none or some of ${OTHER_PERSONALITIES.join(', ')}, or random:SEED, or NAME:SEED of one with a seeded store (the reference is the catalog run itself)`);
const statefulChosen = STATEFUL_MUTANTS.some((m) => !only || only.includes(m.name));

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
let personalitiesPass = true;
if (personalities.length > 0 && statefulChosen) {
  process.stdout.write(`\nScoring the stateful mutants on ${personalities.join(', ')}...\n`);
  try {
    const scored = await runPersonalities(personalities, { ...(only ? { only } : {}), ...(seed !== undefined ? { seed } : {}), parallel, onResult: (r) => process.stdout.write(`  done ${r.name} (${(r.durationMs / 1000).toFixed(1)} s)\n`) });
    process.stdout.write(`\n${formatPersonalityTable(scored, personalities)}\n`);
    personalitiesPass = personalitiesOk(scored);
  } catch (err) {
    process.stderr.write(`npm run mutants: ${(err as Error).message}\n`);
    process.exit(4);
  }
  if (!values['strict-personalities']) process.stdout.write(`The exit status counts the reference only${personalitiesPass ? '' : ' (the misses above do not fail it)'}; --strict-personalities counts these too.\n`);
}
process.exit(result.ok && (personalitiesPass || !values['strict-personalities']) ? 0 : 1);
