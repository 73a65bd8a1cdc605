/**
 * junit.xml folds a case's repetitions (--repeat) into its testcases (issue 61, deciding issue 52):
 * as many testcases, named alike, whatever --repeat is; a failure names the repetitions that failed
 * and how many passed; a clean case says how many repetitions passed and nothing more.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { compileSchema } from '../../src/decode/xml.js';
import { junitXml } from '../../src/report/foreign/junit.js';
import { foldRecord, repetitionRanges, type FoldedClass } from '../../src/report/digest/junit-fold.js';
import { diagnosisBody } from '../../src/report/foreign/diagnoses-junit.js';
import type { Diagnosis, FindingRef } from '../../src/report/digest/diagnoses-of.js';
import { caseOfRecord, repetitionId } from '../../src/results/repetition.js';
import type { ExchangeRecord } from '../../src/results/record.js';
import { duplicateTestcases } from '../support/junit.js';
import { MIXED_RECORDS, MIXED_RUN } from '../support/records.js';

const schema = compileSchema(readFileSync(new URL('../../fixtures/junit/jenkins-junit-4.xsd', import.meta.url), 'utf8'));
const run = { ...MIXED_RUN, toolErrors: [] };
const names = (xml: string) => [...xml.matchAll(/<testcase classname="([^"]*)" name="([^"]*)"/g)].map((m) => `${m[1]} | ${m[2]}`);
const testcase = (xml: string, name: string) => new RegExp(`<testcase [^>]*name="${name.replace(/[()[\]]/g, '\\$&')}"[^>]*>([\\s\\S]*?)</testcase>`).exec(xml)?.[0];

/** The mixed records as repetition `n` (0 for the first) of their cases, as plan.ts numbers them. */
const repetition = (n: number, records: readonly ExchangeRecord[] = MIXED_RECORDS): ExchangeRecord[] =>
  records.map((r) => ({ ...r, caseId: repetitionId(r.caseId, n), response: r.response ? { ...r.response, elapsedMs: 10 + n } : undefined }) as ExchangeRecord);
const repeated = (times: number, records?: readonly ExchangeRecord[]) => Array.from({ length: times }, (_, n) => repetition(n, records)).flat();

describe('a repeated run has the testcases of an unrepeated one', () => {
  const once = junitXml(repeated(1), run);
  const twenty = junitXml(repeated(20), run);

  test('the same names and counts, valid against the Jenkins schema', () => {
    expect(names(twenty)).toEqual(names(once));
    expect(duplicateTestcases(twenty)).toEqual([]);
    expect(/<testsuites [^>]*>/.exec(twenty)![0]).toBe(/<testsuites [^>]*>/.exec(once)![0]);
    expect(schema.validateText(twenty)).toEqual([]);
  });

  test('a failure names the repetitions that failed and how many passed', () => {
    const tc = testcase(twenty, 'post int-non-numeric(repnumber) rejection-per-profile')!;
    const tail = '[failed in 20 of 20 repetitions: #1-20; 0 passed]';
    expect(tc).toContain(`<failure message="rejection-per-profile: accepted &quot;abc&quot; &lt;as&gt; 0 &amp; answered 200 ${tail}" type="rejection-per-profile">`);
    expect(tc).toContain('repetitions: 20, failed in 20 of 20 repetitions: #1-20; 0 passed\nlevel: error\n');
    // An exchange the target did not complete, and a crashed check (an <error>), alike.
    expect(testcase(twenty, 'soap12 exchange')).toContain('TSIWS_TIMEOUT: no complete response within 30000 ms [failed in 20 of 20 repetitions: #1-20; 0 passed]');
    expect(testcase(twenty, 'soap11 xsd-valid')).toContain('<error message="xsd-valid: check crashed: TypeError: x is undefined [not checked in 20 of 20 repetitions: #1-20; 0 passed]" type="check-error"/>');
  });

  test('a clean testcase says only how many repetitions passed; its time is theirs summed', () => {
    const tc = testcase(twenty, 'soap11 http-status-200')!;
    expect(tc).not.toMatch(/<failure|<error/);
    expect(tc).toContain('<system-out><![CDATA[repetitions: 20\noperation: MobileGetEmployee\n');
    // 10 + 11 + ... + 29 ms.
    expect(tc).toContain('time="0.39"');
    // A run without --repeat reads as before: no repetitions line.
    expect(testcase(once, 'soap11 http-status-200')).not.toContain('repetitions:');
  });

  test('a skipped exchange is one skipped testcase', () => {
    expect(testcase(twenty, 'post positive not sent')).toContain('<skipped/><system-out><![CDATA[repetitions: 20\nmutating operation');
  });
});

