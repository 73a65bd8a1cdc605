/** Data-path coverage in the reports (src/report/digest/data-path.ts): what the valid requests got, counted
 * a record at a time, and an operation that never got a success named as a warning everywhere.
 * Records are built by hand (plain data). */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { compileSchema } from '../../../src/decode/xml.js';
import { compactRecord } from '../../../src/results/compact.js';
import type { ExchangeRecord } from '../../../src/results/record.js';
import { dataPathLine, dataPathOf, DataPathCoverage, noSuccessText, withoutSuccess, type DataPathSummary } from '../../../src/report/digest/data-path.js';
import { certificateJson } from '../../../src/report/formats/certificate.js';
import { consoleTable } from '../../../src/report/formats/console.js';
import { consoleJson } from '../../../src/report/formats/console-json.js';
import { digestOf } from '../../../src/report/digest/digest.js';
import { reportHtml } from '../../../src/report/html/page.js';
import { junitXml } from '../../../src/report/foreign/junit.js';
import { dataPathSection } from '../../../src/report/html/data-path.js';
import { resultsJson } from '../../../src/report/formats/results-json.js';
import { summarise, verdictText, type RunInfo } from '../../../src/report/digest/summary.js';

const base = {
  request: { method: 'GET', url: 'http://t/api/rmm/tsiWS.asmx/X', headers: {}, body: 'a=1', curl: "curl -sS -i 'http://t/x'" },
  response: { status: 200, headers: { 'content-type': 'text/xml; charset=utf-8' }, body: '<string>ok</string>', bodyBytes: 19, truncated: false, elapsedMs: 2 },
  checks: [{ id: 'http-status-200', status: 'passed' as const }],
};
const positive = (operation: string, caseId: string, dataPath?: ExchangeRecord['dataPath']): ExchangeRecord =>
  ({ ...base, operation, transport: 'soap11', caseId, kind: 'positive', ...(dataPath ? { dataPath } : {}) });
const fuzz = (operation: string, transport: 'get' | 'post', dataPath: NonNullable<ExchangeRecord['fuzz']>['dataPath']): ExchangeRecord => ({
  ...base, operation, transport, caseId: `${operation}-fuzz`, kind: 'fuzz',
  // The record's own outcome is one of the samples the tally already counts.
  dataPath: 'success',
  fuzz: { seed: 1, runs: 50, planned: 50, interrupted: false, samples: 50, ...(dataPath ? { dataPath } : {}) },
});
// A parity record compares exchanges already counted: a fuzz property's carries the first
// transport's FuzzInfo (engine/exchange/parity.ts), tally and all, which must not count twice.
const parity: ExchangeRecord = { ...fuzz('MobileTimeLogList', 'get', { success: 99 }), transport: 'parity', kind: 'parity' };

const RECORDS: ExchangeRecord[] = [
  positive('MobileContactEmailDelete', 'p3', 'failure'),
  fuzz('MobileContactEmailDelete', 'get', { failure: 39 }),
  // A negative case is no valid request, and a record without an outcome says nothing.
  { ...positive('MobileContactEmailDelete', 'n1', 'success'), kind: 'negative' },
  positive('MobileAccountSearch', 'p4'),
  positive('MobileTimeLogList', 'p1', 'success'),
  positive('MobileTimeLogList', 'p2', 'failure'),
  fuzz('MobileTimeLogList', 'get', { success: 30, failure: 15, unknown: 0, fault: 5 }),
  fuzz('MobileTimeLogList', 'post', { success: 40, refused: 10 }),
  parity,
  { ...parity, kind: 'fuzz' },
];

const EXPECTED = {
  success: 71, failure: 56, unknown: 0, fault: 5, refused: 10, total: 142,
  operations: {
    // In the contract's order, not the records': two runs with one seed read alike.
    MobileTimeLogList: { success: 71, failure: 16, unknown: 0, fault: 5, refused: 10, total: 102 },
    MobileContactEmailDelete: { success: 0, failure: 40, unknown: 0, fault: 0, refused: 0, total: 40 },
  },
};

