/** The README's sample output: a short run against the embedded reference server, its console text
 * as the tool prints it, with what differs between runs masked (the time taken, the folder). */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/tsiws-conform.js', import.meta.url));

/** A few seconds: two operations, valid requests only, a fixed seed so the counts never change. */
export const SAMPLE_ARGS = ['run', '--seed', '1', '--operations', 'MobileAccountSearch,MobileTimeLogCreate', '--suites', 'positive'] as const;

/** The run's stdout as the README shows it: the command, then every line but the progress lines
 * (how many a run prints depends on timing), with the run's folder and durations masked. */
export function maskSample(stdout: string, cwd: string): string {
  const lines = stdout
    .split('\n')
    .filter((l) => !l.startsWith('progress: '))
    .map((l) => l.split(`${cwd}/`).join('').replace(/\(\d+(\.\d+)? s\)$/, '(N.N s)'));
  return [`$ npx tsiws-conform ${SAMPLE_ARGS.join(' ')}`, ...lines].join('\n').trimEnd();
}

/** Runs the sample in a fresh folder (no .env, no TSIWS_* variable of the caller's) and returns the
 * fenced block the README holds; rejects, with the run's output, when the run did not conform. */
export function sampleRun(): Promise<string> {
  const cwd = mkdtempSync(join(tmpdir(), 'tsiws-docs-'));
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--', BIN, ...SAMPLE_ARGS, '--reports', 'reports'], { cwd, env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/tmp' }, timeout: 120_000 }, (err, stdout, stderr) => {
      rmSync(cwd, { recursive: true, force: true });
      if (err) reject(new Error(`the sample run failed (${err.message}):\n${stdout}${stderr}`));
      else resolve(['```', maskSample(stdout, cwd), '```'].join('\n'));
    });
  });
}
