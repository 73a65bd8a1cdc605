/** The CLI end to end, as a user runs it: the real bin, a real child process, real report files.
 * One default run against the embedded server serves every assertion about the default run (the
 * table, the reports, the negative matrix's counts, parity, the recorded baseline's size): a run
 * costs seconds of start-up each, so it is made once. */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { cliInProcess, runInProcess } from '../support/cli.js';
import { duplicateTestcases, suiteSeconds } from '../support/junit.js';
import { BIN } from '../support/bin.js';

function runBinClean(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // A clean environment: no TSIWS_* from the developer's shell, and no .env from the repo.
    const cwd = mkdtempSync(join(tmpdir(), 'tsiws-cli-'));
    execFile(process.execPath, [BIN, ...args], { cwd, env: { PATH: process.env['PATH'] ?? '', ...env }, timeout: 180_000, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe('tsiws-conform run against the embedded server, default settings', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tsiws-default-run-'));
  const reports = join(dir, 'reports');
  const baseline = join(dir, 'baseline');
  let run: { code: number; stdout: string; stderr: string };
  const json = (name: string) => JSON.parse(readFileSync(join(reports, name), 'utf8'));
  const text = (name: string) => readFileSync(join(reports, name), 'utf8');
  // The seed is fixed for the baseline's count of responses; the run also records its baseline
  // (issue 11): the default run's must stay small.
  beforeAll(async () => {
    run = await runBinClean(['run', '--reports', reports, '--seed', '5', '--record', baseline]);
  }, 180_000);

  test('exit 0, the table, junit.xml and results.json', () => {
    const { code, stdout, stderr } = run;
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^operation\s+soap11\s+soap12\s+get\s+post\s+parity$/m);
    expect(stdout).toMatch(/^MobileTimeLogCreate\s+ok\s+ok\s+ok\s+ok\s+ok$/m);
    expect(stdout).toMatch(/^1136 exchanges: 1136 passed, 0 failed, 0 errors;/m);
    expect(stdout).toMatch(/^Verdict: conforms/m);
    const results = json('results.json');
    expect(results.summary.verdict).toBe('conforms');
    // 80 valid requests, 736 invalid ones (counted below), 80 fuzz properties (the echo property
    // among their checks), the ?WSDL check, and 239 parity records (counted below).
    expect(results.summary.exchanges).toEqual({ total: 1136, passed: 1136, failed: 0, error: 0, skipped: 0 });
    expect(results.summary.checks.failed).toBe(0);
    expect(results.summary.checks.error).toBe(0);
    // The embedded server answers as ASMX does: no warnings; info only for inherent parity differences.
    expect(results.summary.levels).toMatchObject({ error: 0, warning: 0 });
    expect(results.summary.checks.notices).toBe(results.summary.levels.info);
    const junit = text('junit.xml');
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

  test('the embedded server answers every negative case as the asmx profile expects', () => {
    // 80 positive exchanges and 736 negative ones: 3 int scenarios x 45 int parameters x 4 transports,
    // 2 dateTime and 2 boolean parameters x 4, missing parameter and unknown path x 20 x 2,
    // unknown SOAPAction, both envelope swaps x 20, malformed XML x 20 x 2; 80 fuzz properties; ?WSDL;
    // and 239 parity records.
    expect(json('results.json').summary.exchanges).toEqual({ total: 1136, passed: 1136, failed: 0, error: 0, skipped: 0 });
    expect(text('junit.xml')).toContain('name="soap11 int-non-numeric(sonumber) rejection-per-profile"');
  });

  test('parity holds with no defects across the default fuzz run, and the recorded baseline stays small', () => {
    expect(JSON.parse(readFileSync(join(baseline, 'manifest.json'), 'utf8'))).toMatchObject({ complete: true, counts: { responses: 1616 } });
    expect(readdirSync(baseline).reduce((sum, f) => sum + statSync(join(baseline, f)).size, 0)).toBeLessThan(20 * 1024 * 1024);
    const parity = json('parity.json');
    expect(parity.summary.withDefects).toBe(0);
    // The 20 example cases, 199 negative cases sent over two or more transports, and 20 fuzz properties.
    expect(parity.summary.compared).toBe(239);
    expect(run.stdout).toMatch(/^Parity: 239 cases compared across transports: \d+ agree, 0 with defects/m);
    expect(run.stdout).toContain(`Baseline recorded in ${baseline} (replay with --baseline ${baseline})`);
  });
});

describe('tsiws-conform run exits', () => {
  test('an unreachable target: exit 3 from the bin and a one-line reason', async () => {
    const { code, stderr } = await runBinClean(['run', '--base-url', 'http://127.0.0.1:1']);
    expect(code).toBe(3);
    expect(stderr).toBe('tsiws-conform: target unreachable: cannot connect to http://127.0.0.1:1/api/rmm/tsiWS.asmx?WSDL (ECONNREFUSED)\n');
  });

  test('bad usage from the bin: exit 2 and the one line', async () => {
    const { code, stderr } = await runBinClean(['run', '--transports', 'soap13']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^tsiws-conform: --transports: unknown transport soap13\b[^\n]*\n$/);
  });

  // In process, the same main() the bin calls: a child process each would cost seconds of start-up.
  test.each([
    [['run', '--concurrency', '0'], {}, '--concurrency: expected a positive whole number, got "0"'],
    [['run', '--base-url', 'ftp://x'], {}, '--base-url: only http and https URLs are supported'],
    [['run', '--nope'], {}, 'unknown flag --nope'],
    [['run'], { TSIWS_OPERATIONS: 'MobileNothing' }, 'environment variable TSIWS_OPERATIONS: unknown operation MobileNothing'],
    [['frobnicate'], {}, 'unknown command "frobnicate"'],
  ])('bad usage %j exits 2 naming the flag or variable', async (args, env, message) => {
    const { code, stderr } = await cliInProcess([...args, ...(args[0] === 'run' ? ['--reports', mkdtempSync(join(tmpdir(), 'tsiws-usage-'))] : [])], env);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^[^\n]+\n$/);
    expect(stderr).toContain(message);
  });
});

describe('tsiws-conform run --repeat', () => {
  // The repetitions of a case run as chunks, several to a vitest test (src/engine/run/plan.ts): the
  // reports still hold every repetition's exchanges once, under its own id.
  test('reports every repetition of every case once, each under its own id', async () => {
    const r = await runInProcess(['run', '--operations', 'MobileTasksList', '--suites', 'positive,negative', '--repeat', '20', '--seed', '5']);
    expect(r.code).toBe(0);
    const records = r.text('records.jsonl').trim().split('\n').map((l) => JSON.parse(l) as { caseId: string; transport: string; kind: string });
    const positive = records.filter((x) => x.kind === 'positive' && x.transport === 'soap11').map((x) => x.caseId).sort();
    expect(positive).toEqual(['MobileTasksList-example', ...Array.from({ length: 19 }, (_, i) => `MobileTasksList-example-r${i + 2}`)].sort());
    const keys = records.map((x) => `${x.caseId} ${x.transport} ${x.kind}`);
    expect(new Set(keys).size).toBe(keys.length);
    const negatives = new Set(records.filter((x) => x.kind === 'negative' && !/-r\d+$/.test(x.caseId)).map((x) => x.caseId));
    for (const id of negatives) expect(records.filter((x) => x.caseId.startsWith(`${id}-r`) && x.transport === records.find((y) => y.caseId === id)!.transport)).toHaveLength(19);
    const results = JSON.parse(r.text('results.json')) as { summary: { exchanges: { total: number } }; run: { incomplete?: unknown } };
    expect(results.run.incomplete).toBeUndefined();
    expect(results.summary.exchanges.total).toBe(records.length);
  });
});
