/**
 * A proxy's exchanges fold per cell (issue 61): each is a repetition of its operation, transport
 * and how it was judged, numbered by its place in the session, so junit.xml has one testcase per
 * cell and check however many exchanges passed through, a failure names the failing exchanges, and
 * what the reports' tallies hold does not grow with the passing ones.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { compileSchema } from '../../src/decode/xml.js';
import { MAX_INTERVALS } from '../../src/report/digest/busy-time.js';
import { RunDigest } from '../../src/report/digest/digest.js';
import { junitXml } from '../../src/report/foreign/junit.js';
import type { JunitTally } from '../../src/report/digest/junit-tally.js';
import { KEPT_RANGES, foldRecord, type FoldedClass } from '../../src/report/digest/junit-fold.js';
import type { ExchangeRecord, ObservedInfo } from '../../src/results/record.js';
import { duplicateTestcases } from '../support/junit.js';
import { MIXED_RECORDS, MIXED_RUN } from '../support/records.js';

const schema = compileSchema(readFileSync(new URL('../../fixtures/junit/jenkins-junit-4.xsd', import.meta.url), 'utf8'));
const run = { ...MIXED_RUN, toolErrors: [], kind: 'observed' as const };
const names = (xml: string) => [...xml.matchAll(/<testcase classname="([^"]*)" name="([^"]*)"/g)].map((m) => `${m[1]} | ${m[2]}`);
const testcase = (xml: string, name: string) => new RegExp(`<testcase [^>]*name="${name.replace(/[()[\]]/g, '\\$&')}"[^>]*>([\\s\\S]*?)</testcase>`).exec(xml)?.[0];

const passing = MIXED_RECORDS[0]!;
/** Exchange `n` of the proxy's session (as observed-record.ts numbers it): a valid request's answer, judged. */
const observed = (n: number, judgedAs: ObservedInfo['judgedAs'] = 'positive', failed = false): ExchangeRecord => ({
  ...passing,
  caseId: `observed-${String(n).padStart(6, '0')}`,
  kind: 'observed',
  observed: { judgedAs, clientChecks: [] },
  response: { ...passing.response!, sentAt: new Date(Date.UTC(2026, 0, 1) + n * 20).toISOString(), elapsedMs: 2 },
  checks: failed ? [{ id: 'http-status-200', status: 'failed', level: 'error', message: `HTTP 500 in exchange ${n}` }] : passing.checks,
});
const session = (count: number, failing: ReadonlySet<number> = new Set()) => Array.from({ length: count }, (_, i) => observed(i + 1, 'positive', failing.has(i + 1)));

test('many exchanges of one cell are one testcase per check, its failure naming the failing exchanges', () => {
  const xml = junitXml(session(1000, new Set([17, 400, 401, 402])), run);
  expect(names(xml)).toEqual(['MobileGetEmployee.soap11 | soap11 http-status-200']);
  expect(names(xml)).toEqual(names(junitXml(session(1), run)));
  expect(duplicateTestcases(xml)).toEqual([]);
  expect(schema.validateText(xml)).toEqual([]);
  const tc = testcase(xml, 'soap11 http-status-200')!;
  expect(tc).toContain('message="http-status-200: HTTP 500 in exchange 17 [failed in 4 of 1000 exchanges: #17, #400-402; 996 passed]"');
  expect(tc).toContain('exchanges: 1000, failed in 4 of 1000 exchanges: #17, #400-402; 996 passed\n');
  // Written from the first failing exchange: its own number, to find it in records.jsonl and the HAR.
  expect(tc).toContain('case: observed-000017\n');
  // A clean cell says how many exchanges passed.
  expect(testcase(junitXml(session(50), run), 'soap11 http-status-200')).toContain('exchanges: 50\n');
});

test('how an exchange was judged is part of its cell: a valid request\'s answer and any answer are two testcases', () => {
  const xml = junitXml([observed(1), observed(2, 'any answer'), observed(3), observed(4, 'any answer', true)], run);
  // In report order (case ids compared as text), never in the order the exchanges came.
  expect(names(xml)).toEqual([
    'MobileGetEmployee.soap11 | soap11 http-status-200 [observed-any-answer]',
    'MobileGetEmployee.soap11 | soap11 http-status-200 [observed-positive]',
  ]);
  expect(testcase(xml, 'soap11 http-status-200 [observed-any-answer]')).toContain('[failed in 1 of 2 exchanges: #4; 1 passed]');
  expect(schema.validateText(xml)).toEqual([]);
});

/** The entries a digest holds for junit.xml and results.json: folded testcases, verdict keys and
 * kept records; and the intervals of busy time (bounded, not constant: one per gap up to MAX_INTERVALS). */
function entries(digest: RunDigest): { entries: number; intervals: number } {
  const junit: JunitTally = digest.junit;
  let count = Object.keys(digest.verdicts.verdicts).length;
  let intervals = 0;
  for (const suite of junit.suites.values()) {
    intervals = Math.max(intervals, suite.busy.intervals);
    for (const labels of suite.classes.values()) count += [...labels.testcases()].length;
  }
  return { entries: count + digest.kept.length, intervals };
}

test('what the reports hold of a proxy\'s passing exchanges does not grow with their number', () => {
  const held = (count: number) => {
    const digest = new RunDigest('error');
    for (const r of session(count)) digest.add(r);
    return entries(digest);
  };
  const many = held(10_000);
  expect(many.entries).toBe(held(100).entries);
  // Each of these exchanges left a gap after it (one every 20 ms, 2 ms long).
  expect(many.intervals).toBeLessThanOrEqual(MAX_INTERVALS);
  // The verdicts of results.json: one per cell, as `compare` keys them.
  const digest = new RunDigest('error');
  for (const r of session(3)) digest.add(r);
  expect(digest.verdicts.verdicts).toEqual({ 'MobileGetEmployee-observed soap11': 'passed' });
});

test('a cell failing in every other exchange keeps a bounded list of them and counts the rest', () => {
  const classes = new Map<string, FoldedClass>();
  for (let n = 1; n <= 10_000; n++) foldRecord(classes, observed(n, 'positive', n % 2 === 0), n - 1, 'error');
  const [f] = [...classes.get('MobileGetEmployee.soap11')!.testcases()];
  expect(f!.worst!.length).toBeLessThanOrEqual(2 * KEPT_RANGES);
  expect(f).toMatchObject({ runs: 10_000, worstCount: 5000, unlisted: 5000 - KEPT_RANGES });
  const xml = junitXml(session(200, new Set(Array.from({ length: 100 }, (_, i) => 2 * i + 2))), run);
  expect(testcase(xml, 'soap11 http-status-200')).toContain('[failed in 100 of 200 exchanges: #2, #4, #6, #8, #10, #12, #14, #16, #18, #20, #22, #24, #26, #28, #30, #32, #34, #36, #38, #40 and 40 more ranges and 40 more not listed; 100 passed]');
});
