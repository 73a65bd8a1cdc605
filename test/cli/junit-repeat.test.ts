/**
 * Issue 61's acceptance for junit.xml (deciding issue 52): `run --repeat 20` against a mutant has as
 * many testcases as `--repeat 1`, named alike, and its failing testcases name their failing
 * repetitions; results.json still holds every exchange. Unit-tested case by case in
 * test/report/junit-fold.test.ts. Four foreign JUnit readers read the folded file and count what
 * it counts: Allure 2's command line (its JUnit XML reader, a JVM), junit2json, test-results-parser
 * (TestBeats) and junit-to-ctrf (CTRF's converter, used by its GitHub reporters).
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as junit2json } from 'junit2json';
import { convertJUnitToCTRFReport } from 'junit-to-ctrf';
import { parse as testResultsParse } from 'test-results-parser';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { compileSchema } from '../../src/decode/xml.js';
import { startReferenceServer, type ReferenceServer } from '../../src/server/server.js';
import { runInProcess, type CliResult } from '../support/cli.js';
import { duplicateTestcases } from '../support/junit.js';

const schema = compileSchema(readFileSync(new URL('../../fixtures/junit/jenkins-junit-4.xsd', import.meta.url), 'utf8'));
const names = (xml: string) => [...xml.matchAll(/<testcase classname="([^"]*)" name="([^"]*)"/g)].map((m) => `${m[1]} | ${m[2]}`).sort();

let server: ReferenceServer;
let once: CliResult;
let twenty: CliResult;
beforeAll(async () => {
  server = await startReferenceServer({ mutant: 'accept-bad-int' });
  // One operation with three int parameters over two transports, fuzzed too: a short run whose
  // negative cases fail in every repetition.
  const args = (repeat: number) => ['run', '--base-url', server.url, '--allow-mutations', '--operations', 'MobileDispatchUpdate', '--transports', 'soap11,get', '--runs', '3', '--seed', '5', '--repeat', String(repeat)];
  once = await runInProcess(args(1));
  twenty = await runInProcess(args(20));
}, 180_000);
afterAll(() => server?.close());

test('run --repeat 20 against a mutant: as many testcases as --repeat 1, named alike, valid JUnit', () => {
  expect([once.code, twenty.code]).toEqual([1, 1]);
  const [a, b] = [once.text('junit.xml'), twenty.text('junit.xml')];
  expect(names(b)).toEqual(names(a));
  expect(names(b).length).toBeGreaterThan(100);
  expect(/<testsuites [^>]*>/.exec(b)![0]).toBe(/<testsuites [^>]*>/.exec(a)![0]);
  expect(duplicateTestcases(b)).toEqual([]);
  expect(schema.validateText(b)).toEqual([]);
  // Every exchange is still in results.json's counts: twenty times as many, but for the ?WSDL, asked once a run.
  expect(twenty.json('results.json').summary.exchanges.total - 1).toBe(20 * (once.json('results.json').summary.exchanges.total - 1));
});

test('the failing testcase names its failing repetitions and how many passed', () => {
  const xml = twenty.text('junit.xml');
  const failing = /<testcase classname="MobileDispatchUpdate\.get" name="get int-non-numeric\(status\) rejects-invalid-input"[^>]*><failure message="([^"]*)"/.exec(xml);
  expect(failing?.[1]).toMatch(/^rejects-invalid-input: invalid input was accepted: HTTP 200 with a result; .* \[failed in 20 of 20 repetitions: #1-20; 0 passed\]$/);
  const failures = Number(/<testsuites [^>]*failures="(\d+)"/.exec(xml)![1]);
  expect(failures).toBeGreaterThan(0);
  expect(xml.match(/\[failed in 20 of 20 repetitions: #1-20; 0 passed\]" type=/g)?.length).toBe(failures);
});

/** What each foreign reader makes of one junit.xml: testcases, failed ones, and the first failure's message. */
interface Read { readonly total: number; readonly failed: number; readonly message: string }

const ALLURE = fileURLToPath(new URL('../../node_modules/.bin/allure', import.meta.url));
const READERS: Record<string, (file: string) => Promise<Read>> = {
  async allure(file) {
    const dir = mkdtempSync(join(tmpdir(), 'tsiws-allure-junit-'));
    mkdirSync(join(dir, 'results'));
    copyFileSync(file, join(dir, 'results', 'junit.xml'));
    await new Promise<void>((resolve, reject) => execFile(ALLURE, ['generate', join(dir, 'results'), '-o', join(dir, 'out'), '--clean'], { timeout: 120_000 }, (err, _o, stderr) => (err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve())));
    const { statistic } = JSON.parse(readFileSync(join(dir, 'out', 'widgets', 'summary.json'), 'utf8'));
    const cases = JSON.parse(readFileSync(join(dir, 'out', 'data', 'suites.json'), 'utf8'));
    const leaves = (n: any): any[] => (n.children ? n.children.flatMap(leaves) : [n]);
    const failed = leaves(cases).find((t) => t.status === 'failed');
    const detail = JSON.parse(readFileSync(join(dir, 'out', 'data', 'test-cases', `${failed.uid}.json`), 'utf8'));
    return { total: statistic.total, failed: statistic.failed, message: detail.statusMessage ?? '' };
  },
  async junit2json(file) {
    const parsed: any = await junit2json(readFileSync(file, 'utf8'));
    const cases = (parsed.testsuite ?? []).flatMap((s: any) => s.testcase ?? []);
    const failing = cases.filter((t: any) => t.failure);
    return { total: cases.length, failed: failing.length, message: failing[0]?.failure[0]?.message ?? '' };
  },
  async 'test-results-parser'(file) {
    const r = testResultsParse({ type: 'junit', files: [file] });
    const failing = r.suites.flatMap((s) => s.cases).filter((c) => c.status === 'FAIL');
    return { total: r.total, failed: r.failed, message: failing[0]?.failure ?? '' };
  },
  async 'junit-to-ctrf'(file) {
    const report = await convertJUnitToCTRFReport(file, { outputPath: join(mkdtempSync(join(tmpdir(), 'tsiws-ctrf-')), 'ctrf.json') });
    const failing = report!.results.tests.filter((t) => t.status === 'failed');
    return { total: report!.results.summary.tests, failed: report!.results.summary.failed, message: failing[0]?.message ?? '' };
  },
};

test.each(Object.keys(READERS))('%s reads the folded junit.xml: its testcases and failures, and the repetitions a failure names', async (reader) => {
  const xml = twenty.text('junit.xml');
  const total = xml.match(/<testcase /g)!.length;
  const failures = Number(/<testsuites [^>]*failures="(\d+)"/.exec(xml)![1]);
  const read = await READERS[reader]!(join(twenty.reports, 'junit.xml'));
  expect({ total: read.total, failed: read.failed }).toEqual({ total, failed: failures });
  expect(read.message).toMatch(/\[failed in 20 of 20 repetitions: #1-20; 0 passed\]/);
}, 150_000);

