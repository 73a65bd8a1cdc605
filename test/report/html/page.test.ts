/** report.html as a pure formatter: every cell present, hostile target text inert, details only
 * for failures and differences, coverage counted. Records are built by hand (plain data). */
import { describe, expect, test } from 'vitest';
import type { ExchangeRecord } from '../../../src/results/record.js';
import { coverageOf } from '../../../src/report/digest/coverage.js';
import { reportHtml } from '../../../src/report/html/page.js';
import { digestOf } from '../../../src/report/digest/digest.js';
import { matrixOf } from '../../../src/report/html/matrix.js';
import { esc } from '../../../src/report/html/text.js';
import { prettyXml } from '../../../src/report/digest/wire-text.js';
import type { RunInfo } from '../../../src/report/digest/summary.js';

const HOSTILE = '</pre></script><script>window.pwned=1</script><img src=x onerror="window.pwned=2"><a href="javascript:alert(1)">x</a>';

const run: RunInfo = {
  tool: { name: 'tsiws-conformance', version: '0.0.0' },
  target: `http://target.example${HOSTILE}`,
  embedded: false,
  namespace: 'http://www.tigerpawsoftware.com',
  startedAt: '2026-01-01T00:00:00.000Z',
  durationMs: 1234,
  configuration: { profile: 'asmx', sig: '<SIGNATURE>', reportsDir: 'reports' },
  toolErrors: [],
  seed: 7,
};

function record(over: Partial<ExchangeRecord>): ExchangeRecord {
  return {
    operation: 'MobileAccountSearch', transport: 'soap11', caseId: 'MobileAccountSearch-example', kind: 'positive',
    values: { accountname: 'Acme', contactname: '', telephone: '555', email: 'a@b.c' },
    request: { method: 'POST', url: 'http://t/api/rmm/tsiWS.asmx', headers: { 'Content-Type': 'text/xml; charset=utf-8' }, body: '<a><b>1</b></a>', curl: "curl -sS -i 'http://t/api/rmm/tsiWS.asmx'" },
    response: { status: 200, headers: { 'content-type': 'text/xml' }, body: '<r>ok</r>', bodyBytes: 9, truncated: false, elapsedMs: 3 },
    checks: [{ id: 'http-status-200', status: 'passed' }],
    ...over,
  };
}

const hostileFailure = record({
  transport: 'get',
  caseId: `MobileAccountSearch-${HOSTILE}`,
  values: { accountname: HOSTILE },
  response: { status: 500, headers: { 'content-type': `text/html${HOSTILE}` }, body: `<html><body>${HOSTILE}</body></html>`, bodyBytes: 200, truncated: false, elapsedMs: 5 },
  checks: [{ id: 'http-status-200', status: 'failed', message: `got 500 ${HOSTILE}` }],
});