describe('which repetitions a testcase is written from', () => {
  const passing = MIXED_RECORDS[0]!;
  const failing = (n: number): ExchangeRecord => ({ ...passing, caseId: repetitionId('p1', n), checks: [{ id: 'http-status-200', status: 'failed', level: 'error', message: `HTTP 500 in #${n + 1}` }] });
  const clean = (n: number): ExchangeRecord => ({ ...passing, caseId: repetitionId('p1', n) });
  const mixed = [clean(0), failing(6), clean(1), failing(2), failing(3), failing(4), clean(5), failing(8), clean(7)];

  test('the first repetition that failed, however the records arrived; the failed ones as ranges', () => {
    const xml = junitXml(mixed, run);
    const tc = testcase(xml, 'soap11 http-status-200')!;
    expect(tc).toContain('message="http-status-200: HTTP 500 in #3 [failed in 5 of 9 repetitions: #3-5, #7, #9; 4 passed]"');
    expect(tc).toContain('case: p1-r3\n');
    // Shards joined by merge-reports come in another order: the same document.
    expect(junitXml([...mixed].reverse(), run)).toBe(xml);
  });

  test('a warning that does not fail the run stays a passing testcase that names where it was seen', () => {
    const warned = (n: number): ExchangeRecord => ({ ...passing, caseId: repetitionId('p1', n), checks: [{ id: 'http-status-200', status: 'failed', level: 'warning', message: 'slow' }] });
    const tc = testcase(junitXml([clean(0), warned(1), clean(2)], run), 'soap11 http-status-200')!;
    expect(tc).not.toMatch(/<failure/);
    expect(tc).toContain('repetitions: 3, a finding in 1 of 3 repetitions: #2\nwarning: http-status-200: slow\n');
  });

  test('a fuzz property is one case whichever sample each repetition shows; a replayed baseline\'s samples are cases each', () => {
    const fuzz = MIXED_RECORDS[2]!;
    const property = (id: string): ExchangeRecord => ({ ...fuzz, caseId: id, fuzz: { ...fuzz.fuzz!, samples: 10 } });
    const folded = junitXml([property('Op-fuzz-0'), property('Op-r2-fuzz-7'), property('Op-r3-fuzz-0')], run);
    expect(names(folded)).toEqual(['MobileGetEmployee.get | get fuzz echo-matches']);
    expect(folded).toContain('[failed in 3 of 3 repetitions: #1-3; 0 passed]');
    const replayed = junitXml([{ ...fuzz, caseId: 'Op-fuzz-0' }, { ...fuzz, caseId: 'Op-fuzz-1' }], run);
    expect(names(replayed)).toEqual(['MobileGetEmployee.get | get fuzz echo-matches [Op-fuzz-0]', 'MobileGetEmployee.get | get fuzz echo-matches [Op-fuzz-1]']);
  });
});

