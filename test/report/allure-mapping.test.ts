/** The Allure results (issue 40, part 3; report/foreign/allure.ts): what one record maps to. A run with
 * --allure DIR is in test/cli/allure.test.ts; Allure's own command line reading the results in
 * test/report/foreign/allure.test.ts (a system test). Also the writer's own rule: a folder that fails
 * during the run is one warning, never a failed run. */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { AllureResults } from '../../src/report/foreign/allure-results.js';
import { allureTestsOf, runAllureTests } from '../../src/report/foreign/allure.js';
import type { RunInfo } from '../../src/report/digest/summary.js';
import type { ExchangeRecord } from '../../src/results/record.js';

const RUN = { seed: 7 };

const record = (over: Partial<ExchangeRecord>): ExchangeRecord => ({
  operation: 'MobileAccountSearch', transport: 'post', caseId: 'MobileAccountSearch-valid', kind: 'positive',
  request: { method: 'POST', url: 'http://target.example/tsiWS.asmx/MobileAccountSearch', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'sig=%3CSIGNATURE%3E', curl: 'curl -d sig=%3CSIGNATURE%3E http://target.example' },
  response: { status: 500, headers: { 'content-type': 'text/plain' }, body: 'boom', bodyBytes: 4, truncated: false, elapsedMs: 12, sentAt: '2026-11-26T10:00:01.000Z' },
  checks: [{ id: 'http-status-200', status: 'failed', level: 'error', message: 'HTTP 500' }, { id: 'content-type', status: 'passed' }, { id: 'fault-shape', status: 'skipped' }],
  ...over,
}) as ExchangeRecord;

const label = (t: { labels: ReadonlyArray<{ name: string; value: string }> }, name: string) => t.labels.filter((l) => l.name === name).map((l) => l.value);

describe('allureTestsOf', () => {
  test('one result per judging check: an error-level finding is failed, with steps encode, send and its check', () => {
    const [failing, passing, ...rest] = allureTestsOf(record({}), RUN, 'error');
    // The skipped check judged nothing: no testcase in junit.xml, no result here.
    expect(rest).toEqual([]);
    expect(failing).toMatchObject({ name: 'post http-status-200', status: 'failed', message: 'http-status-200: HTTP 500', fullName: 'MobileAccountSearch.post: post http-status-200 [MobileAccountSearch-valid]' });
    expect(failing!.trace).toContain('Reproduce with:\ncurl -d sig=%3CSIGNATURE%3E');
    expect(failing!.steps.map((s) => [s.name, s.status, s.attach])).toEqual([
      ['encode: POST http://target.example/tsiWS.asmx/MobileAccountSearch', 'passed', 'request'],
      ['send: HTTP 500 in 12 ms', 'passed', 'answer'],
      ['check http-status-200 (error)', 'failed', undefined],
    ]);
    expect(failing!.start).toBe(Date.parse('2026-11-26T10:00:01.000Z'));
    expect(failing!.stop).toBe(failing!.start! + 12);
    expect(label(failing!, 'suite')).toEqual(['MobileAccountSearch']);
    expect(label(failing!, 'feature')).toEqual(['MobileAccountSearch']);
    expect(label(failing!, 'subSuite')).toEqual(['post']);
    expect(label(failing!, 'check')).toEqual(['http-status-200']);
    expect(label(failing!, 'level')).toEqual(['error']);
    // A passing check: passed, no message, no level.
    expect(passing).toMatchObject({ name: 'post content-type', status: 'passed' });
    expect(passing!.message).toBeUndefined();
    expect(label(passing!, 'level')).toEqual([]);
    expect(passing!.steps.at(-1)).toMatchObject({ name: 'check content-type', status: 'passed' });
  });

  test('a warning passes (its check step failed, its level a label) unless --fail-on warning', () => {
    const warned = record({ checks: [{ id: 'xml-lang', status: 'failed', level: 'warning', message: 'no xml:lang' }] });
    const [under] = allureTestsOf(warned, RUN, 'error');
    expect(under).toMatchObject({ status: 'passed', message: 'warning: xml-lang: no xml:lang' });
    expect(under!.steps.at(-1)).toMatchObject({ name: 'check xml-lang (warning)', status: 'failed', message: 'no xml:lang' });
    expect(label(under!, 'level')).toEqual(['warning']);
    expect(allureTestsOf(warned, RUN, 'warning')[0]!.status).toBe('failed');
  });

  test('a crashed check is broken; an exchange not completed is failed at its send step; one not sent is skipped', () => {
    expect(allureTestsOf(record({ checks: [{ id: 'xsd-valid', status: 'error', message: 'TypeError' }] }), RUN, 'error')[0]!.status).toBe('broken');
    const { response: _none, ...unanswered } = record({ checks: [], error: { code: 'TIMEOUT', message: 'no answer in 5000 ms' } });
    const [timeout] = allureTestsOf(unanswered as ExchangeRecord, RUN, 'error');
    expect(timeout).toMatchObject({ name: 'post exchange', status: 'failed', message: 'TIMEOUT: no answer in 5000 ms' });
    expect(timeout!.steps.map((s) => [s.name, s.status])).toEqual([['encode: POST http://target.example/tsiWS.asmx/MobileAccountSearch', 'passed'], ['send: no complete answer (TIMEOUT)', 'failed']]);
    const [notSent] = allureTestsOf(record({ skipped: 'a mutating operation without --allow-mutations', checks: [] }), RUN, 'error');
    expect(notSent).toMatchObject({ name: 'post positive not sent', status: 'skipped', message: 'a mutating operation without --allow-mutations' });
  });

  test('the run\'s own results: a tool error is broken, a run cut short skipped', () => {
    const run = { seed: 1, toolErrors: ['the probe crashed'], incomplete: { reason: 'SIGINT', casesNotRun: 3, fuzzPropertiesInterrupted: 0 }, configuration: {} } as unknown as RunInfo;
    expect(runAllureTests(run, [], [], 'error').map((t) => [t.name, t.status, t.message])).toEqual([
      ['tool error 1', 'broken', 'the probe crashed'],
      ['run incomplete', 'skipped', 'SIGINT: 3 cases not run, 0 fuzz properties stopped early'],
    ]);
  });
});


describe('AllureResults', () => {
  test('writes a record\'s results as it arrives, its request and answer once for all of them', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'tsiws-allure-')), 'results');
    const results = new AllureResults({ dir, reportsDir: join(dir, '..', 'reports'), seed: 7, failOn: 'error', warn: () => undefined });
    results.add(record({}));
    const files = readdirSync(dir);
    expect(files.filter((f) => f.endsWith('-result.json'))).toHaveLength(2);
    expect(files.filter((f) => f.endsWith('-attachment.txt'))).toHaveLength(2);
  });

  test('a folder that fails during the run is said once, and the run goes on', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'tsiws-allure-')), 'results');
    const warnings: string[] = [];
    const results = new AllureResults({ dir, reportsDir: join(dir, '..', 'reports'), seed: 7, failOn: 'error', warn: (line) => warnings.push(line) });
    rmSync(dir, { recursive: true });
    expect(() => results.add(record({}))).not.toThrow();
    results.add(record({}));
    expect(warnings).toEqual([`warning: --allure ${dir}: cannot write the Allure results (ENOENT); the other reports are written, the results there are incomplete`]);
  });
});