describe('reportHtml', () => {
  const html = reportHtml([record({}), hostileFailure], run);

  test('a hostile response, value, message and target cannot inject markup', () => {
    expect(html.match(/<script/g)).toHaveLength(1); // the page's own
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toContain('href="javascript:');
    expect(html).not.toContain('window.pwned=1</script>');
    // It is shown, escaped, not dropped.
    expect(html).toContain(esc('<img src=x onerror="window.pwned=2">'));
  });

  test('a ladder record names its parameter and rung, not a fuzz seed and runs', () => {
    const ladder = record({ kind: 'fuzz', caseId: 'MobileAccountSearch-ladder-accountname-dquote', values: { accountname: 'Acme"x' }, checks: [{ id: 'result-format-consistent', status: 'failed', level: 'warning', message: 'not JSON' }], fuzz: { seed: 7, runs: 1, planned: 1, interrupted: false, samples: 1, ladder: { param: 'accountname', rung: 'dquote', what: 'the character "', base: 'the learned valid case' } } });
    const page = reportHtml([ladder], run);
    expect(page).toContain(`ladder rung <code>dquote</code>: <code>accountname</code> with ${esc('the character "')}, the one change from the learned valid case`);
    expect(page).not.toContain('fuzz seed <code>7</code>');
  });

  test('the page loads nothing from elsewhere and allows only its own script', () => {
    expect(html).not.toMatch(/<(link|iframe|object|embed)\b/i);
    expect(html).not.toMatch(/\bsrc=["']?https?:/i);
    expect(html).toMatch(/Content-Security-Policy" content="default-src &#39;none&#39;; style-src &#39;unsafe-inline&#39;; script-src &#39;sha256-/);
  });

  test('the matrix has 80 cells; unrun cells are skipped, the failing one links to its details', () => {
    const cells = [...html.matchAll(/<a class="cell (\w+)" data-state="\w+" data-operation="(\w+)" data-transport="(\w+)" href="#([\w-]+)"/g)];
    expect(cells).toHaveLength(80);
    const state = (op: string, t: string) => cells.find((c) => c[2] === op && c[3] === t)?.[1];
    expect(state('MobileAccountSearch', 'soap11')).toBe('pass');
    expect(state('MobileAccountSearch', 'get')).toBe('fail');
    expect(state('MobileContactSearch', 'soap11')).toBe('skipped');
    expect(cells.filter((c) => c[1] === 'skipped')).toHaveLength(78);
    const failing = cells.find((c) => c[1] === 'fail')!;
    expect(html).toContain(`id="${failing[4]}"`);
    expect(html).toContain('Does not conform');
  });

  test('details are written for failures only: a passing exchange gets counts, not its bodies', () => {
    expect(html).toContain('npx tsiws-conform replay reports/failures/');
    expect(html).toContain('curl -sS -i');
    expect(html).not.toContain('&lt;r&gt;ok&lt;/r&gt;'); // the passing exchange's response body
  });
});

describe('matrixOf', () => {
  test('parity differences count against the transport that differed: defect fails, inherent marks', () => {
    const parity = (inherent: boolean): ExchangeRecord => record({
      transport: 'parity', kind: 'parity', checks: [{ id: 'transport-parity', status: inherent ? 'passed' : 'failed' }],
      parity: { outcomes: [], rules: [], differences: [{ transport: 'get', reference: 'soap11', class: 'rejection', detail: 'd', ...(inherent ? { inherent: { id: 'x', evidence: 'e' } } : {}) }] },
    });
    const cell = (records: ExchangeRecord[]) => matrixOf(digestOf(records, 'error'), records.filter((r) => r.parity)).flat().find((c) => c.operation === 'MobileAccountSearch' && c.transport === 'get')!.state;
    expect(cell([record({ transport: 'get' }), parity(true)])).toBe('inherent');
    expect(cell([record({ transport: 'get' }), parity(false)])).toBe('fail');
    expect(cell([record({ transport: 'get', skipped: 'held back' })])).toBe('skipped');
    expect(cell([record({ transport: 'get', error: { code: 'TIMEOUT', message: 't' } })])).toBe('error');
  });
});

describe('coverageOf', () => {
  test('counts the classes of positive values, the spoiled parameter of negatives, and fuzz tallies', () => {
    const records = [
      record({}),
      record({ kind: 'negative', caseId: 'n', scenario: 'int-non-numeric', param: 'repnumber', values: { accountname: 'Acme', repnumber: 'abc' } }),
      record({ kind: 'fuzz', caseId: 'f', fuzz: { seed: 1, runs: 5, planned: 5, interrupted: false, samples: 5, coverage: { accountname: { 'non-ascii': 3, long: 1 } } } }),
    ];
    const op = coverageOf(records).find((o) => o.operation === 'MobileAccountSearch')!;
    const accountname = op.params.find((p) => p.name === 'accountname')!;
    expect(accountname.byTransport.soap11).toEqual({ typical: 1, 'non-ascii': 3, long: 1 });
    expect(accountname.covered).toEqual(['typical', 'non-ascii', 'long']);
    expect(op.params.find((p) => p.name === 'contactname')!.byTransport.soap11).toEqual({ empty: 1 });
    expect(op.scenarios.soap11).toEqual(['int-non-numeric(repnumber)']);
    expect(op.requests).toEqual({ positive: 1, negative: 1, fuzz: 5 });
    expect(op.params.map((p) => p.name)).not.toContain('sig');
  });
});

describe('prettyXml', () => {
  test('indents elements, keeps text elements on one line, leaves other text alone', () => {
    expect(prettyXml('<?xml version="1.0"?><a><b>1</b><c/><d></d></a>')).toBe('<?xml version="1.0"?>\n<a>\n  <b>1</b>\n  <c/>\n  <d></d>\n</a>');
    expect(prettyXml('not xml <a>')).toBe('not xml <a>');
    expect(prettyXml('<a><![CDATA[<x>]]></a>')).toBe('<a>\n  <![CDATA[<x>]]>\n</a>');
    expect(prettyXml('<a>unclosed')).toBe('<a>\n  unclosed');
  });
});

describe('coverageSummary (results.json)', () => {
  test('sums classes over transports and names the classes never sent', async () => {
    const { coverageSummary } = await import('../../../src/report/digest/coverage.js');
    const summary = coverageSummary(coverageOf([record({}), record({ transport: 'get', values: { accountname: 'café' } })]));
    expect(summary['MobileAccountSearch']!.params['accountname']).toEqual({ type: 'str', sent: { typical: 1, 'non-ascii': 1 }, neverSent: ['empty', 'whitespace', 'markup-like', 'long'] });
    expect(summary['MobileTimeLogCreate']!.requests).toEqual({ positive: 0, negative: 0, fuzz: 0 });
  });
});
