/**
 * Issue 61's acceptance for junit.xml (deciding issue 52): `run --repeat 20` against a mutant has as
 * many testcases as `--repeat 1`, named alike, and its failing testcases name their failing
 * repetitions; results.json still holds every exchange. Unit-tested case by case in
 * test/report/junit-fold.test.ts.
 */
import { readFileSync } from 'node:fs';
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
