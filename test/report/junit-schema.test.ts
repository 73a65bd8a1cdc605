/** reports/junit.xml validates against a published JUnit schema (fixtures/junit/README.md). */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { compileSchema } from '../../src/decode/xml.js';
import { junitXml } from '../../src/report/junit.js';
import { MIXED_RECORDS, MIXED_RUN } from '../support/records.js';

const schema = compileSchema(readFileSync(new URL('../../fixtures/junit/jenkins-junit-4.xsd', import.meta.url), 'utf8'));
const xml = junitXml(MIXED_RECORDS, MIXED_RUN);

test('junit.xml of a run with failures, errors and skips validates against the Jenkins JUnit schema', () => {
  expect(xml).toMatch(/<failure /);
  expect(xml).toMatch(/<error /);
  expect(xml).toMatch(/<skipped\/>/);
  expect(schema.validateText(xml)).toEqual([]);
});

test('the schema is a real check: a testcase <properties> block (not allowed there) is refused', () => {
  const broken = xml.replace('<system-out>', '<properties><property name="x" value="y"/></properties><system-out>');
  expect(schema.validateText(broken).join('\n')).toMatch(/properties/);
});

test('findings are <failure>, tool errors and crashed checks <error>, skips <skipped>', () => {
  const counts = /<testsuites tests="(\d+)" failures="(\d+)" errors="(\d+)">/.exec(xml)!;
  // 2 failed checks + 1 exchange the target did not complete; 1 crashed check + 1 tool error.
  expect(counts.slice(1).map(Number)).toEqual([8, 3, 2]);
  // 1 exchange not sent + 1 service check not made, counted per suite.
  expect([...xml.matchAll(/<testsuite [^>]*skipped="(\d+)"/g)].reduce((n, m) => n + Number(m[1]), 0)).toBe(2);
  expect(xml).toContain('<failure message="TSIWS_TIMEOUT: no complete response within 30000 ms" type="TSIWS_TIMEOUT"/>');
  expect(xml).toContain('type="check-error"');
  expect(xml).toContain('type="tool-error"');
});

test('each testcase carries operation, transport, check, seed and, unless it passed, the curl command', () => {
  const cases = [...xml.matchAll(/<testcase [^>]*>([\s\S]*?)<\/testcase>/g)].map((m) => m[1]!).filter((body) => !body.includes('tool-error'));
  expect(cases.length).toBe(7);
  for (const body of cases) {
    expect(body).toMatch(/operation: Mobile\w+|operation: tsiWS/);
    expect(body).toMatch(/transport: \w+/);
    expect(body).toMatch(/seed: \d+/);
  }
  const failure = cases.find((b) => b.includes('rejection-per-profile'))!;
  expect(failure).toContain('check: rejection-per-profile');
  expect(failure).toContain('Reproduce with:\ncurl -sS -i -X POST');
  expect(cases.find((b) => b.includes('echo-matches'))).toContain('seed: 42\nruns: 10\npath: 3:1:0');
  expect(cases.find((b) => b.includes('http-status-200'))).not.toContain('curl');
});

test('an operation with more records than one builder takes is still one <testsuite> with the summed counts', () => {
  // 350 copies of the mixed records: every operation spans several builder slices (junit.ts).
  const many = Array.from({ length: 350 }, () => MIXED_RECORDS).flat();
  const big = junitXml(many, MIXED_RUN);
  expect(schema.validateText(big)).toEqual([]);
  const suites = [...big.matchAll(/<testsuite name="([^"]+)"[^>]* tests="(\d+)" failures="(\d+)" errors="(\d+)" skipped="(\d+)">/g)];
  const small = [...xml.matchAll(/<testsuite name="([^"]+)"[^>]* tests="(\d+)" failures="(\d+)" errors="(\d+)" skipped="(\d+)">/g)];
  // The same suites, each with 350 times the counts of the small run (the run's tool errors, in
  // their own suite, once); properties once per suite.
  expect(suites.map((m) => m[1])).toEqual(small.map((m) => m[1]));
  const times = (m: RegExpMatchArray) => (m[1] === 'tsiws-conform' ? 1 : 350);
  expect(suites.map((m) => m.slice(2).map(Number))).toEqual(small.map((m) => m.slice(2).map((n) => Number(n) * times(m))));
  expect(big.match(/<properties>/g)?.length).toBe(xml.match(/<properties>/g)?.length);
  expect(big.match(/<testcase /g)?.length).toBe((xml.match(/<testcase /g)!.length - 1) * 350 + 1); // the tool error once
});

test('a run stopped early or cut short has its own valid testsuite saying so', () => {
  const incomplete = { reason: 'interrupted by SIGINT', casesNotRun: 300, fuzzPropertiesInterrupted: 0 };
  const stopped = junitXml([], { ...MIXED_RUN, toolErrors: [], incomplete });
  expect(schema.validateText(stopped)).toEqual([]);
  expect(stopped).toContain('<property name="incomplete" value="interrupted by SIGINT: 300 cases not run, 0 fuzz properties stopped early"/>');
  expect(stopped).toMatch(/<testcase classname="tsiws-conform" name="run incomplete">\s*<skipped\/>/);
  const failure = { code: 'TSIWS_UNREACHABLE', exitCode: 3, message: 'target unreachable: cannot connect' };
  const early = junitXml([], { ...MIXED_RUN, toolErrors: [failure.message], failure });
  expect(schema.validateText(early)).toEqual([]);
  expect(early).toContain('<error message="target unreachable: cannot connect" type="TSIWS_UNREACHABLE"/>');
});