const runWith = (failOn?: 'warning'): RunInfo => ({
  tool: { name: 'tsiws-conformance', version: '0.0.0' }, target: 'http://t', embedded: false, namespace: 'http://www.tigerpawsoftware.com',
  startedAt: '2026-01-01T00:00:00.000Z', durationMs: 10, toolErrors: [], seed: 1,
  configuration: { profile: 'asmx', ...(failOn ? { failOn } : {}) },
});

describe('the accumulator', () => {
  test('counts a positive record\'s outcome and a fuzz record\'s tally (not its own outcome); ignores parity, negative and records without one', () => {
    const summary = dataPathOf(RECORDS);
    expect(summary).toEqual(EXPECTED);
    expect(Object.keys(summary!.operations)).toEqual(['MobileTimeLogList', 'MobileContactEmailDelete']);
  });

  test('fed a record at a time, it holds no record and gives the same counts', () => {
    const coverage = new DataPathCoverage();
    for (const r of RECORDS) coverage.add(r);
    expect(coverage.summary()).toEqual(EXPECTED);
  });

  test('compacted records keep their outcome and tally', () => {
    const compacted = RECORDS.map(compactRecord);
    expect(compacted.filter((r) => r.compacted).length).toBe(RECORDS.length);
    expect(dataPathOf(compacted)).toEqual(EXPECTED);
  });

  test('no record with data-path information: no summary', () => {
    expect(dataPathOf([positive('MobileTimeLogList', 'p1'), parity])).toBeUndefined();
  });

  test('operations with valid requests and no success', () => {
    expect(withoutSuccess(EXPECTED)).toEqual([['MobileContactEmailDelete', EXPECTED.operations.MobileContactEmailDelete]]);
    expect(withoutSuccess({ ...EXPECTED, operations: { MobileTimeLogList: EXPECTED.operations.MobileTimeLogList } })).toEqual([]);
    expect(withoutSuccess(undefined)).toEqual([]);
  });
});

describe('the texts', () => {
  test('the line: counts, share rounded down, the other outcomes that occurred', () => {
    expect(dataPathLine(EXPECTED)).toBe('Data path: 71 of 142 valid requests succeeded (50%); 56 in-band failures, 5 faults, 10 refused');
    expect(dataPathLine({ success: 512, failure: 300, unknown: 0, fault: 60, refused: 8, total: 880, operations: {} })).toBe('Data path: 512 of 880 valid requests succeeded (58%); 300 in-band failures, 60 faults, 8 refused');
    expect(dataPathLine({ success: 1, failure: 0, unknown: 0, fault: 0, refused: 0, total: 1, operations: {} })).toBe('Data path: 1 of 1 valid request succeeded (100%)');
    expect(dataPathLine({ success: 1, failure: 199, unknown: 0, fault: 1, refused: 0, total: 201, operations: {} })).toBe('Data path: 1 of 201 valid requests succeeded (<1%); 199 in-band failures, 1 fault');
  });

  test('the warning names the operation, what it got and the fix', () => {
    expect(noSuccessText('MobileContactEmailDelete', EXPECTED.operations.MobileContactEmailDelete)).toBe('MobileContactEmailDelete: no valid request succeeded (40 in-band failures) — give known-good values with --values FILE');
  });
});

describe('the summary and the verdict', () => {
  test('a run without data-path information: no summary.dataPath, and the verdict as before', () => {
    const s = summarise([positive('MobileTimeLogList', 'p1')], runWith('warning'));
    expect(s.dataPath).toBeUndefined();
    expect('dataPath' in s).toBe(false);
    expect(verdictText(s)).toBe('conforms');
  });

  test('an operation without a success is a warning: counted in the verdict text, failing only under --fail-on warning', () => {
    const s = summarise(RECORDS, runWith());
    expect(s.dataPath).toEqual(EXPECTED);
    expect([s.verdict, verdictText(s), s.levels.warning]).toEqual(['conforms', 'conforms, with 1 warning', 0]);
    const strict = summarise(RECORDS, runWith('warning'));
    expect([strict.verdict, strict.exchanges.failed]).toEqual(['does-not-conform', 0]);
  });

  test('every operation with a success: no warning under either --fail-on', () => {
    const good = RECORDS.filter((r) => r.operation !== 'MobileContactEmailDelete');
    expect(verdictText(summarise(good, runWith()))).toBe('conforms');
    expect(summarise(good, runWith('warning')).verdict).toBe('conforms');
  });

  test('the run digest gives the same summary as the array', () => {
    expect(digestOf(RECORDS, 'warning').summary(runWith('warning'))).toEqual(summarise(RECORDS, runWith('warning')));
  });
});