test('a diagnosis lists a case\'s repetitions, and a fuzz property\'s samples, on one line: its text does not grow with --repeat', () => {
  const ref = (caseId: string, transport: FindingRef['transport'] = 'get'): FindingRef => ({ operation: 'MobileX', transport, caseId, check: 'http-status-200', level: 'error' });
  const diagnosis = (explains: FindingRef[]): Diagnosis => ({ id: 'transport-not-enabled', level: 'error', summary: 's', evidence: [], fix: 'f', runtimeEvidence: 'r', explains });
  const lines = (d: Diagnosis) => diagnosisBody(d).split('\n').slice(3);
  const once = [ref('MobileX-example'), ref('MobileX-example', 'post'), ref('MobileX-fuzz-4')];
  expect(lines(diagnosis(once))).toEqual([
    'explains 3 findings:',
    '  MobileX get http-status-200 (case MobileX-example, failures/MobileX-example-get.json)',
    '  MobileX post http-status-200 (case MobileX-example, failures/MobileX-example-post.json)',
    '  MobileX get http-status-200 (case MobileX-fuzz-4, failures/MobileX-fuzz-4-get.json)',
  ]);
  const repeated = [...once, ref('MobileX-example-r2'), ref('MobileX-r2-fuzz-0'), ref('MobileX-example-r3', 'post')];
  expect(lines(diagnosis(repeated))).toEqual([
    'explains 6 findings:',
    '  MobileX get http-status-200 (case MobileX-example, failures/MobileX-example-get.json, found 2 times)',
    '  MobileX post http-status-200 (case MobileX-example, failures/MobileX-example-post.json, found 2 times)',
    '  MobileX get http-status-200 (case MobileX-fuzz-4, failures/MobileX-fuzz-4-get.json, found 2 times)',
  ]);
});

test('the repetition grammar: -r<n> as a segment, written and read in one place', () => {
  const table: Array<[string, boolean, string, number]> = [
    ['MobileX-example', false, 'MobileX-example', 1],
    ['MobileX-example-r3', false, 'MobileX-example', 3],
    ['MobileX-int-empty-repnumber-r12', false, 'MobileX-int-empty-repnumber', 12],
    ['MobileX-r2-fuzz-14', true, 'MobileX-fuzz', 2],
    ['MobileX-fuzz-14', true, 'MobileX-fuzz', 1],
    ['MobileX-fuzz-14', false, 'MobileX-fuzz-14', 1],
    ['contact-email-sequence-soap11-r4-2-create', false, 'contact-email-sequence-soap11-2-create', 4],
    ['contact-email-sequence-r4-create-parity', false, 'contact-email-sequence-create-parity', 4],
    // Not a repetition: r0, r01, a word that starts with r and digits.
    ['MobileX-r0', false, 'MobileX-r0', 1],
    ['MobileX-r01', false, 'MobileX-r01', 1],
    ['MobileX-r2x', false, 'MobileX-r2x', 1],
  ];
  for (const [id, property, caseId, rep] of table) expect(caseOfRecord(id, property), id).toEqual({ caseId, repetition: rep });
  for (const n of [0, 1, 19]) expect(caseOfRecord(repetitionId('MobileX-example', n), false)).toEqual({ caseId: 'MobileX-example', repetition: n + 1 });
});

test('what a testcase keeps of its repetitions does not grow with --repeat when they fail alike', () => {
  const classes = new Map<string, FoldedClass>();
  const failing = MIXED_RECORDS[1]!;
  for (let n = 0; n < 500; n++) foldRecord(classes, { ...failing, caseId: repetitionId('n1', n) }, n, 'error');
  const [f] = [...classes.get('MobileGetEmployee.post')!.testcases()];
  expect(f).toMatchObject({ runs: 500, worstCount: 500, worst: [1, 500], shown: 0, shownRepetition: 1 });
});

test('repetition ranges: [from, to] pairs in any order, joined where they meet', () => {
  expect(repetitionRanges([5, 5, 1, 2, 3, 3, 9, 9, 7, 8])).toBe('#1-3, #5, #7-9');
  expect(repetitionRanges([4, 4])).toBe('#4');
  expect(repetitionRanges([2, 6, 1, 3, 7, 7])).toBe('#1-7');
  expect(repetitionRanges([1, 1, 3, 3, 5, 5, 7, 7], 2)).toBe('#1, #3 and 2 more ranges');
});
