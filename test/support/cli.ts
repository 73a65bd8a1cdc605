/** Runs the real CLI in a child process with a clean environment and a fresh working folder, or in
 * process (the same main() the bin calls) where no real process is needed: a child process costs
 * seconds of start-up, and most command behaviour does not depend on one. */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { main as sourceMain } from '../../src/cli/main.js';

export { BIN } from './bin.js';
import { BIN, SOURCE_BIN } from './bin.js';
/** Node 20 reads `--env-file` anywhere on its command line unless `--` ends its own options (see the bin). */
export const REPO = fileURLToPath(new URL('../..', import.meta.url));

export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  /** The reports folder the run was given. */
  readonly reports: string;
  json(name: string): any;
  text(name: string): string;
}

/** What a test gives every `run`: its own reports folder, and fuzzed strings capped at 300
 * characters unless the test asks otherwise (long text is the arbitraries' business, unit-tested at
 * full length, and it makes every CLI run slower). */
function runExtras(args: string[], reports: string): string[] {
  return args[0] === 'run' ? ['--reports', reports, ...(args.includes('--max-string-length') ? [] : ['--max-string-length', '300'])] : [];
}

function withReports(result: InProcessResult, reports: string): CliResult {
  return {
    ...result,
    reports,
    json: (name) => JSON.parse(readFileSync(join(reports, name), 'utf8')),
    text: (name) => readFileSync(join(reports, name), 'utf8'),
  };
}

/** The bin in a child process; `run` gets its own reports folder. */
export function runCliProcess(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  const cwd = mkdtempSync(join(tmpdir(), 'tsiws-cli-'));
  const reports = join(cwd, 'reports');
  return new Promise((resolve) => {
    // No TSIWS_* from the developer's shell and no .env from the repo: only what the test gives.
    execFile(process.execPath, ['--', BIN, ...args, ...runExtras(args, reports)], { cwd, env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/tmp', ...env }, timeout: 180_000, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      resolve(withReports({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }, reports));
    });
  });
}

/** A command through main() in this process, given what runCliProcess gives it: a run's suites
 * still run in vitest's own forked workers; only the CLI's start-up (seconds a run) is saved.
 * Settings come from the arguments alone: no environment, and an empty .env (none from the repo).
 * Not for runs whose signer reads the process environment (--signer). `env`: the variables the
 * command sees beside them (GITHUB_ACTIONS for the CI summary). */
export async function runInProcess(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  const cwd = mkdtempSync(join(tmpdir(), 'tsiws-cli-'));
  const reports = join(cwd, 'reports');
  const envFile = join(cwd, '.env');
  writeFileSync(envFile, '');
  return withReports(await cliInProcess([...args, ...runExtras(args, reports), ...(args[0] === 'run' ? ['--env-file', envFile] : [])], env), reports);
}

export interface InProcessResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** main() in this process, each line ended with a newline as the bin writes it. */
export async function cliInProcess(args: string[], env: Record<string, string> = {}): Promise<InProcessResult> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await (await inProcessMain())(args, { out: (l) => out.push(`${l}\n`), err: (l) => err.push(`${l}\n`), env });
  return { code, stdout: out.join(''), stderr: err.join('') };
}

/** Resolves `delayMs` after `read()` first holds `text`: to signal a run once it is under way. */
export function afterOutput(read: () => string, text: string, delayMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const wait = setInterval(() => {
      if (read().includes(text)) {
        clearInterval(wait);
        setTimeout(resolve, delayMs);
      }
    }, 100);
  });
}

/** In the `cli` project, main() of the package its child processes run (dist/, compiled-package.ts):
 * a run started from there has its suites' workers load those compiled sources, as the bin's runs
 * do (run.ts, compiledSources). From the TypeScript main, every run's workers had vite-node
 * transform all of src/ again, through this test process: test/cli/fuzz.test.ts took 16 s instead
 * of 10 alone, and npm test's files 621 s instead of 507, summed over its workers (one run each,
 * 2026-11-25). Elsewhere (the `unit` project), the sources' main(). */
let compiledMain: Promise<typeof sourceMain> | undefined;
function inProcessMain(): Promise<typeof sourceMain> {
  if (BIN === SOURCE_BIN) return Promise.resolve(sourceMain);
  compiledMain ??= import(pathToFileURL(join(dirname(BIN), '..', 'dist', 'cli', 'main.js')).href).then((m: { main: typeof sourceMain }) => m.main);
  return compiledMain;
}
