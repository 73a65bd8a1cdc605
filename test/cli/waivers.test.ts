/** Waivers that expire (issue 60, item 3, acceptance): a waiver for the one failing check of a
 * mutant (accept-bad-int: rejects-invalid-input) makes the run exit 0, the finding shown as waived
 * in report.html, junit.xml and certificate.json (which still verifies); the same waiver expired
 * yesterday exits 1 and says so; a waiver that matches nothing is reported stale. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/server/server.js';
import { cliInProcess, runInProcess } from '../support/cli.js';
import { compileSchema } from '../../src/decode/xml.js';

const JUNIT_SCHEMA = compileSchema(readFileSync(new URL('../../fixtures/junit/jenkins-junit-4.xsd', import.meta.url), 'utf8'));

let server: ReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer({ mutant: 'accept-bad-int' });
});
afterAll(() => server.close());

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const dir = mkdtempSync(join(tmpdir(), 'tsiws-waivers-'));
const waiversFile = (name: string, expires: string) => {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify({
    waivers: [
      { check: 'rejects-invalid-input', operation: 'MobileAccountSearch', reason: 'legacy host takes a bad int as 0', expires, ticket: 'OPS-1' },
      { check: 'xsd-valid', reason: 'never fires here', expires },
    ],
  }));
  return path;
};
// One operation over one transport: the mutant's one failing check, in seconds.
const run = (file: string, env: Record<string, string> = {}) => runInProcess(['run', '--base-url', server.url, '--operations', 'MobileAccountSearch', '--transports', 'soap11', '--runs', '1', '--seed', '3', '--waivers', file], env);

test('without a waiver the mutant fails exactly rejects-invalid-input (the control)', async () => {
  const r = await runInProcess(['run', '--base-url', server.url, '--operations', 'MobileAccountSearch', '--transports', 'soap11', '--runs', '1', '--seed', '3']);
  expect(r.code).toBe(1);
  const errors = r.json('results.json').failures.filter((f: { level: string }) => f.level === 'error');
  expect(new Set(errors.map((f: { check: string }) => f.check))).toEqual(new Set(['rejects-invalid-input']));
}, 120_000);

test('a waiver for that check: exit 0, waived in report.html, junit.xml and certificate.json; the unmatched one is stale', async () => {
  const summaryFile = join(dir, 'step-summary.md');
  const r = await run(waiversFile('active.json', day(30)), { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summaryFile });
  expect(r.code, r.stdout + r.stderr).toBe(0);
  expect(r.stdout).toMatch(/^Waiver: rejects-invalid-input \(MobileAccountSearch\): 3 waived; legacy host takes a bad int as 0 \[OPS-1\]/m);
  expect(r.stdout).toMatch(/^Stale waiver: xsd-valid: stale: matched nothing in this run/m);
  const junit = r.text('junit.xml');
  expect(junit).toContain(`<skipped>waived until ${day(30)}: legacy host takes a bad int as 0 [OPS-1]</skipped>`);
  expect(JUNIT_SCHEMA.validateText(junit)).toEqual([]);
  // The stale one: a passing note testcase of the run's own testsuite.
  expect(junit).toMatch(/<testcase classname="tsiws-conform" name="note 1"><system-out><!\[CDATA\[stale waiver: xsd-valid: stale: matched nothing/);
  const html = r.text('report.html');
  expect(html).toContain('<section id="waivers">');
  expect(html).toContain('waived: invalid input was accepted');
  expect(html).toContain('stale waiver');
  const certificate = r.json('certificate.json');
  expect(certificate.verdict).toBe('conforms');
  expect(certificate.waivers).toEqual([
    { check: 'rejects-invalid-input', operation: 'MobileAccountSearch', reason: 'legacy host takes a bad int as 0', expires: day(30), ticket: 'OPS-1', waived: 3, expiredMatches: 0, stale: false },
    { check: 'xsd-valid', reason: 'never fires here', expires: day(30), waived: 0, expiredMatches: 0, stale: true },
  ]);
  const results = r.json('results.json');
  expect(results.summary.checks.waived).toBe(3);
  expect(results.notes).toContainEqual({ check: 'stale-waiver', message: expect.stringMatching(/^stale waiver: xsd-valid/) });
  expect((await cliInProcess(['verify-certificate', r.reports])).code).toBe(0);
  // The GitHub step summary lists the waivers too.
  expect(readFileSync(summaryFile, 'utf8')).toMatch(/### Waivers\n\n- rejects-invalid-input \(MobileAccountSearch\): 3 waived; .*\n- xsd-valid: stale: matched nothing/);
}, 120_000);

test('the same waiver expired yesterday: exit 1, and the finding says the waiver expired', async () => {
  const r = await run(waiversFile('expired.json', day(-1)));
  expect(r.code).toBe(1);
  expect(r.stdout).toContain(`rejects-invalid-input: waiver expired on ${day(-1)} (legacy host takes a bad int as 0)`);
  expect(r.stdout).toMatch(/^Waiver expired: rejects-invalid-input \(MobileAccountSearch\): EXPIRED: 3 findings fail again/m);
  expect(r.json('certificate.json').verdict).toBe('does-not-conform');
  expect(r.text('junit.xml')).toContain('waiver expired on');
}, 120_000);

test('a waiver more than a year ahead is bad usage: exit 2 and the pointer', async () => {
  const r = await runInProcess(['run', '--base-url', server.url, '--waivers', waiversFile('far.json', day(400))]);
  expect(r.code).toBe(2);
  expect(r.stderr).toMatch(/\/waivers\/0\/expires: .* is more than a year ahead/);
}, 60_000);
