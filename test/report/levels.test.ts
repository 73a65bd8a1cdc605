/** Graded findings in every report: warnings count in summary.levels and are never silent, and
 * fail the run only under --fail-on warning. Records are built by hand (plain data). */
import { describe, expect, test } from 'vitest';
import type { ExchangeRecord } from '../../src/results/record.js';
import { compareReports, formatComparison, type ResultsFile } from '../../src/regression/compare-reports.js';
import { consoleTable } from '../../src/report/formats/console.js';
import { consoleJson } from '../../src/report/formats/console-json.js';
import { certificateJson } from '../../src/report/formats/certificate.js';
import { reportHtml } from '../../src/report/html/page.js';
import { junitXml } from '../../src/report/foreign/junit.js';
import { resultsJson } from '../../src/report/formats/results-json.js';
import { summarise, verdictText, type RunInfo } from '../../src/report/digest/summary.js';

const base = {
  operation: 'MobileAccountSearch', caseId: 'MobileAccountSearch-missing-parameter-accountname', kind: 'negative' as const, scenario: 'missing-parameter' as const,
  request: { method: 'GET', url: 'http://t/api/rmm/tsiWS.asmx/MobileAccountSearch', headers: {}, curl: "curl -sS -i 'http://t/x'" },
  response: { status: 500, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'System.ArgumentException: Cannot convert {0} to {1}.', bodyBytes: 50, truncated: false, elapsedMs: 2 },
};
const warned: ExchangeRecord = { ...base, transport: 'get', checks: [{ id: 'rejects-invalid-input', status: 'passed' }, { id: 'error-message-per-profile', status: 'failed', level: 'warning', message: 'message "Cannot convert {0} to {1}." does not match' }] };
const observed: ExchangeRecord = { ...base, transport: 'parity', kind: 'parity', checks: [{ id: 'transport-parity', status: 'failed', level: 'info', message: 'get differs from soap11 (inherent)' }] };
const clean: ExchangeRecord = { ...base, transport: 'post', checks: [{ id: 'rejects-invalid-input', status: 'passed' }] };
const RECORDS = [warned, observed, clean];

const runWith = (failOn?: 'error' | 'warning'): RunInfo => ({
  tool: { name: 'tsiws-conformance', version: '0.0.0' }, target: 'http://t', embedded: false, namespace: 'http://www.tigerpawsoftware.com',
  startedAt: '2026-01-01T00:00:00.000Z', durationMs: 10, toolErrors: [], seed: 1,
  configuration: { profile: 'asmx', operations: ['MobileAccountSearch'], transports: ['get', 'post'], ...(failOn ? { failOn } : {}) },
});

describe('the verdict', () => {
  test('counts errors only by default, and says how many warnings there were', () => {
    const s = summarise(RECORDS, runWith());
    expect([s.verdict, s.failOn, s.levels, s.exchanges.failed]).toEqual(['conforms', 'error', { error: 0, warning: 1, info: 1 }, 0]);
    expect(verdictText(s)).toBe('conforms, with 1 warning');
  });

  test('a proxy session that judged a sample says so beside the verdict, in the console and report.html alike; one that judged all does not', () => {
    const observedRun = (judged: number, sampled: number): RunInfo => ({ ...runWith(), kind: 'observed', observed: { exchanges: judged + sampled, judged, sampled, stoppedBy: 'SIGINT', ...(sampled > 0 ? { sampling: { from: '2026-01-01T12:01:07.000Z', to: '2026-01-01T12:01:19.000Z', minEvery: 4, maxEvery: 4, periods: 1 } } : {}) } });
    const sampled = summarise(RECORDS, observedRun(8_665, 22_337));
    expect(sampled.verdict).toBe('conforms');
    expect(verdictText(sampled)).toBe('conforms (sampled: judged 8,665 of 31,002 exchanges), with 1 warning');
    const html = reportHtml(RECORDS, observedRun(8_665, 22_337));
    expect(html).toContain('Conforms (sampled: judged 8,665 of 31,002 exchanges), with 1 warning');
    expect(html).toContain('judged 8,665 of 31,002 exchanges; 22,337 forwarded unjudged under load (sampling 1 in 4 from 12:01:07 to 12:01:19 UTC)');
    const whole = summarise(RECORDS, observedRun(31_002, 0));
    expect([whole.sampled, verdictText(whole)]).toEqual([undefined, 'conforms, with 1 warning']);
    expect(reportHtml(RECORDS, observedRun(31_002, 0))).toContain('judged all 31,002 exchanges');
  });

  test('--fail-on warning fails the run on a warning, never on info', () => {
    const s = summarise(RECORDS, runWith('warning'));
    expect([s.verdict, s.exchanges.failed, verdictText(s)]).toEqual(['does-not-conform', 1, 'does-not-conform']);
    expect(summarise([observed, clean, { ...clean, transport: 'get' }], runWith('warning')).verdict).toBe('conforms');
  });

  test('a record written before levels existed counts its failures as errors', () => {
    const legacy: ExchangeRecord = { ...clean, checks: [{ id: 'rejects-invalid-input', status: 'failed', message: 'accepted' }] };
    const s = summarise([legacy], runWith());
    expect([s.verdict, s.levels]).toEqual(['does-not-conform', { error: 1, warning: 0, info: 0 }]);
  });
});

