/** The search for values in the reports (src/report/digest/search-line.ts, data-path.ts withBlocked): the
 * console line, and each blocked operation's last failure in the data path of results.json,
 * report.html and the console's warning. */
import { describe, expect, test } from 'vitest';
import type { ExchangeRecord } from '../../../src/results/record.js';
import { searchLine, type SearchInfo } from '../../../src/report/digest/search-line.js';
import { consoleTable } from '../../../src/report/formats/console.js';
import { digestOf } from '../../../src/report/digest/digest.js';
import { reportHtml } from '../../../src/report/html/page.js';
import { resultsJson } from '../../../src/report/formats/results-json.js';
import { summarise, type RunInfo } from '../../../src/report/digest/summary.js';

const SEARCH: SearchInfo = {
  budget: 60, sent: 14,
  found: { MobileContactEmailCreate: { email: 'tsiws.conformance@example.com' }, MobileDocumentUpload: { filename: 'tsiws-conformance.png', base64string: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJ' } },
  blocked: { MobileAccountUpdate: { message: '{"ok":false,"error":"accountid <A-1> is locked"}', param: 'accountid' } },
};

const positive = (operation: string, dataPath: ExchangeRecord['dataPath']): ExchangeRecord => ({
  operation, transport: 'soap11', caseId: `${operation}-example`, kind: 'positive', dataPath, checks: [{ id: 'http-status-200', status: 'passed' }],
  request: { method: 'POST', url: 'http://t/x', headers: {}, curl: 'curl' },
  response: { status: 200, headers: {}, body: '', bodyBytes: 0, truncated: false, elapsedMs: 1 },
});
const RECORDS = [positive('MobileAccountUpdate', 'failure'), positive('MobileContactEmailCreate', 'success')];
const run = (search?: SearchInfo): RunInfo => ({
  tool: { name: 'tsiws-conformance', version: '0.0.0' }, target: 'http://t', embedded: false, namespace: 'http://www.tigerpawsoftware.com',
  startedAt: '2026-01-01T00:00:00.000Z', durationMs: 10, toolErrors: [], seed: 1, configuration: { profile: 'asmx', operations: ['a', 'b'], transports: ['soap11'] },
  discovery: { sent: 30, probes: 8, records: 100, ...(search ? { search } : {}) },
});

describe('the console line', () => {
  test('names the values found (long ones clipped) and what still blocked the others', () => {
    expect(searchLine(SEARCH)).toBe("Search: 2 operations now succeed (MobileContactEmailCreate: email=tsiws.conformance@example.com; MobileDocumentUpload: filename=tsiws-conformance.png, base64string=iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAf…); 1 still blocked: MobileAccountUpdate (accountid: '{\"ok\":false,\"error\":\"accountid <A-1> is locked\"}'); 14 of 60 requests");
    expect(searchLine({ budget: 60, sent: 60, found: {}, blocked: { MobileTimeLogCreate: { message: 'service order 6 is closed', param: 'sonumber', stopped: 'budget' } } }))
      .toBe("Search: 1 still blocked: MobileTimeLogCreate (sonumber: 'service order 6 is closed'; budget ran out); 60 of 60 requests");
    expect(searchLine({ budget: 60, sent: 31, found: {}, blocked: { MobileTimeLogCreate: { message: 'service order 6 is closed', stopped: 'exhausted' } } }))
      .toBe("Search: 1 still blocked: MobileTimeLogCreate ('service order 6 is closed'; nothing left to try); 31 of 60 requests");
    expect(searchLine({ budget: 60, sent: 20, found: {}, blocked: {} })).toBe('Search: every valid request searched succeeded with the values it had; 20 of 60 requests');
    expect(searchLine({ budget: 60, sent: 22, found: {}, blocked: {}, textLimit: { operation: 'MobileAccountSearch', param: 'accountname', refused: 2000, accepted: 1000 } }))
      .toBe('Search: every valid request searched succeeded with the values it had; texts of 2000 characters refused (accountname of MobileAccountSearch), of 1000 taken: fuzzed texts are cut to 1000; 22 of 60 requests');
  });
});

describe('the data path names what still blocked an operation', () => {
  test('in the summary of results.json, the warning of the console, and report.html', () => {
    const s = summarise(RECORDS, run(SEARCH));
    expect(s.dataPath!.operations['MobileAccountUpdate']).toEqual({ success: 0, failure: 1, unknown: 0, fault: 0, refused: 0, total: 1, blocked: SEARCH.blocked['MobileAccountUpdate'] });
    expect(s.dataPath!.operations['MobileContactEmailCreate']!.blocked).toBeUndefined();
    const json = JSON.parse(resultsJson(RECORDS, run(SEARCH))) as { run: RunInfo; summary: typeof s };
    expect(json.summary.dataPath!.operations['MobileAccountUpdate']!.blocked).toEqual({ message: '{"ok":false,"error":"accountid <A-1> is locked"}', param: 'accountid' });
    expect(json.run.discovery!.search).toEqual(SEARCH);
    expect(consoleTable(digestOf(RECORDS, 'error'), ['MobileAccountUpdate'], ['soap11'], run(SEARCH))).toContain(`MobileAccountUpdate: no valid request succeeded (1 in-band failure; still blocked at accountid: '{"ok":false,"error":"accountid <A-1> is locked"}')`);
    expect(reportHtml(RECORDS, run(SEARCH))).toContain('<small>still blocked at accountid: &#39;{&quot;ok&quot;:false,&quot;error&quot;:&quot;accountid &lt;A-1&gt; is locked&quot;}&#39;</small>');
  });

  test('without a search, nothing is added', () => {
    expect(summarise(RECORDS, run()).dataPath!.operations['MobileAccountUpdate']).toEqual({ success: 0, failure: 1, unknown: 0, fault: 0, refused: 0, total: 1 });
    expect(reportHtml(RECORDS, run())).not.toContain('still blocked');
  });
});
