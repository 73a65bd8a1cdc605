/** The WS-I Basic Profile section of report.html and the certificate's wsi field (issue 51), from
 * records carrying WS-I results (results/wsi.ts), built by hand; hostile text stays inert. */
import { describe, expect, test } from 'vitest';
import type { ExchangeRecord } from '../../../src/results/record.js';
import { reportHtml } from '../../../src/report/html/page.js';
import { certificateJson } from '../../../src/report/formats/certificate.js';
import { esc } from '../../../src/report/html/text.js';
import type { RunInfo } from '../../../src/report/digest/summary.js';
import { resultsJson } from '../../../src/report/formats/results-json.js';
import { wsiRunInfo } from '../../../src/report/digest/wsi-report.js';

const HOSTILE = '</pre><script>window.pwned=1</script><img src=x onerror="window.pwned=2">';

const run = (wsi: 'off' | 'bp11' = 'off'): RunInfo => ({
  tool: { name: 'tsiws-conformance', version: '0.0.0' }, target: 'http://target.example', embedded: false,
  namespace: 'http://www.tigerpawsoftware.com', startedAt: '2026-01-01T00:00:00.000Z', durationMs: 1,
  configuration: { profile: 'asmx', wsi }, toolErrors: [], seed: 7,
});

function record(over: Partial<ExchangeRecord>): ExchangeRecord {
  return {
    operation: 'MobileAccountSearch', transport: 'soap11', caseId: 'MobileAccountSearch-example', kind: 'positive',
    request: { method: 'POST', url: 'http://t/api/rmm/tsiWS.asmx', headers: {}, curl: "curl -sS -i 'http://t/api/rmm/tsiWS.asmx'" },
    response: { status: 200, headers: {}, body: '', bodyBytes: 0, truncated: false, elapsedMs: 1 },
    checks: [{ id: 'wsi-basic-profile', status: 'passed' }],
    wsi: { notApplicable: ['R1000', 'R1001', 'R1003', 'R1004', 'R2745', 'R1125', 'R1126', 'R4001'] },
    ...over,
  };
}

const passing = record({});
const failing = record({
  caseId: 'MobileAccountSearch-2',
  checks: [{ id: 'wsi-basic-profile', status: 'failed', level: 'warning', message: `R1011 (BP1309): <x> follows soap:Body ${HOSTILE}` }],
  request: { method: 'POST', url: 'http://t/api/rmm/tsiWS.asmx', headers: {}, curl: `curl -sS 'http://t/${HOSTILE}'` },
  wsi: { notApplicable: ['R1000'], other: [{ id: 'R1011', result: 'failed', detail: `<x> follows soap:Body ${HOSTILE}` }] },
});
const outside = record({ transport: 'get', wsi: { outside: 'HTTP GET: a binding the profile does not cover (SSBP2403)' } });
const claimed = record({ transport: 'wsdl', kind: 'service', caseId: 'tsiWS-wsdl', request: { method: 'GET', url: 'http://t/api/rmm/tsiWS.asmx?WSDL', headers: {}, curl: 'curl' }, checks: [{ id: 'wsi-description', status: 'passed' }], wsi: { claim: true } });