describe('each report shows the levels', () => {
  test('results.json: summary.levels, and a level on every failure', () => {
    const doc = JSON.parse(resultsJson(RECORDS, runWith())) as { summary: { levels: unknown; verdict: string }; failures: Array<{ check: string; level: string }> };
    expect(doc.summary.levels).toEqual({ error: 0, warning: 1, info: 1 });
    // Info is counted, not listed: observations are detailed in parity.json.
    expect(doc.failures.map((f) => [f.check, f.level])).toEqual([['error-message-per-profile', 'warning']]);
  });

  test('junit.xml: a warning is no <failure> unless --fail-on warning; its text is in system-out', () => {
    const relaxed = junitXml(RECORDS, runWith());
    expect(relaxed).toContain('failures="0"');
    expect(relaxed).toMatch(/<system-out><!\[CDATA\[warning: error-message-per-profile: message "Cannot convert \{0\} to \{1\}\." does not match\n/);
    const strict = junitXml(RECORDS, runWith('warning'));
    expect(strict).toContain('failures="1"');
    expect(strict).toMatch(/<system-out><!\[CDATA\[level: warning\noperation: MobileAccountSearch\n/);
    expect(strict).toContain('<failure message="error-message-per-profile: message &quot;Cannot convert {0} to {1}.&quot; does not match" type="error-message-per-profile"');
  });

  test('console: the warnings by check, and the verdict line says "with N warnings"', () => {
    const table = consoleTable(RECORDS, ['MobileAccountSearch'], ['get', 'post'], runWith());
    expect(table).toContain('  1 warning (ASMX behaviour where the contract is silent; they fail the run under --fail-on warning): error-message-per-profile 1; details in report.html and results.json');
    expect(table).toContain('  1 info (observations): transport-parity 1;');
    expect(table).not.toContain('  MobileAccountSearch get error-message-per-profile');
    // A failure line names its case and failure file: many cases of one operation fail alike.
    expect(consoleTable(RECORDS, ['MobileAccountSearch'], ['get', 'post'], runWith('warning')).split('\n')).toContain('  MobileAccountSearch get error-message-per-profile: message "Cannot convert {0} to {1}." does not match (case MobileAccountSearch-missing-parameter-accountname, failures/MobileAccountSearch-missing-parameter-accountname-get.json)');
  });

  test('--format json: failOn, summary.levels and a level per failure', () => {
    const doc = JSON.parse(consoleJson(RECORDS, runWith(), { reportsDir: 'r', files: [], exitCode: 0 })) as { failOn: string; summary: { levels: unknown }; failures: Array<{ level: string }> };
    expect([doc.failOn, doc.summary.levels, doc.failures.map((f) => f.level)]).toEqual(['error', { error: 0, warning: 1, info: 1 }, ['warning']]);
  });

  test('report.html: the verdict with its warnings, a warnings section and a badge on the cell', () => {
    const html = reportHtml(RECORDS, runWith());
    expect(html).toContain('<div class="verdict">Conforms, with 1 warning');
    expect(html).toContain('<section id="warnings"><h2>Warnings</h2>');
    expect(html).toMatch(/data-transport="get"[^>]*>[^<]*(<small>[^<]*<\/small>)? <span class="badge warning"[^>]*>⚠ 1<\/span>/);
    expect(html).toContain('<span class="tag level-warning">warning</span>');
    expect(reportHtml(RECORDS, runWith('warning'))).not.toContain('<section id="warnings">');
  });

  test('certificate.json: failOn and the levels beside the verdict', () => {
    const cert = JSON.parse(certificateJson(RECORDS, runWith(), {})) as { verdict: string; failOn: string; levels: unknown };
    expect([cert.verdict, cert.failOn, cert.levels]).toEqual(['conforms', 'error', { error: 0, warning: 1, info: 1 }]);
  });
});

test('compare: new warnings listed apart, never as newly failing', () => {
  const results = (failures: ResultsFile['failures'], failOn?: string): ResultsFile => ({ failures, verdicts: { 'c get': 'passed' }, run: { configuration: failOn ? { failOn } : {} } });
  const warning = { operation: 'Op', transport: 'get', caseId: 'c', kind: 'negative', check: 'error-message-per-profile', status: 'failed', level: 'warning' as const, message: 'wording' };
  const d = compareReports(results([]), results([warning]));
  expect([d.newlyFailing.length, d.newWarnings.map((w) => w.check)]).toEqual([0, ['error-message-per-profile']]);
  expect(formatComparison(d)).toContain('New warnings (1):\n  c get error-message-per-profile: wording');
  expect(compareReports(results([warning]), results([])).goneWarnings).toHaveLength(1);
  expect(compareReports(results([]), results([warning], 'warning')).newlyFailing).toHaveLength(1);
});
