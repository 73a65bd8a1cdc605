/**
 * tsiws-conform action: the GitHub Action's entry (action.yml). It reads the step's inputs from
 * INPUT_* as a runner gives them, runs `run` in this same process (so a cancelled job's SIGINT or
 * SIGTERM reaches the run itself, which stops and still writes its reports: through npx, npm would
 * end at once and leave the run going on alone), then writes the step's outputs to $GITHUB_OUTPUT.
 * The job summary and the annotations are the run's own (ci-summary.ts).
 */
import { randomBytes } from 'node:crypto';
import { appendFileSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ACTION_INPUTS, ActionInputError, outputLines, outputsOf, reportsOf, runArgvOf } from './action-inputs.js';
import { EXIT } from './exit-codes.js';
import type { Io } from './main.js';

const ACTION_HELP = [
  'Usage: tsiws-conform action   (the GitHub Action\'s entry; see action.yml and docs/ci.md)',
  '',
  `Inputs, from INPUT_<NAME> variables: ${ACTION_INPUTS.join(', ')}.`,
  'Secrets come from TSIWS_* variables in the step\'s env:, never from inputs.',
  'Outputs, appended to $GITHUB_OUTPUT: verdict, exit-code, errors, warnings, reports.',
].join('\n');

export default async function action(argv: string[], io: Io): Promise<number> {
  if (argv.length === 1 && (argv[0] === '--help' || argv[0] === '-h')) {
    io.out(ACTION_HELP);
    return EXIT.conforms;
  }
  if (argv.length > 0) {
    io.err(`tsiws-conform action: takes no arguments (got ${argv[0]}); its inputs come from INPUT_* variables, as a GitHub runner sets them (action.yml)`);
    return EXIT.usage;
  }
  const reports = resolve(reportsOf(io.env));
  let runArgv: string[];
  try {
    runArgv = runArgvOf(io.env);
  } catch (err) {
    if (!(err instanceof ActionInputError)) throw err;
    io.err(`tsiws-conform action: ${err.message}`);
    return writeOutputs(io, outputsOf(EXIT.usage, reports, undefined), EXIT.usage);
  }
  const startedAt = Date.now();
  const run = (await import('./run.js')).default;
  const code = await run(runArgv.slice(1), io);
  return writeOutputs(io, outputsOf(code, reports, summaryWrittenSince(reports, startedAt)), code);
}

/** results.json's summary, only if this run wrote it: one left by an earlier run is not this verdict. */
function summaryWrittenSince(reports: string, since: number): { verdict?: string; levels?: { error?: number; warning?: number } } | undefined {
  const file = join(reports, 'results.json');
  try {
    // Coarse file-system clocks: a second of slack, never an earlier run's file (they are minutes apart).
    if (statSync(file).mtimeMs < since - 1000) return undefined;
    return (JSON.parse(readFileSync(file, 'utf8')) as { summary?: { verdict?: string; levels?: { error?: number; warning?: number } } }).summary;
  } catch {
    return undefined;
  }
}

function writeOutputs(io: Io, outputs: Record<string, string>, code: number): number {
  const file = io.env['GITHUB_OUTPUT'];
  if (!file) {
    io.err('tsiws-conform action: GITHUB_OUTPUT is not set (not under a GitHub runner): the outputs are printed instead');
    for (const [k, v] of Object.entries(outputs)) io.err(`  ${k}=${v}`);
    return code;
  }
  try {
    appendFileSync(file, outputLines(outputs, `tsiws_${randomBytes(8).toString('hex')}`));
  } catch (err) {
    io.err(`tsiws-conform action: cannot write the step's outputs to GITHUB_OUTPUT ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  return code;
}