const section = (html: string) => /<section id="wsi">[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
const row = (html: string, id: string) => new RegExp(`<tr id="wsi-${id}"[^>]*>([\\s\\S]*?)</tr>`).exec(section(html))?.[1] ?? '';
const counts = (rowHtml: string) => [...rowHtml.matchAll(/<td class="num">(\d+)<\/td>/g)].map((m) => Number(m[1]));

describe('the WS-I Basic Profile section', () => {
  const html = reportHtml([passing, failing, outside], run());

  test('counts per assertion by result (passed, failed, warning, notApplicable, missingInput, prereqFailed)', () => {
    expect(counts(row(html, 'R1011'))).toEqual([1, 1, 0, 1, 0, 0]);
    expect(counts(row(html, 'R1000'))).toEqual([0, 0, 0, 3, 0, 0]);
    expect(row(html, 'R1011')).toContain('first failed: <code>MobileAccountSearch-2 soap11</code>');
  });

  test('the first failure and its curl, escaped', () => {
    const text = section(html);
    expect(text).not.toContain('<script');
    expect(text).not.toMatch(/<img/i);
    expect(text).toContain(esc(`<x> follows soap:Body ${HOSTILE}`));
    expect(text).toContain(`<h5>Reproduce with curl</h5><pre class="cmd">${esc(`curl -sS 'http://t/${HOSTILE}'`)}</pre>`);
  });

  test('says how failures weigh: a warning, an error under --wsi bp11 or a claim', () => {
    expect(section(html)).toContain('a failed assertion is a warning');
    expect(section(reportHtml([passing], run('bp11')))).toContain('Held to WS-I Basic Profile 1.1 by <code>--wsi bp11</code>');
    expect(section(reportHtml([passing, claimed], run()))).toContain("The target's WSDL claims WS-I Basic Profile 1.1");
  });

  test('absent when no record carries WS-I results', () => {
    const { wsi: _wsi, ...plain } = passing;
    expect(section(reportHtml([plain], run()))).toBe('');
  });
});

describe("the certificate's wsi field", () => {
  test('the failed assertions and why they weigh what they do', () => {
    expect(JSON.parse(certificateJson([passing, failing, claimed], run(), {})).wsi).toEqual({
      profile: 'WS-I Basic Profile 1.1', result: 'failed', heldBy: 'claim', claimFound: true, asked: 'off', failed: ['R1011'], warned: [],
    });
    expect(JSON.parse(certificateJson([passing], run('bp11'), {})).wsi).toMatchObject({ result: 'passed', heldBy: 'flag', asked: 'bp11', failed: [] });
    const { wsi: _wsi, ...plain } = passing;
    expect(JSON.parse(certificateJson([plain], run(), {})).wsi).toBeUndefined();
  });
});

describe("the run's WS-I grounds (RunInfo.wsi, read from ?WSDL before any test)", () => {
  const withGrounds = (claim: boolean, asked: 'off' | 'bp11', unread?: string): RunInfo => ({ ...run(asked), wsi: wsiRunInfo({ claim, ...(unread ? { unread } : {}) }, asked) });
  const grounds = (html: string) => /<p class="counts" id="wsi-grounds">([\s\S]*?)<\/p>/.exec(section(html))?.[1] ?? '';

  test('a claim found, without a service record (--suites positive): the report holds it, and says --wsi bp11 was not asked', () => {
    const html = reportHtml([passing], withGrounds(true, 'off'));
    expect(grounds(html)).toBe('Claim: found in the target\'s WSDL (<code>wsi:Claim conformsTo="http://ws-i.org/profiles/basic/1.1"</code>). <code>--wsi bp11</code>: not asked.');
    expect(section(html)).toContain('the claim is held, a failed assertion is an error');
    expect(JSON.parse(certificateJson([passing], withGrounds(true, 'off'), {})).wsi).toMatchObject({ heldBy: 'claim', claimFound: true, asked: 'off' });
  });

  test('both grounds are said: a claim and --wsi bp11', () => {
    expect(grounds(reportHtml([passing], withGrounds(true, 'bp11')))).toMatch(/^Claim: found .*<code>--wsi bp11<\/code>: asked\.$/);
    expect(withGrounds(true, 'bp11').wsi).toEqual({ claimFound: true, asked: 'bp11', heldBy: 'claim' });
  });

  test('no claim, and a WSDL that could not be read: said, escaped', () => {
    expect(grounds(reportHtml([passing], withGrounds(false, 'off')))).toBe("Claim: none in the target's WSDL. <code>--wsi bp11</code>: not asked.");
    const unread = grounds(reportHtml([passing], withGrounds(false, 'bp11', `GET ?WSDL answered HTTP 404 ${HOSTILE}`)));
    expect(unread).toContain(`Claim: none known: the target's WSDL was not read (GET ?WSDL answered HTTP 404 ${esc(HOSTILE)})`);
    expect(unread).not.toContain('<script');
  });

  test('results.json carries them in its run', () => {
    expect(JSON.parse(resultsJson([passing], withGrounds(true, 'bp11'))).run.wsi).toEqual({ claimFound: true, asked: 'bp11', heldBy: 'claim' });
  });
});
