/**
 * --allure DIR read by the foreign reader it is written for: Allure 2's command line (the
 * allure-commandline package, which needs Java: `npm run test:system` installs Debian's headless
 * JRE when `java` is missing, scripts/setup-system.sh --java) builds a report from a run against a
 * mutant, and counts what junit.xml counts: tests, failures, errors (broken) and skipped. A system
 * test (test/system-files.ts): a run and a JVM, 15 to 25 s.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../../src/server/server.js';
import { runAndReport, runSettings } from '../../../src/session/api.js';

const ALLURE = fileURLToPath(new URL('../../../node_modules/.bin/allure', import.meta.url));

function allureGenerate(results: string, out: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(ALLURE, ['generate', results, '-o', out, '--clean'], { timeout: 120_000 }, (err, stdout, stderr) => (err ? reject(new Error(`allure generate failed: ${err.message}\n${stderr}`)) : resolve(stdout)));
  });
}

/** junit.xml's counts: the root's tests, failures and errors, and its suites' skipped summed (the
 * Jenkins schema gives the root no skipped count). */
function junitCounts(xml: string) {
  const root = /<testsuites [^>]*>/.exec(xml)![0];
  const attr = (tag: string, name: string) => Number(new RegExp(`\\b${name}="(\\d+)"`).exec(tag)?.[1] ?? 0);
  const skipped = [...xml.matchAll(/<testsuite [^>]*>/g)].reduce((n, m) => n + attr(m[0], 'skipped'), 0);
  return { total: attr(root, 'tests'), failed: attr(root, 'failures'), broken: attr(root, 'errors'), skipped, testcases: xml.match(/<testcase /g)?.length ?? 0 };
}

describe('allure generate on the results of a run against mutant accept-bad-int', () => {
  let server: ReferenceServer;
  let reports: string;
  let out: string;
  beforeAll(async () => {
    server = await startReferenceServer({ mutant: 'accept-bad-int' });
    const work = mkdtempSync(join(tmpdir(), 'tsiws-allure-'));
    reports = join(work, 'reports');
    out = join(work, 'allure-report');
    const settings = await runSettings(['--base-url', server.url, '--allow-mutations', '--suites', 'positive,negative', '--runs', '1', '--seed', '5', '--operations', 'MobileDispatchUpdate,MobileContactSearch', '--reports', reports, '--allure', join(work, 'allure-results')], {});
    await runAndReport(settings, { say: () => undefined });
    await allureGenerate(join(work, 'allure-results'), out);
  }, 170_000);
  afterAll(() => server?.close());

  test('its test count is the JUnit\'s, and so are its failed, broken and skipped counts', () => {
    const junit = junitCounts(readFileSync(join(reports, 'junit.xml'), 'utf8'));
    const { statistic } = JSON.parse(readFileSync(join(out, 'widgets', 'summary.json'), 'utf8'));
    expect(junit.failed).toBeGreaterThan(0);
    expect(junit.total).toBe(junit.testcases);
    expect(statistic.total).toBe(junit.testcases);
    expect({ failed: statistic.failed, broken: statistic.broken, skipped: statistic.skipped }).toEqual({ failed: junit.failed, broken: junit.broken, skipped: junit.skipped });
    expect(statistic.passed).toBe(junit.total - junit.failed - junit.broken - junit.skipped);
  });

  test('the report groups by operation, then transport, and keeps each failure\'s steps and attachments', () => {
    const suites = JSON.parse(readFileSync(join(out, 'data', 'suites.json'), 'utf8'));
    const top = suites.children.flatMap((parent: { name: string; children: Array<{ name: string; children: Array<{ name: string }> }> }) => parent.children);
    expect(top.map((s: { name: string }) => s.name).sort()).toEqual(expect.arrayContaining(['MobileContactSearch', 'MobileDispatchUpdate']));
    const dispatch = top.find((s: { name: string }) => s.name === 'MobileDispatchUpdate');
    expect(dispatch.children.map((s: { name: string }) => s.name).sort()).toEqual(['get', 'parity', 'post', 'soap11', 'soap12']);
    const cases = readdirSync(join(out, 'data', 'test-cases')).map((f) => JSON.parse(readFileSync(join(out, 'data', 'test-cases', f), 'utf8')));
    const failed = cases.find((c) => c.status === 'failed' && c.testStage.steps.length === 3);
    expect(failed, 'a failed result with steps encode, send, check').toBeDefined();
    const [encode, send, check] = failed.testStage.steps;
    expect(encode.name).toMatch(/^encode: (GET|POST) /);
    expect(encode.attachments.map((a: { name: string }) => a.name)).toEqual(['request']);
    expect(send.name).toMatch(/^send: HTTP \d+ in \d+ ms$/);
    expect(send.attachments.map((a: { name: string }) => a.name)).toEqual(['answer']);
    expect(check).toMatchObject({ name: expect.stringMatching(/^check [a-z0-9-]+ \(error\)$/), status: 'failed' });
    // The attachment is in the report, as the run recorded it.
    expect(readFileSync(join(out, 'data', 'attachments', send.attachments[0].source), 'utf8')).toMatch(/^HTTP \d+ \(\d+ ms\)\n/);
    const labels = Object.fromEntries(failed.labels.map((l: { name: string; value: string }) => [l.name, l.value]));
    expect(labels).toMatchObject({ operation: expect.stringMatching(/^Mobile/), transport: expect.stringMatching(/^(soap11|soap12|get|post)$/), level: 'error', check: expect.any(String) });
  });
});
