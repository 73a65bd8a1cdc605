/** reports/junit.xml validates against a published JUnit schema (fixtures/junit/README.md). */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { compileSchema } from '../../src/decode/xml.js';
import { junitXml } from '../../src/report/foreign/junit.js';
import type { ExchangeRecord } from '../../src/results/record.js';
import { duplicateTestcases } from '../support/junit.js';
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
  expect(xml).toContain('<failure message="TSIWS_TIMEOUT: no complete response within 30000 ms" type="TSIWS_TIMEOUT">');
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

test('an operation with many records is still one <testsuite> with the summed counts', () => {
  // 350 cases like the mixed records: every operation's testcases span many written chunks (junit.ts).
  // (Copies with the same case ids would be one case's repetitions, folded: junit-fold.test.ts.)
  const many = Array.from({ length: 350 }, (_, i) => MIXED_RECORDS.map((r) => ({ ...r, caseId: `${r.caseId}-c${i}` }))).flat();
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

describe('testcase identity', () => {
  const parityOf = (caseId: string, scenario?: 'int-empty'): ExchangeRecord => ({
    operation: 'MobileGetEmployee', transport: 'parity', caseId, kind: 'parity', ...(scenario ? { scenario, param: 'repnumber' } : {}),
    request: MIXED_RECORDS[0]!.request, checks: [{ id: 'transport-parity', status: 'passed' }],
  });
  // Parity comparisons of several cases, a repeated case (--repeat: folded into its case's testcase),
  // the same records twice (one case), a second case under p1's label, and a check whose label is
  // what p1's name becomes (a --checks-module may name a check anything).
  const clash: ExchangeRecord = { ...MIXED_RECORDS[0]!, caseId: 'p9', checks: [{ id: 'http-status-200 [p1]', status: 'passed' }] };
  const records = [...MIXED_RECORDS, parityOf('p1'), parityOf('n1', 'int-empty'), parityOf('n2', 'int-empty'), { ...MIXED_RECORDS[0]!, caseId: 'p1-r2' }, ...MIXED_RECORDS, { ...MIXED_RECORDS[0]!, caseId: 'p4' }, clash];
  const text = junitXml(records, MIXED_RUN);

  test('no two testcases share classname and name', () => {
    expect(text.match(/<testcase /g)?.length).toBe(7 + 3 + 2 + 1); // the tool error once
    expect(duplicateTestcases(text)).toEqual([]);
    expect(schema.validateText(text)).toEqual([]);
  });

  test('a name shared by several cases gets their case ids; a name used once stays as it is', () => {
    const names = [...text.matchAll(/<testcase classname="MobileGetEmployee\.parity" name="([^"]*)"/g)].map((m) => m[1]);
    // In report order: by case (n1, n2, p1), not as the records came.
    expect(names).toEqual(['parity int-empty(repnumber) transport-parity [n1]', 'parity int-empty(repnumber) transport-parity [n2]', 'parity transport-parity']);
    const soap11 = [...text.matchAll(/<testcase classname="MobileGetEmployee\.soap11" name="([^"]*)"/g)].map((m) => m[1]);
    // `#n` only where two distinct cases' names meet.
    expect(soap11).toEqual(['soap11 http-status-200 [p1]', 'soap11 http-status-200 [p4]', 'soap11 http-status-200 [p1] #2']);
  });
});

describe('times', () => {
  const at = (sentAt: string, elapsedMs: number, caseId: string): ExchangeRecord => ({ ...MIXED_RECORDS[0]!, caseId, response: { ...MIXED_RECORDS[0]!.response!, sentAt, elapsedMs } });
  // Three exchanges in flight together for 1.5 s, then, after a pause, one for 0.5 s: 4 s summed,
  // 3.5 s from the first sent to the last answered, 2 s with an exchange in flight.
  const text = junitXml([at('2026-01-02T03:04:05.000Z', 1000, 'a'), at('2026-01-02T03:04:05.250Z', 1250, 'b'), at('2026-01-02T03:04:05.500Z', 1000, 'c'), at('2026-01-02T03:04:08.000Z', 500, 'd')], MIXED_RUN);

  test('a testcase takes the time of its exchange; a suite the time its exchanges were in flight', () => {
    expect([...text.matchAll(/<testcase [^>]*time="([\d.]+)"/g)].map((m) => m[1])).toEqual(['1', '1.25', '1', '0.5']);
    expect(text).toMatch(/<testsuite name="MobileGetEmployee" [^>]*time="2"/);
  });
});

describe('the body of a <failure>', () => {
  test('holds the message, the request line, the answer status and first lines, and the curl command', () => {
    const body = /<testcase [^>]*name="post int-non-numeric\(repnumber\) rejection-per-profile"[^>]*>\s*<failure message="[^"]*" type="[^"]*"><!\[CDATA\[([\s\S]*?)\]\]><\/failure>/.exec(xml)![1];
    expect(body).toBe([
      'rejection-per-profile: accepted "abc" <as> 0 & answered 200',
      '',
      'POST http://127.0.0.1:1/api/rmm/tsiWS.asmx/MobileGetEmployee',
      'HTTP 200, text/xml; charset=utf-8, 12 bytes in 12 ms',
      '<int>1</int>',
      '',
      'Reproduce with:',
      MIXED_RECORDS[1]!.request.curl,
    ].join('\n'));
  });

  test('names an exchange the target did not complete', () => {
    expect(xml).toMatch(/<failure message="TSIWS_TIMEOUT[^"]*" type="TSIWS_TIMEOUT"><!\[CDATA\[TSIWS_TIMEOUT: no complete response within 30000 ms\n\nPOST \S+\nno complete answer: TSIWS_TIMEOUT\n\nReproduce with:\ncurl /);
  });

  test('an answer with "]]>" more than once, and control characters, still makes a valid document', () => {
    const hostile = { ...MIXED_RECORDS[1]!, response: { ...MIXED_RECORDS[1]!.response!, body: 'a]]>b\x00c]]>d\n]]>' }, checks: [{ id: 'rejection-per-profile', status: 'failed' as const, message: 'x]]>y' }] };
    const text = junitXml([hostile], MIXED_RUN);
    expect(schema.validateText(text)).toEqual([]);
    expect(text).toContain('a]]]]><![CDATA[>bc]]]]><![CDATA[>d');
  });
});
