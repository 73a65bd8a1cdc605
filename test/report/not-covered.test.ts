/** The verdict says what was covered: a run that conforms but sent nothing to some selected
 * operation x transport cells conforms only partially, in every report, and each such cell is
 * listed with why. Records are built by hand (plain data). */
import { describe, expect, test } from 'vitest';
import { runConsole } from '../../src/cli/run-console.js';
import { digestOf } from '../../src/report/digest/digest.js';
import type { ExchangeRecord } from '../../src/results/record.js';
import { certificateJson } from '../../src/report/formats/certificate.js';
import { consoleTable } from '../../src/report/formats/console.js';
import { reportHtml } from '../../src/report/html/page.js';
import { notCoveredCells } from '../../src/report/digest/not-covered.js';
import { resultsJson } from '../../src/report/formats/results-json.js';
import { summarise, verdictText, type RunInfo } from '../../src/report/digest/summary.js';
import type { TransportId } from '../../src/transports/index.js';

const HELD_BACK = 'not sent: a create, update or delete operation and the target is not the embedded server (give --allow-mutations to send it)';
const request = { method: 'POST', url: 'http://t/api/rmm/tsiWS.asmx', headers: {}, curl: "curl -sS -i 'http://t/x'" };
const sent = (operation: string, transport: TransportId): ExchangeRecord => ({ operation, transport, caseId: `${operation}-example`, kind: 'positive', request, checks: [{ id: 'http-status-200', status: 'passed' }] });
const held = (operation: string, transport: TransportId): ExchangeRecord => ({ operation, transport, caseId: `${operation}-example`, kind: 'positive', request, checks: [], skipped: HELD_BACK });

const run = (configuration: Record<string, unknown>, incomplete?: RunInfo['incomplete']): RunInfo => ({
  tool: { name: 'tsiws-conformance', version: '0.0.0' }, target: 'http://t', embedded: false, namespace: 'http://www.tigerpawsoftware.com',
  startedAt: '2026-01-01T00:00:00.000Z', durationMs: 1200, toolErrors: [], seed: 1,
  configuration: { profile: 'asmx', operations: ['MobileAccountSearch', 'MobileTimeLogCreate'], transports: ['soap11', 'get'], suites: ['positive'], ...configuration },
  ...(incomplete ? { incomplete } : {}),
});

const FULL = [sent('MobileAccountSearch', 'soap11'), sent('MobileAccountSearch', 'get'), sent('MobileTimeLogCreate', 'soap11'), sent('MobileTimeLogCreate', 'get')];
const HELD = [sent('MobileAccountSearch', 'soap11'), sent('MobileAccountSearch', 'get'), held('MobileTimeLogCreate', 'soap11'), held('MobileTimeLogCreate', 'get')];

describe('which cells were not sent, and why', () => {
  test('every selected cell sent: conforms', () => {
    const s = summarise(FULL, run({}));
    expect([s.verdict, s.cells, verdictText(s)]).toEqual(['conforms', { selected: 4, notCovered: [] }, 'conforms']);
  });

  test('every cell sent but the run stopped early: conforms-partially, saying the run did not finish', () => {
    const s = summarise(FULL, run({}, { reason: 'interrupted by SIGTERM', casesNotRun: 12, fuzzPropertiesInterrupted: 0 }));
    expect([s.verdict, s.cells.notCovered, verdictText(s)]).toEqual(['conforms-partially', [], 'conforms-partially: the run did not finish (see Incomplete)']);
  });

  test('held-back mutating operations: conforms-partially, each cell with the skip reason', () => {
    const s = summarise(HELD, run({}));
    const reason = 'a create, update or delete operation and the target is not the embedded server (give --allow-mutations to send it)';
    expect(s.verdict).toBe('conforms-partially');
    expect(s.cells).toEqual({ selected: 4, notCovered: [{ operation: 'MobileTimeLogCreate', transport: 'soap11', reason }, { operation: 'MobileTimeLogCreate', transport: 'get', reason }] });
    expect(verdictText(s)).toBe('conforms-partially: 2 of 4 operation x transport cells not sent');
  });

  test.each([
    ['a run cut short', run({}, { reason: 'interrupted by SIGINT', casesNotRun: 3, fuzzPropertiesInterrupted: 0 }), 'not reached: interrupted by SIGINT'],
    ['--suites service', run({ suites: ['service'] }), '--suites service sends no request to an operation'],
    ['a shard', run({ shard: { index: 2, count: 4 } }), 'dealt to another shard than 2/4 (merge-reports joins the shards)'],
    ['a replay of captured traffic', run({ traffic: 'captures/monday' }), 'the captured traffic in captures/monday has no call of it over this transport'],
    ['a run ended early', { ...run({}), failure: { code: 'TSIWS_UNREACHABLE', exitCode: 3, message: 'target unreachable' } }, 'the run ended before its first test (TSIWS_UNREACHABLE)'],
  ])('a cell without any record: %s', (_, info, reason) => {
    expect(notCoveredCells(FULL.slice(0, 3), info)).toEqual([{ operation: 'MobileTimeLogCreate', transport: 'get', reason }]);
  });

  test('a finding outranks partial coverage: does-not-conform', () => {
    const failing: ExchangeRecord = { ...HELD[0]!, checks: [{ id: 'http-status-200', status: 'failed', level: 'error', message: 'expected HTTP 200, got 404' }] };
    expect(summarise([failing, ...HELD.slice(1)], run({})).verdict).toBe('does-not-conform');
  });
});

describe('every report says it', () => {
  const info = run({});
  const reason = 'a create, update or delete operation and the target is not the embedded server (give --allow-mutations to send it)';

  test('console: a line per reason listing the cells, the verdict line, exit 0', () => {
    expect(consoleTable(HELD, ['MobileAccountSearch', 'MobileTimeLogCreate'], ['soap11', 'get'], info)).toContain(`\n  not sent: MobileTimeLogCreate over soap11, get: ${reason}`);
    const out: string[] = [];
    const ui = runConsole({ operations: ['MobileAccountSearch', 'MobileTimeLogCreate'], transports: ['soap11', 'get'], reportsDir: '/r', failOn: 'error', format: 'text', quiet: true }, { out: (l) => out.push(l), err: () => {}, env: {} });
    expect(ui.finish(digestOf(HELD, 'error'), info, [], undefined)).toBe(0);
    expect(out).toEqual(['Verdict: conforms-partially: 2 of 4 operation x transport cells not sent (1.2 s)']);
  });

  test('results.json and certificate.json: the verdict and the cells', () => {
    const results = JSON.parse(resultsJson(HELD, info));
    expect(results.summary.verdict).toBe('conforms-partially');
    expect(results.summary.cells.notCovered).toHaveLength(2);
    const certificate = JSON.parse(certificateJson(HELD, info, {}));
    expect(certificate.verdict).toBe('conforms-partially');
    expect(certificate.notCovered).toEqual(results.summary.cells.notCovered);
  });

  test('report.html: the banner and a notice naming the cells', () => {
    const html = reportHtml(HELD, info);
    expect(html).toContain('<header class="banner conforms-partially" id="verdict">');
    expect(html).toContain('Conforms partially: not every selected cell was sent');
    expect(html).toContain(`<strong>Not sent:</strong> <code>MobileTimeLogCreate</code> over soap11, get: ${reason}`);
  });
});
