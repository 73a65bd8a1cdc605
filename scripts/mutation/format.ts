/** Pure formatters of a catalog result: the console table and the block of docs/mutants.md. */
import { ALL_MUTANTS, catalogMutant } from './catalog.js';
import { CHEAP_RUNS, DEFAULT_RUNS } from './plan.js';
import type { CatalogResult } from './harness.js';
import { cell } from '../docs/blocks.js';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The checks that fired, the ones meant to catch the mutant marked with "*", and matches-baseline
 * marked "(shape drift)" where its findings were of that class. */
function firedText(name: string, fired: readonly string[], shapeDrift = 0): string {
  const meant = new Set(catalogMutant(name)?.caughtBy ?? []);
  const drift = (id: string) => (id === 'matches-baseline' && shapeDrift > 0 ? ' (shape drift)' : '');
  return fired.length === 0 ? '(none)' : fired.map((id) => `${id}${meant.has(id) ? '*' : ''}${drift(id)}`).join(', ');
}

export function formatTable(result: CatalogResult): string {
  const lines: string[] = [];
  lines.push(`Clean server (seed ${result.seed}):`);
  const cleanWidth = Math.max(27, ...result.clean.map((c) => c.name.length + 1));
  for (const c of result.clean) {
    const warnings = Object.values(c.warned).reduce((n, k) => n + k, 0);
    const verdict = c.fired.length === 0 ? `0 errors, ${warnings} warnings` : `${c.mustBeClean ? 'ERRORS' : 'reference only, fired'}: ${c.fired.join(', ')}`;
    lines.push(`  ${c.name.padEnd(cleanWidth)} ${verdict.padEnd(22)} ${c.exchanges} records  ${c.config}  ${seconds(c.durationMs)}`);
    for (const id of c.mustBeClean ? c.fired : []) lines.push(`      ${id}: ${c.samples[id] ?? ''}`);
    if (c.mustBeClean && c.diagnosed.length > 0) lines.push(`      DIAGNOSED (none allowed on the clean server): ${c.diagnosed.join(', ')}`);
    for (const e of c.toolErrors) lines.push(`      TOOL ERROR: ${e}`);
  }
  lines.push('');
  const width = Math.max(...result.mutants.map((m) => m.name.length), 6) + 2;
  lines.push(`${'mutant'.padEnd(width)}${'result'.padEnd(10)}${'config'.padEnd(22)}${'records'.padStart(8)}${'time'.padStart(8)}  checks that fired (* = meant to catch it)`);
  for (const m of result.mutants) {
    const verdict = m.tolerated ? (m.caught ? 'accepted' : 'FLAGGED') : m.caught ? (m.byWarnings ? 'caught*' : 'caught') : 'MISSED';
    const extra = m.missing.length > 0 ? `  [did not fire: ${m.missing.join(', ')}]` : '';
    const d = m.diagnosis;
    const diagnosis = !d ? '' : d.named && d.unexplained === 0 ? `  [diagnosed: ${d.id}, every finding explained]` : `  [${d.named ? `diagnosed ${d.id}, but ${d.unexplained} findings unexplained` : `NOT diagnosed as ${d.id}`}]`;
    const errors = diagnosis + (m.errors > 0 ? `  [${m.errors} exchanges errored]` : '') + m.toolErrors.map((e) => `  [tool error: ${e}]`).join('');
    lines.push(`${m.name.padEnd(width)}${verdict.padEnd(10)}${m.config.padEnd(22)}${String(m.exchanges).padStart(8)}${seconds(m.durationMs).padStart(8)}  ${firedText(m.name, m.fired, m.shapeDrift)}${extra}${errors}`);
  }
  const deviations = result.mutants.filter((m) => !m.tolerated);
  const caught = deviations.filter((m) => m.caught).length;
  const total = deviations.length;
  const tolerated = result.mutants.filter((m) => m.tolerated);
  lines.push('');
  if (tolerated.length > 0) lines.push(`Tolerated variants (real ASMX behaviour the default profile must accept, so no check may fire): ${tolerated.map((m) => `${m.name} ${m.caught ? 'accepted' : 'FLAGGED'}`).join(', ')}`);
  lines.push(`Configuration: the clean server runs with the default configuration (${DEFAULT_RUNS} fuzz runs). Mutants run the full check catalog over all operations and transports; a mutant whose deviation does not depend on fuzzed values uses ${CHEAP_RUNS} fuzz run per operation and transport ("runs ${CHEAP_RUNS}"), the others the default ${DEFAULT_RUNS}; auth, sla and profile are set only where a mutant needs them, and each such configuration is also run on the clean server, whose findings are not credited to a mutant. A mutant marked "baseline replay" is run as a regression run: a baseline recorded against the clean server with the same settings (run --record) is replayed against it (run --baseline); its clean control replays the clean server's own recording against the clean server. ${result.parallel} runs at a time.`);
  if (result.mutants.some((m) => m.caught && m.byWarnings)) lines.push('caught*: by warnings only (a deviation from ASMX behaviour where the contract is silent): the run conforms unless --fail-on warning, which fails it.');
  lines.push(result.unfired.length === 0 ? 'Every check in the catalog caught at least one mutant.' : `Checks that caught no mutant: ${result.unfired.join(', ')}`);
  lines.push(`Mutation score: ${caught}/${total} caught (${total === 0 ? 0 : Math.round((caught / total) * 100)}%) in ${seconds(result.durationMs)} (CPU time of all runs: ${seconds(result.cpuMs)})`);
  return lines.join('\n');
}

/** The marker name of the block in docs/mutants.md: <!-- mutants:begin --> ... <!-- mutants:end -->. */
export const MUTANTS_BLOCK = 'mutants';
export const MUTANTS_PAGE = 'docs/mutants.md';

/** The block's text: the mutation score and one row per mutant (regenerated by `npm run mutants -- --write-docs`). */
export function mutantsBlock(result: CatalogResult): string {
  const deviations = result.mutants.filter((m) => !m.tolerated);
  const caught = deviations.filter((m) => m.caught).length;
  const rows = result.mutants.map((m) => {
    const mutant = ALL_MUTANTS.find((x) => x.name === m.name)!;
    const verdict = m.tolerated ? (m.caught ? 'accepted (real ASMX behaviour)' : '**flagged**') : m.caught ? (m.byWarnings ? 'caught under `--fail-on warning` (warnings only)' : 'caught') : '**missed**';
    return `| \`${m.name}\` | ${cell(mutant.description)} | ${firedText(m.name, m.fired, m.shapeDrift)} | ${verdict} |`;
  });
  return [
    `Mutation score: **${caught}/${deviations.length} mutants caught** (seed ${result.seed}); checks that caught no mutant: ${result.unfired.length === 0 ? 'none' : result.unfired.join(', ')}.`,
    '',
    '| mutant | deviation | checks that fired (* = meant to catch it) | result |',
    '|---|---|---|---|',
    ...rows,
  ].join('\n');
}
