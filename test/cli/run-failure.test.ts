/** A run that fails early (exit 2, 3) leaves reports saying why and nothing of the run before it;
 * --format json prints one document whatever the exit code. In-process: no test is run. */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { main } from '../../src/cli/main.js';
import { readCertificate, verifyReports } from '../../src/cli/verify-certificate.js';
import { filesUnder } from '../../src/report/formats/certificate.js';

async function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(['run', ...argv], { out: (l) => out.push(l), err: (l) => err.push(l), env: {} });
  return { code, out: out.join('\n'), err };
}

/** A reports folder holding an earlier run's reports, and a file of the user's. */
function earlierRun(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tsiws-early-'));
  for (const name of ['junit.xml', 'results.json', 'report.html', 'parity.json', 'regression.json', 'failures.har', 'records.jsonl', 'certificate.json', 'notes.txt']) writeFileSync(join(dir, name), 'earlier run');
  mkdirSync(join(dir, 'failures'));
  writeFileSync(join(dir, 'failures', 'MobileAccountSearch-example-get.json'), '{}');
  return dir;
}

const WRITTEN = ['certificate.json', 'junit.xml', 'notes.txt', 'parity.json', 'report.html', 'results.json'];

test('target unreachable: exit 3, the earlier reports gone, results.json and junit.xml say why, the certificate holds', async () => {
  const dir = earlierRun();
  const r = await run(['--base-url', 'http://127.0.0.1:1', '--reports', dir]);
  const message = 'target unreachable: cannot connect to http://127.0.0.1:1/api/rmm/tsiWS.asmx?WSDL (ECONNREFUSED)';
  expect(r.code).toBe(3);
  expect(r.err).toEqual([`tsiws-conform: ${message}`]);
  expect(filesUnder(dir)).toEqual(WRITTEN);
  expect(readFileSync(join(dir, 'notes.txt'), 'utf8')).toBe('earlier run');
  const results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8'));
  expect(results.summary.verdict).toBe('error');
  expect(results.run.failure).toEqual({ code: 'TSIWS_UNREACHABLE', exitCode: 3, message, fix: expect.stringMatching(/^Check that the service is running and that --base-url/), commandLine: `tsiws-conform run --base-url http://127.0.0.1:1 --reports ${dir}` });
  expect(results.summary.exchanges.total).toBe(0);
  const junit = readFileSync(join(dir, 'junit.xml'), 'utf8');
  expect(junit.match(/<testcase /g)).toHaveLength(1);
  expect(junit).toContain(`<error message="${message}" type="TSIWS_UNREACHABLE"/>`);
  // notes.txt is the user's: listed as extra, never removed.
  expect(verifyReports(dir, readCertificate(dir))).toEqual({ altered: [], missing: [], extra: ['notes.txt'] });
});

test('--format json: exactly one JSON document on stdout, with the verdict, exit code and error', async () => {
  const dir = earlierRun();
  const r = await run(['--base-url', 'http://127.0.0.1:1', '--reports', dir, '--format', 'json']);
  expect(r.code).toBe(3);
  const doc = JSON.parse(r.out);
  expect(doc).toMatchObject({ verdict: 'error', exitCode: 3, error: { code: 'TSIWS_UNREACHABLE' }, reports: { dir } });
  expect(doc.reports.files.map((f: string) => f.slice(dir.length + 1)).sort()).toEqual(WRITTEN.filter((f) => f !== 'notes.txt'));
});

test.each([
  [['--runs', 'abc'], '--runs: expected a positive whole number, got "abc"'],
  [['--no-such-flag'], "unknown flag --no-such-flag (see tsiws-conform run --help)"],
])('bad usage %j: exit 2, the reports say why, the JSON document too', async (argv, message) => {
  const dir = earlierRun();
  const r = await run([...argv, '--reports', dir, '--format', 'json']);
  expect(r.code).toBe(2);
  expect(r.err).toEqual([`tsiws-conform: ${message}`]);
  expect(JSON.parse(r.out)).toMatchObject({ verdict: 'error', exitCode: 2, error: { code: 'TSIWS_CONFIG', message } });
  expect(JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')).run.failure).toEqual({ code: 'TSIWS_CONFIG', exitCode: 2, message, fix: expect.stringMatching(/^Correct the flag/), commandLine: `tsiws-conform run ${argv.join(' ')} --reports ${dir} --format json` });
  expect(filesUnder(dir)).toEqual(WRITTEN);
});

test('a --reports that is no folder: exit 2, one line, and the JSON document names no folder', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'tsiws-early-')), 'a-file');
  writeFileSync(file, 'not a folder');
  const r = await run(['--reports', file, '--format', 'json']);
  expect(r.code).toBe(2);
  expect(r.err).toEqual([`tsiws-conform: --reports ${file}: cannot write the reports there (EEXIST); give a folder you can write to`]);
  expect(JSON.parse(r.out)).toMatchObject({ verdict: 'error', exitCode: 2, reports: { dir: null, files: [] } });
  expect(readFileSync(file, 'utf8')).toBe('not a folder');
});

test('bad usage next to a --base-url with user:password: no report shows the password', async () => {
  // The settings never resolved, so the URL is read alone (resolveOne); it must lose its userinfo
  // as a resolved one does (found by issue 40's secrets check, 2026-11-26: the target carried it).
  const dir = mkdtempSync(join(tmpdir(), 'tsiws-early-'));
  const r = await run(['--base-url', 'http://alice:pw-4711@127.0.0.1:1', '--no-such-flag', '--reports', dir]);
  expect(r.code).toBe(2);
  for (const file of filesUnder(dir)) expect(readFileSync(join(dir, file), 'utf8'), file).not.toContain('pw-4711');
  expect(JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')).run.target).toBe('http://127.0.0.1:1');
});

test('run --rate 0: report.html says why, the fix and the command line, with no matrix of cells not run', async () => {
  const dir = earlierRun();
  const r = await run(['--rate', '0', '--sig', 'sig-4711', '--reports', dir]);
  expect(r.code).toBe(2);
  const html = readFileSync(join(dir, 'report.html'), 'utf8');
  const section = /<section id="run-failure">[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
  expect(section).toContain('<pre class="msg reason">--rate: expected a positive whole number, got &quot;0&quot;</pre>');
  expect(section).toMatch(/<p class="fix">Correct the flag, environment variable or \.env line the error names/);
  expect(section).toContain(`<pre class="cmd command-line">tsiws-conform run --rate 0 --sig &#39;&lt;REDACTED&gt;&#39; --reports ${dir}</pre>`);
  for (const absent of ['id="matrix"', 'id="other-cells"', '– not run', 'sig-4711']) expect(html, absent).not.toContain(absent);
});