describe('results.json and the console', () => {
  const OPERATIONS = ['MobileTimeLogList', 'MobileContactEmailDelete'];
  const lines = (records: readonly ExchangeRecord[], failOn?: 'warning') => consoleTable(records, OPERATIONS, ['soap11', 'get', 'post'], runWith(failOn)).split('\n');
  const EXCHANGES = '10 exchanges: 10 passed, 0 failed, 0 errors; checks: 10 passed, 0 failed, 0 had nothing to judge';

  test('results.json: summary.dataPath when a record carried it, none otherwise', () => {
    const summaryOf = (records: readonly ExchangeRecord[]) => (JSON.parse(resultsJson(records, runWith())) as { summary: Record<string, unknown> }).summary;
    expect(summaryOf(RECORDS)['dataPath']).toEqual(EXPECTED);
    expect(Object.keys(summaryOf([positive('MobileTimeLogList', 'p1')]))).toEqual(['verdict', 'failOn', 'exchanges', 'checks', 'levels', 'cells']);
  });

  test('text: the line after the summary, then a warning for each operation without a success', () => {
    const out = lines(RECORDS);
    const at = out.indexOf(EXCHANGES);
    expect(out.slice(at + 1)).toEqual([
      'Data path: 71 of 142 valid requests succeeded (50%); 56 in-band failures, 5 faults, 10 refused',
      '  warning: MobileContactEmailDelete: no valid request succeeded (40 in-band failures) — give known-good values with --values FILE',
    ]);
  });

  test('text: no warning when every operation had a success, no line without data-path information', () => {
    const good = RECORDS.filter((r) => r.operation !== 'MobileContactEmailDelete');
    expect(lines(good).slice(-1)).toEqual(['Data path: 71 of 102 valid requests succeeded (69%); 16 in-band failures, 5 faults, 10 refused']);
    const without = good.map(({ dataPath: _d, fuzz, ...r }) => ({ ...r, ...(fuzz ? { fuzz: { ...fuzz, dataPath: undefined } } : {}) }) as ExchangeRecord);
    expect(lines(without).some((l) => l.startsWith('Data path'))).toBe(false);
  });

  test('what the fuzzer learned: per operation in results.json, one line on the console, each parameter once', () => {
    const constrained = [{ param: 'startdate', because: 'name' as const, from: 'valid case' as const, after: 2 }];
    const learning = (r: ExchangeRecord): ExchangeRecord => (r.kind === 'fuzz' && r.operation === 'MobileTimeLogList' && r.transport !== 'parity' ? { ...r, fuzz: { ...r.fuzz!, constrained } } : r);
    const records = RECORDS.map(learning);
    const operations = (JSON.parse(resultsJson(records, runWith())) as { summary: { dataPath: DataPathSummary } }).summary.dataPath.operations;
    expect(operations['MobileTimeLogList']?.constrained).toEqual(['startdate']);
    expect(operations['MobileContactEmailDelete']?.constrained).toBeUndefined();
    const out = lines(records);
    expect(out[out.indexOf(EXCHANGES) + 2]).toBe("  Fuzzing learned (named in the target's failures, then mostly sent known-good values): MobileTimeLogList startdate");
    expect(lines(RECORDS).some((l) => l.includes('Fuzzing learned'))).toBe(false);
  });

  test('the length the fuzzer cut long texts to: in results.json, on the console and under the operation in report.html', () => {
    const ceiling = (r: ExchangeRecord): ExchangeRecord => (r.kind === 'fuzz' && r.operation === 'MobileTimeLogList' && r.transport !== 'parity' ? { ...r, fuzz: { ...r.fuzz!, lengthCeiling: { chars: 1000, after: 0 } } } : r);
    const records = RECORDS.map(ceiling);
    const summary = (JSON.parse(resultsJson(records, runWith())) as { summary: { dataPath: DataPathSummary } }).summary.dataPath;
    expect(summary.operations['MobileTimeLogList']?.lengthCeiling).toBe(1000);
    expect(summary.operations['MobileContactEmailDelete']?.lengthCeiling).toBeUndefined();
    expect(lines(records).some((l) => l.endsWith('MobileTimeLogList texts cut to 1000 characters'))).toBe(true);
    expect(dataPathSection(summary)).toContain('<small class="fuzz-learned">fuzzing learned: texts cut to 1000 characters</small>');
    expect(dataPathSection(dataPathOf(RECORDS))).not.toContain('fuzz-learned');
  });

  test('certificate.json: dataPath beside the verdict it decided, none otherwise', () => {
    const cert = (records: readonly ExchangeRecord[]) => JSON.parse(certificateJson(records, runWith('warning'), {})) as Record<string, unknown>;
    expect([cert(RECORDS)['verdict'], cert(RECORDS)['dataPath']]).toEqual(['does-not-conform', EXPECTED]);
    expect('dataPath' in cert([positive('MobileTimeLogList', 'p1')])).toBe(false);
  });

  test('--format json: summary.dataPath when present, and the verdict it decides under --fail-on warning', () => {
    const doc = (records: readonly ExchangeRecord[], failOn?: 'warning') => JSON.parse(consoleJson(records, runWith(failOn), { reportsDir: 'r', files: [], exitCode: 0 })) as { verdict: string; summary: Record<string, unknown> };
    expect(doc(RECORDS).summary['dataPath']).toEqual(EXPECTED);
    expect(doc(RECORDS, 'warning').verdict).toBe('does-not-conform');
    expect('dataPath' in doc([positive('MobileTimeLogList', 'p1')]).summary).toBe(false);
  });
});

