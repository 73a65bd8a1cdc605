/** The CLI end to end, as a user runs it: the real bin, a real child process, real report files. */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const BIN = fileURLToPath(new URL('../../bin/tsiws-conform.js', import.meta.url));

function cli(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // A clean environment: no TSIWS_* from the developer's shell, and no .env from the repo.
    const cwd = mkdtempSync(join(tmpdir(), 'tsiws-cli-'));
    execFile(process.execPath, [BIN, ...args], { cwd, env: { PATH: process.env['PATH'] ?? '', ...env }, timeout: 120_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe('tsiws-conform run', () => {
  test('against the embedded server: exit 0, the table, junit.xml and results.json', async () => {
    const reports = mkdtempSync(join(tmpdir(), 'tsiws-reports-'));
    const { code, stdout, stderr } = await cli(['run', '--reports', reports]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^MobileTimeLogCreate\s+ok\s+ok\s+ok\s+ok$/m);
    expect(stdout).toMatch(/^80 exchanges: 80 passed, 0 failed, 0 errors;/m);
    expect(stdout).toMatch(/^Verdict: conforms/m);
    const junit = readFileSync(join(reports, 'junit.xml'), 'utf8');
    expect(junit.match(/<testcase /g)?.length).toBe(40 * 7 + 40 * 6);
    expect(junit).toMatch(/<testsuites tests="520" failures="0" errors="0" skipped="0">/);
    expect(junit.match(/<testsuite /g)?.length).toBe(20);
    const results = JSON.parse(readFileSync(join(reports, 'results.json'), 'utf8'));
    expect(results.summary).toEqual({
      verdict: 'conforms',
      exchanges: { total: 80, passed: 80, failed: 0, error: 0 },
      checks: { passed: 520, failed: 0, skipped: 0, error: 0 },
    });
    expect(results.failures).toEqual([]);
    expect(results.run.embedded).toBe(true);
  });

  test('an unreachable target: exit 3 and a one-line reason', async () => {
    const { code, stderr } = await cli(['run', '--base-url', 'http://127.0.0.1:1']);
    expect(code).toBe(3);
    expect(stderr).toBe('tsiws-conform: target unreachable: cannot connect to http://127.0.0.1:1/api/rmm/tsiWS.asmx?WSDL (ECONNREFUSED)\n');
  });

  test.each([
    [['run', '--transports', 'soap13'], {}, '--transports: unknown transport soap13'],
    [['run', '--concurrency', '0'], {}, '--concurrency: expected a positive whole number, got "0"'],
    [['run', '--base-url', 'ftp://x'], {}, '--base-url: only http and https URLs are supported'],
    [['run', '--nope'], {}, "Unknown option '--nope'"],
    [['run'], { TSIWS_OPERATIONS: 'MobileNothing' }, 'environment variable TSIWS_OPERATIONS: unknown operation MobileNothing'],
    [['frobnicate'], {}, 'unknown command "frobnicate"'],
  ])('bad usage %j exits 2 naming the flag or variable', async (args, env, message) => {
    const { code, stderr } = await cli(args, env);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
  });
});
