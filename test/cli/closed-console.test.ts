/** Issue 50: a console write that fails stops console output and nothing else. The bin's stdout and
 * stderr are pipes whose reader is gone before the first line (`| head -1` cut shorter, or a
 * killed `| tee`): the run still writes every report, and exits with its verdict's code, the code
 * of the same run with its console intact. The guard itself is unit-tested in
 * test/bin/console-stream.test.ts. */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/server/server.js';
import { BIN, runCliProcess } from '../support/cli.js';

let server: ReferenceServer;
beforeAll(async () => {
  // A target with a finding, so that the verdict's exit code (1) is not the 0 of a bare exit.
  server = await startReferenceServer({ mutant: 'status-202-success' });
});
afterAll(() => server.close());

const args = () => ['run', '--base-url', server.url, '--operations', 'MobileAccountSearch', '--transports', 'soap11', '--seed', '7'];

/** The bin as runCliProcess starts it, its output pipes closed at once, with its reports folder. */
function runWithClosedConsole(): Promise<{ code: number | null; reports: string }> {
  const cwd = mkdtempSync(join(tmpdir(), 'tsiws-closed-'));
  const reports = join(cwd, 'reports');
  const child = spawn(process.execPath, ['--', BIN, ...args(), '--reports', reports, '--max-string-length', '300'], {
    cwd,
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/tmp' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.destroy();
  child.stderr.destroy();
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, reports })));
}

test('stdout and stderr closed before the first line: every report written, the exit code is the verdict\'s', async () => {
  const closed = await runWithClosedConsole();
  const intact = await runCliProcess(args());
  expect(intact.code).toBe(1);
  expect(closed.code).toBe(intact.code);
  const read = (name: string) => readFileSync(join(closed.reports, name), 'utf8');
  const results = JSON.parse(read('results.json')) as { summary: { verdict: string; exchanges: { total: number } } };
  expect(results.summary.verdict).toBe('does-not-conform');
  expect(results.summary.exchanges.total).toBe(intact.json('results.json').summary.exchanges.total);
  const junit = read('junit.xml');
  expect(XMLValidator.validate(junit)).toBe(true);
  expect(junit.match(/<testcase /g)?.length).toBe(intact.text('junit.xml').match(/<testcase /g)?.length);
  expect(read('report.html')).toMatch(/<\/html>\n$/);
});
