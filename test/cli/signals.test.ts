/** Signals never lose the reports: SIGINT or SIGHUP to the whole process group (Ctrl-C, a CI
 * cancel, a closed terminal) and SIGTERM to the CLI alone (timeout(1), CI runners) end the run with
 * complete, certified reports of what finished, marked incomplete, and the shell's exit code.
 * Real processes: the CLI is started as the leader of its own process group, as setsid does. */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { readCertificate, verifyReports } from '../../src/cli/verify-certificate.js';
import { parseXml } from '../../src/decode/xml.js';
import { afterOutput, BIN } from '../support/cli.js';

// Four operations: every suite has tests that finish early and fuzz properties that last, and the
// run starts and reports in less CPU than one of all twenty (npm test must stay under 5 minutes).
const OPERATIONS = 'MobileTimeLogCreate,MobileAccountSearch,MobileContactSearch,MobileTasksList';

/** Resolves once the process `pid` has a child whose command line matches `command` (Linux /proc). */
async function childStarted(pid: number, command: RegExp, exited: Promise<unknown>): Promise<void> {
  let gone = false;
  void exited.then(() => (gone = true));
  const read = (path: string) => {
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return '';
    }
  };
  while (!gone) {
    const children = read(`/proc/${pid}/task/${pid}/children`).trim().split(/\s+/).filter(Boolean);
    if (children.some((child) => command.test(read(`/proc/${child}/cmdline`)))) return;
    // setImmediate, not a timer: the signal must land within the helper's first milliseconds.
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`process ${pid} exited before starting a child matching ${command}`);
}

/** Whether any process of the group is still alive. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

test.each([
  ['SIGINT', 'group', 'under way', 130],
  // Ctrl-C sent to the CLI alone (kill -INT): its workers hear nothing from the shell.
  ['SIGINT', 'cli', 'under way', 130],
  ['SIGTERM', 'cli', 'under way', 143],
  ['SIGHUP', 'group', 'under way', 129],
  // While the sources load and vitest starts: no test has run, and the reports still say so.
  ['SIGINT', 'group', 'starting', 130],
  // The moment vitest starts esbuild's service (which loads the suites' config): the signal ends
  // it too, and its broken pipe reached the run before the signal did (exit 4 until 2026-11-25).
  ['SIGINT', 'group', 'starting esbuild', 130],
  // The moment the first test worker is forked, before it ignores the signal: it dies, and
  // tinypool's destroy() threw from its exit event (exit 1, no reports, until 2026-11-25).
  ['SIGINT', 'group', 'forking a worker', 130],
] as const)('%s to the %s, the run %s: exit %i, every report written, marked incomplete, certified intact', async (signal, to, when, exitCode) => {
  const dir = mkdtempSync(join(tmpdir(), 'tsiws-signal-'));
  // detached: the CLI leads a new session and process group, so its workers are in that group.
  const child = spawn(process.execPath, [BIN, 'run', '--operations', OPERATIONS, '--runs', '5000', '--max-string-length', '300', '--reports', dir], { cwd: dir, env: { PATH: process.env['PATH'] ?? '' }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  // Under way: vitest's workers have finished tests (a progress line is printed once a tenth of
  // them has) and are running more (5000 fuzzed requests per property last far longer).
  if (when === 'under way') await afterOutput(() => out, '\nprogress: ', 300);
  else if (when === 'starting esbuild') await childStarted(child.pid!, /esbuild/, exited);
  else if (when === 'forking a worker') await childStarted(child.pid!, /tinypool/, exited);
  else await new Promise((resolve) => setTimeout(resolve, 1000));
  process.kill(to === 'group' ? -child.pid! : child.pid!, signal);
  expect(await exited, out).toBe(exitCode);
  expect(out).not.toMatch(/Channel closed|EPIPE|Worker exited unexpectedly/);
  const reason = `interrupted by ${signal}`;
  const results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8'));
  expect(results.run.incomplete.reason).toBe(reason);
  expect(results.run.toolErrors).toEqual([]);
  // What finished before the signal is reported.
  if (when === 'under way') expect(results.summary.exchanges.total).toBeGreaterThan(0);
  expect(JSON.parse(readFileSync(join(dir, 'certificate.json'), 'utf8')).incomplete.reason).toBe(reason);
  const junit = readFileSync(join(dir, 'junit.xml'), 'utf8');
  const parsed = parseXml(junit);
  expect(parsed.ok && parsed.root.name).toBe('testsuites');
  expect(junit).toContain(`<property name="incomplete" value="${reason}: `);
  expect(readFileSync(join(dir, 'report.html'), 'utf8')).toContain(`<strong>Incomplete run:</strong> ${reason};`);
  expect(existsSync(join(dir, 'records.jsonl'))).toBe(true);
  expect(verifyReports(dir, readCertificate(dir))).toEqual({ altered: [], missing: [], extra: [] });
  expect(out).toMatch(new RegExp(`^Incomplete: ${reason}; \\d+ cases not run`, 'm'));
  // No worker outlives the run.
  for (let i = 0; i < 50 && groupAlive(child.pid!); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  expect(groupAlive(child.pid!)).toBe(false);
});
