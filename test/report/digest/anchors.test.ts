/** The anchors in the reports (src/report/digest/anchors.ts, html/anchors.ts): the console's Anchors line,
 * results.json's run.discovery.anchors and report.html's Anchors section, per operation; no
 * authentication value in any of them. */
import { expect, test } from 'vitest';
import type { ExchangeRecord } from '../../../src/results/record.js';
import { anchorsLine, type AnchorsInfo } from '../../../src/report/digest/anchors.js';
import { anchorsSection } from '../../../src/report/html/anchors.js';
import { reportHtml } from '../../../src/report/html/page.js';
import { resultsJson } from '../../../src/report/formats/results-json.js';
import type { RunInfo } from '../../../src/report/digest/summary.js';
import { anchorOf } from '../../../src/engine/learn/anchors.js';

const SECRETS = { repnumber: '101', timestamp: '2026-11-29T04:00:00.000Z', sig: 'c0ffee-signature', mobilekey: 'feed-mobile-key' };
const ANCHORS: AnchorsInfo = {
  MobileAccountSearch: anchorOf({ accountname: '', contactname: '', telephone: '', email: '', ...SECRETS }, 'soap11', 'discovery'),
  MobileContactEmailCreate: anchorOf({ accountnumber: '1001', contactnumber: '2001', email: 'tsiws.conformance@example.com', primary: 'true', ...SECRETS }, 'soap11', 'search'),
};
const OPERATIONS = ['MobileAccountSearch', 'MobileContactEmailCreate', 'MobileContactEmailDelete', 'MobileServiceOrderRepAssignedDelete'];
const run: RunInfo = {
  tool: { name: 'tsiws-conformance', version: '0.0.0' }, target: 'http://t', embedded: false, namespace: 'http://www.tigerpawsoftware.com',
  startedAt: '2026-01-01T00:00:00.000Z', durationMs: 10, toolErrors: [], seed: 1, configuration: { profile: 'asmx', operations: OPERATIONS, transports: ['soap11'] },
  discovery: { sent: 30, probes: 8, records: 100, anchors: ANCHORS },
};
const RECORDS: ExchangeRecord[] = [{
  operation: 'MobileAccountSearch', transport: 'soap11', caseId: 'MobileAccountSearch-example', kind: 'positive', dataPath: 'success', checks: [{ id: 'http-status-200', status: 'passed' }],
  request: { method: 'POST', url: 'http://t/x', headers: {}, curl: 'curl' },
  response: { status: 200, headers: {}, body: '', bodyBytes: 0, truncated: false, elapsedMs: 1 },
}];

test('the console line counts the selected operations with an anchor, by source, and names those without', () => {
  expect(anchorsLine(ANCHORS, OPERATIONS)).toBe('Anchors: 2 of 4 operations have a request known to succeed (discovery 1, search 1); probed on a record of each probe\'s own: MobileContactEmailDelete, MobileServiceOrderRepAssignedDelete');
  expect(anchorsLine(ANCHORS, ['MobileAccountSearch'])).toBe('Anchors: 1 of 1 operation has a request known to succeed (discovery 1, search 0)');
});

test('report.html shows each operation\'s anchor or that it had none; results.json holds them; no secret in either', () => {
  const section = anchorsSection(run);
  expect(section).toContain('<tr><td><code>MobileContactEmailCreate</code></td><td>accountnumber=1001, contactnumber=2001, email=tsiws.conformance@example.com, primary=true (search, soap11)</td></tr>');
  expect(section).toContain('<tr><td><code>MobileAccountSearch</code></td><td>accountname=, contactname=, telephone=, email= (discovery, soap11)</td></tr>');
  expect(section).toContain('<tr><td><code>MobileContactEmailDelete</code></td><td>a record made for each probe: MobileContactEmailCreate makes each probe&#39;s emailid (where that fails, a refused probe is inconclusive)</td></tr>');
  expect(section).toContain('<tr><td><code>MobileServiceOrderRepAssignedDelete</code></td><td>a learned record for each probe: each takes a reptodelete and sonumber of its own, and the valid MobileServiceOrderRepAssignedDelete on it confirms a refusal (where that fails, a refused probe is inconclusive)</td></tr>');
  const html = reportHtml(RECORDS, run);
  expect(html).toContain(section);
  const json = JSON.parse(resultsJson(RECORDS, run)) as { run: RunInfo };
  expect(json.run.discovery!.anchors).toEqual(ANCHORS);
  for (const text of [html, JSON.stringify(json)]) for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
  // No anchors kept (a target that answered no record): no section.
  expect(anchorsSection({ ...run, discovery: { sent: 3, probes: 0, records: 0 } })).toBe('');
});
