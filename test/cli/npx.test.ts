/** Started as the README and docs/ci.md say, through npx (or `npm run`): the tool's flags stay the tool's, and a
 * CI timeout's SIGTERM to npm, which exits without passing it on, still ends the run with complete,
 * certified reports marked incomplete (the bin notices that its parent went away).
 * Real processes; `npx` from the checkout runs its own bin. */
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, onTestFinished, test } from 'vitest';
import { readCertificate, verifyReports } from '../../src/cli/verify-certificate.js';
import { afterOutput, BIN, REPO } from '../support/cli.js';

const ENV = { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? tmpdir() };
const REPORTS = ['junit.xml', 'results.json', 'report.html', 'records.jsonl', 'certificate.json'];
// Two operations with 5000 fuzzed requests per property: the run lasts far longer than the test waits.
const RUN = ['run', '--operations', 'MobileAccountSearch,MobileTasksList', '--runs', '5000', '--max-string-length', '300'];

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// Node 20 reads `--env-file FILE` anywhere on its command line until a `--`. npx is itself a node
// script: `npx tsiws-conform run --env-file F` is read by npx's node, which exits 9 before npm
// starts (nothing the tool ships can change that). `npx -- ...` and `npm exec -- ...` keep it ours.
test.each(['npx --', 'npm exec --'])('%s tsiws-conform run --env-file /nonexistent/.env: exit 2, one line naming --env-file', async (command) => {
  const [file, ...before] = command.split(' ');
  // From the checkout, where npx finds this package; the reports saying why go to a folder of the test's.
  const reports = mkdtempSync(join(tmpdir(), 'tsiws-npx-'));
  const failed = await promisify(execFile)(file!, [...before, 'tsiws-conform', 'run', '--env-file', '/nonexistent/.env', '--reports', reports], { cwd: REPO, env: ENV }).catch((err: { code: number; stdout: string; stderr: string }) => err);
  expect('code' in failed ? failed.code : 0).toBe(2);
  const lines = failed.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^tsiws-conform: --env-file: \/nonexistent\/\.env does not exist/);
});

test.each([
  // A parent that dies on SIGTERM without passing it on, as npm does.
  ['a node parent', 'node'],
  ['npx', 'npx'],
] as const)('SIGTERM to %s alone: the run notices, writes every report marked incomplete, certified intact', async (_name, parent) => {
  const dir = mkdtempSync(join(tmpdir(), 'tsiws-parent-'));
  const args = [...RUN, '--reports', dir];
  // detached: the parent leads its own process group, so nothing the run starts outlives the test.
  const child = parent === 'node'
    ? spawn(process.execPath, ['-e', `require('node:child_process').spawn(process.execPath, ${JSON.stringify([BIN, ...args])}, { stdio: 'inherit' })`], { cwd: dir, env: ENV, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn('npx', ['--', 'tsiws-conform', ...args], { cwd: REPO, env: ENV, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  // A run that did not notice would go on alone for minutes.
  onTestFinished(() => void (alive(-child.pid!) && process.kill(-child.pid!, 'SIGKILL')));
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  await afterOutput(() => out, '\nprogress: ', 300);
  const cli = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim();
  const sentAt = Date.now();
  process.kill(child.pid!, 'SIGTERM');
  await exited;
  // Within 5 s of the signal: every report, the last of them the certificate.
  while (!existsSync(join(dir, 'certificate.json')) && Date.now() - sentAt < 5000) await new Promise((resolve) => setTimeout(resolve, 100));
  for (const name of REPORTS) expect(existsSync(join(dir, name)), name).toBe(true);
  const results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8'));
  expect(results.run.incomplete.reason).toBe('interrupted: parent process ended');
  expect(results.run.toolErrors).toEqual([]);
  expect(verifyReports(dir, readCertificate(dir))).toEqual({ altered: [], missing: [], extra: [] });
  // The run is gone too, its workers with it (they are in the parent's process group).
  for (let i = 0; i < 50 && alive(-child.pid!); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  expect(alive(-child.pid!), `${cli}\n${out}`).toBe(false);
  expect(out).toMatch(/^Incomplete: interrupted: parent process ended; \d+ cases not run/m);
  // verify-certificate, as a CI job would run it afterwards.
  const verified = await promisify(execFile)(process.execPath, [BIN, 'verify-certificate', dir], { cwd: dir, env: ENV });
  expect(verified.stdout).toMatch(/^intact/m);
});
