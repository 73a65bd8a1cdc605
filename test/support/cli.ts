/** Runs the real CLI in a child process with a clean environment and a fresh working folder, or in
 * process (the same main() the bin calls) where no real process is needed: a child process costs
 * seconds of start-up, and most command behaviour does not depend on one. */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from '../../src/cli/main.js';

export const BIN = fileURLToPath(new URL('../../bin/tsiws-conform.js', import.meta.url));
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

/** The bin in a child process; `run` gets its own reports folder. */
export function runCliProcess(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  const cwd = mkdtempSync(join(tmpdir(), 'tsiws-cli-'));
  const reports = join(cwd, 'reports');
  return new Promise((resolve) => {
    // No TSIWS_* from the developer's shell and no .env from the repo: only what the test gives.
    // Fuzzed strings are capped at 300 characters unless a test asks otherwise: long text is the
    // arbitraries' business (unit-tested at full length), and it makes every CLI run slower.
    const extra = args[0] === 'run' ? ['--reports', reports, ...(args.includes('--max-string-length') ? [] : ['--max-string-length', '300'])] : [];
    execFile(process.execPath, ['--', BIN, ...args, ...extra], { cwd, env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/tmp', ...env }, timeout: 180_000, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      resolve({
        code: err ? Number((err as { code?: number }).code ?? 1) : 0,
        stdout,
        stderr,
        reports,
        json: (name) => JSON.parse(readFileSync(join(reports, name), 'utf8')),
        text: (name) => readFileSync(join(reports, name), 'utf8'),
      });
    });
  });
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
  const code = await main(args, { out: (l) => out.push(`${l}\n`), err: (l) => err.push(`${l}\n`), env });
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
