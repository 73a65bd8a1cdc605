/** Test support: the CLI in process (fast; the same main() the bin calls) and as the real bin. */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export { cliInProcess, type InProcessResult as CliResult } from '../support/cli.js';
import type { InProcessResult as CliResult } from '../support/cli.js';
import { BIN } from '../support/bin.js';

/** The real bin in a child process, in an empty working directory with a clean environment. */
export function bin(args: string[]): Promise<CliResult> {
  return new Promise((resolve) => {
    const cwd = mkdtempSync(join(tmpdir(), 'tsiws-cli-'));
    execFile(process.execPath, [BIN, ...args], { cwd, env: { PATH: process.env['PATH'] ?? '' }, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

export const tempDir = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));
export const repoFile = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