const section = (html: string) => /<section id="data-path">[\s\S]*?<\/section>/.exec(html)?.[0];
const rows = (html: string) => [...section(html)!.matchAll(/<tr( class="warn")?><td><code>([^<]*)<\/code>[^]*?((?:<td class="num">\d+<\/td>){6})<\/tr>/g)]
  .map((m) => [m[2], m[1] ? 'warn' : '', [...m[3]!.matchAll(/\d+/g)].map(Number)]);

describe('report.html', () => {
  const EVIL = '<b onmouseover="x()">Evil&Op</b>';

  test('a table per operation with its counts and the totals; the operation without a success marked, names escaped', () => {
    const html = reportHtml([...RECORDS, positive(EVIL, 'e1', 'success')], runWith());
    expect(rows(html)).toEqual([
      ['MobileTimeLogList', '', [71, 16, 0, 5, 10, 102]],
      ['MobileContactEmailDelete', 'warn', [0, 40, 0, 0, 0, 40]],
      ['&lt;b onmouseover=&quot;x()&quot;&gt;Evil&amp;Op&lt;/b&gt;', '', [1, 0, 0, 0, 0, 1]],
    ]);
    expect(section(html)).toContain('<tfoot><tr><th>all operations</th><td class="num">72</td><td class="num">56</td><td class="num">0</td><td class="num">5</td><td class="num">10</td><td class="num">143</td></tr></tfoot>');
    expect(section(html)).toContain('Data path: 72 of 143 valid requests succeeded (50%); 56 in-band failures, 5 faults, 10 refused.');
    expect(html).not.toContain(EVIL);
    expect(html).toContain('<div class="notice"><strong>Warning:</strong> no valid request to <code>MobileContactEmailDelete</code> succeeded (see <a href="#data-path">Data path</a>); give known-good values with <code>--values FILE</code>.</div>');
    expect(html).toContain('<div class="verdict">Conforms, with 1 warning');
  });

  test('every operation with a success: no mark, no notice, no advice', () => {
    const html = reportHtml(RECORDS.filter((r) => r.operation !== 'MobileContactEmailDelete'), runWith());
    expect(rows(html)).toEqual([['MobileTimeLogList', '', [71, 16, 0, 5, 10, 102]]]);
    expect(html).not.toContain('⚠ no success');
    expect(html).not.toContain('no valid request to');
    expect(section(html)).not.toContain('--values FILE');
  });

  test('no data-path information: no section', () => {
    expect(dataPathSection(undefined)).toBe('');
    expect(section(reportHtml([positive('MobileTimeLogList', 'p1')], runWith()))).toBeUndefined();
  });
});

