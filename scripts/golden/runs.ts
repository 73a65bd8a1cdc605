/**
 * The two seeded runs whose reports the golden fixture pins (issue 52, item 3: a refactor of
 * reporting must leave every report as it is for the same seed, times and durations aside).
 *
 * - `conforms`: against the embedded server, every suite, a few operations and fuzzed runs: the
 *   default run narrowed to stay within npm test's budget (the whole default run takes 7 to 25 s).
 *   --export-all writes the Postman collection of every exchange, --allure the Allure results,
 *   GITHUB_ACTIONS the CI job summary, --record the baseline the second run replays.
 * - `fails`: the first run's baseline replayed against a mutant that accepts bad ints, so that the
 *   reports only a failing or regression run writes are pinned too: failures.har, failures/*.json,
 *   regression.json, and the findings in junit.xml, results.json, report.html and the summary.
 *
 * Both run the bin in a child process with a clean environment, as test/support/cli.ts does.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startReferenceServer } from '../../src/server/server.js';

export const SEED = '5';
/** A create, an update, a search and an upload; MobileDispatchUpdate has the int parameters the
 * mutant mishandles. */
const OPERATIONS = 'MobileTimeLogCreate,MobileDispatchUpdate,MobileContactSearch,MobileDocumentUpload';

export interface GoldenRun {
  readonly name: string;
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs both into `root`: <root>/<run>/{reports,allure,summary.md} and <root>/conforms/baseline. */
export async function goldenRuns(bin: string, root: string): Promise<GoldenRun[]> {
  const conforms = await runBin(bin, root, 'conforms', ['--operations', OPERATIONS, '--runs', '3', '--export-all', '--record', join(root, 'conforms', 'baseline')]);
  const server = await startReferenceServer({ mutant: 'accept-bad-int' });
  try {
    const fails = await runBin(bin, root, 'fails', ['--base-url', server.url, '--allow-mutations', '--operations', 'MobileDispatchUpdate', '--baseline', join(root, 'conforms', 'baseline')]);
    return [conforms, fails];
  } finally {
    await server.close();
  }
}

function runBin(bin: string, root: string, name: string, args: string[]): Promise<GoldenRun> {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  // An empty .env: no settings from the checkout's own (test/support/cli.ts does the same).
  writeFileSync(join(dir, '.env'), '');
  const all = ['--', bin, 'run', '--seed', SEED, '--max-string-length', '300', '--reports', join(dir, 'reports'), '--allure', join(dir, 'allure'), '--env-file', join(dir, '.env'), ...args];
  const env = { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/tmp', GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: join(dir, 'summary.md') };
  return new Promise((resolve) => {
    execFile(process.execPath, all, { cwd: dir, env, timeout: 180_000, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      resolve({ name, code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}
