/** The CLI end to end, as a user runs it: the real bin, a real child process, real report files. */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { duplicateTestcases, suiteSeconds } from '../support/junit.js';

const BIN = fileURLToPath(new URL('../../bin/tsiws-conform.js', import.meta.url));

function runBinClean(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // A clean environment: no TSIWS_* from the developer's shell, and no .env from the repo.
    const cwd = mkdtempSync(join(tmpdir(), 'tsiws-cli-'));
    execFile(process.execPath, [BIN, ...args], { cwd, env: { PATH: process.env['PATH'] ?? '', ...env }, timeout: 180_000, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe('tsiws-conform run', () => {
  test('against the embedded server: exit 0, the table, junit.xml and results.json', async () => {
    const reports = mkdtempSync(join(tmpdir(), 'tsiws-reports-'));
    const { code, stdout, stderr } = await runBinClean(['run', '--reports', reports]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^operation\s+soap11\s+soap12\s+get\s+post\s+parity$/m);
    expect(stdout).toMatch(/^MobileTimeLogCreate\s+ok\s+ok\s+ok\s+ok\s+ok$/m);
    expect(stdout).toMatch(/^1136 exchanges: 1136 passed, 0 failed, 0 errors;/m);
    expect(stdout).toMatch(/^Verdict: conforms/m);
    const results = JSON.parse(readFileSync(join(reports, 'results.json'), 'utf8'));
    expect(results.summary.verdict).toBe('conforms');
    // 80 valid requests, 736 invalid ones (test/cli/negative.test.ts counts them), 80 fuzz
    // properties (the echo property among their checks), the ?WSDL check, and 239 parity records
    // (test/cli/parity.test.ts counts them).
    expect(results.summary.exchanges).toEqual({ total: 1136, passed: 1136, failed: 0, error: 0, skipped: 0 });
    expect(results.summary.checks.failed).toBe(0);
    expect(results.summary.checks.error).toBe(0);
    // The embedded server answers as ASMX does: no warnings; info only for inherent parity differences.
    expect(results.summary.levels).toMatchObject({ error: 0, warning: 0 });
    expect(results.summary.checks.notices).toBe(results.summary.levels.info);
    const junit = readFileSync(join(reports, 'junit.xml'), 'utf8');
    // Every judged check is a testcase (a noted one passes); checks with nothing to judge are not.
    const passed = results.summary.checks.passed + results.summary.checks.notices;
    expect(junit).toMatch(new RegExp(`<testsuites tests="${passed}" failures="0" errors="0">`));
    expect(junit).not.toMatch(/<testsuite [^>]*skipped="[1-9]/);
    expect(junit.match(/<testcase /g)?.length).toBe(passed);
    expect(junit.match(/<testsuite /g)?.length).toBe(21); // one per operation, and tsiWS for ?WSDL
    // CI history views key testcases by (classname, name); a suite's time is the time its exchanges
    // were in flight, so no suite took longer than the run.
    expect(duplicateTestcases(junit)).toEqual([]);
    expect(Math.max(...suiteSeconds(junit))).toBeLessThanOrEqual(results.run.durationMs / 1000);
    expect(results.failures).toEqual([]);
    expect(results.run.embedded).toBe(true);
  });

  test('an unreachable target: exit 3 and a one-line reason', async () => {
    const { code, stderr } = await runBinClean(['run', '--base-url', 'http://127.0.0.1:1']);
    expect(code).toBe(3);
    expect(stderr).toBe('tsiws-conform: target unreachable: cannot connect to http://127.0.0.1:1/api/rmm/tsiWS.asmx?WSDL (ECONNREFUSED)\n');
  });

  test.each([
    [['run', '--transports', 'soap13'], {}, '--transports: unknown transport soap13'],
    [['run', '--concurrency', '0'], {}, '--concurrency: expected a positive whole number, got "0"'],
    [['run', '--base-url', 'ftp://x'], {}, '--base-url: only http and https URLs are supported'],
    [['run', '--nope'], {}, 'unknown flag --nope'],
    [['run'], { TSIWS_OPERATIONS: 'MobileNothing' }, 'environment variable TSIWS_OPERATIONS: unknown operation MobileNothing'],
    [['frobnicate'], {}, 'unknown command "frobnicate"'],
  ])('bad usage %j exits 2 naming the flag or variable', async (args, env, message) => {
    const { code, stderr } = await runBinClean(args, env);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
  });
});