describe('the unknown outcome: HTTP 200 the run cannot class', () => {
  const UNKNOWN: ExchangeRecord[] = [
    positive('MobileTimeLogList', 'p1', 'success'),
    positive('MobileTimeLogList', 'p2', 'unknown'),
    fuzz('MobileTimeLogList', 'get', { success: 1, unknown: 6 }),
    positive('MobileContactEmailDelete', 'p3', 'unknown'),
    positive('MobileContactEmailDelete', 'p4', 'fault'),
  ];

  test('counted apart, in the total and not as a success; an operation with unknown answers is not known to have no success', () => {
    const summary = dataPathOf(UNKNOWN)!;
    expect(summary).toEqual({
      success: 2, failure: 0, unknown: 8, fault: 1, refused: 0, total: 11,
      operations: {
        MobileTimeLogList: { success: 2, failure: 0, unknown: 7, fault: 0, refused: 0, total: 9 },
        MobileContactEmailDelete: { success: 0, failure: 0, unknown: 1, fault: 1, refused: 0, total: 2 },
      },
    });
    expect(withoutSuccess(summary)).toEqual([]);
    expect(dataPathLine(summary)).toBe('Data path: 2 of 11 valid requests succeeded (18%); 8 unknown (HTTP 200 the run cannot class as success or failure), 1 fault');
  });

  test('report.html has its column', () => {
    const html = reportHtml(UNKNOWN, runWith());
    expect(rows(html)).toEqual([['MobileTimeLogList', '', [2, 0, 7, 0, 0, 9]], ['MobileContactEmailDelete', '', [0, 0, 1, 1, 0, 2]]]);
    expect(section(html)).toContain('<th class="num">in-band failure</th><th class="num">unknown</th><th class="num">fault</th>');
  });
});

describe('junit.xml', () => {
  const schema = compileSchema(readFileSync(new URL('../../../fixtures/junit/jenkins-junit-4.xsd', import.meta.url), 'utf8'));
  const ownSuite = (xml: string) => /<testsuite name="tsiws-conform"[^>]*>[\s\S]*?<\/testsuite>/.exec(xml)?.[0];
  const TEXT = 'MobileContactEmailDelete: no valid request succeeded (40 in-band failures) — give known-good values with --values FILE';

  test('an operation without a success is a passing testcase of the run\'s suite with the warning in system-out', () => {
    const xml = junitXml(RECORDS, runWith());
    expect(schema.validateText(xml)).toEqual([]);
    expect(ownSuite(xml)).toBe(`<testsuite name="tsiws-conform" tests="1" failures="0" errors="0" skipped="0"><properties><property name="target" value="http://t"/></properties>
    <testcase classname="tsiws-conform" name="data path: MobileContactEmailDelete"><system-out><![CDATA[warning: ${TEXT}]]></system-out></testcase>
  </testsuite>`);
  });

  test('--fail-on warning: a <failure>, counted at the root', () => {
    const xml = junitXml(RECORDS, runWith('warning'));
    expect(schema.validateText(xml)).toEqual([]);
    expect(xml).toMatch(/^<testsuites tests="\d+" failures="1" errors="0">$/m);
    expect(ownSuite(xml)).toContain(`<testcase classname="tsiws-conform" name="data path: MobileContactEmailDelete"><failure message="${TEXT}" type="data-path"/><system-out><![CDATA[level: warning]]></system-out></testcase>`);
  });

  test('every operation with a success: no such testcase', () => {
    expect(ownSuite(junitXml(RECORDS.filter((r) => r.operation !== 'MobileContactEmailDelete'), runWith('warning')))).toBeUndefined();
  });
});
