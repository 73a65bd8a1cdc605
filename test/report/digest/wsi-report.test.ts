/** reports/wsi-report.xml (issue 51): the Analyzer's report format, valid against fixtures/wsi/report.xsd. */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { judgeDescription, judgeMessage } from '../../../src/checks/wsi/catalog.js';
import type { WsiMessage } from '../../../src/checks/wsi/types.js';
import { compileSchema, parseXml } from '../../../src/decode/xml.js';
import { WSI_REPORT_NS, WsiReport } from '../../../src/report/digest/wsi-report.js';
import { response } from '../../support/http.js';

const SCHEMA = compileSchema(readFileSync(new URL('../../../fixtures/wsi/report.xsd', import.meta.url), 'utf8'));
const WSDL = readFileSync(new URL('../../../wsdl/tsiWS.wsdl', import.meta.url), 'utf8');
const NS = 'http://www.tigerpawsoftware.com';
const ENV = 'http://schemas.xmlsoap.org/soap/envelope/';
const body = (inner: string) => `<soap:Envelope xmlns:soap="${ENV}"><soap:Body>${inner}</soap:Body></soap:Envelope>`;
const exchange = (text: string, status: number): WsiMessage => ({
  transport: 'soap11', kind: 'positive', bindingSoapAction: `${NS}/MobileContactSearch`,
  request: { method: 'POST', path: '/', headers: { SOAPAction: `"${NS}/MobileContactSearch"` }, body: '' },
  response: response(text, 'text/xml; charset=utf-8', status), resultElement: { ns: NS, name: 'MobileContactSearchResponse' },
});
const GOOD = exchange(body(`<MobileContactSearchResponse xmlns="${NS}"/>`), 200);
const UNQUALIFIED = exchange(body('<MobileContactSearchResponse/>'), 200);
const RUN = { name: 'tsiws-conform run', timestamp: '2024-01-01T00:00:00Z' };

function assertionResult(xml: string, id: string) {
  const parsed = parseXml(xml);
  if (!parsed.ok) throw new Error(parsed.error);
  const results = parsed.root.children.flatMap((a) => a.children).flatMap((e) => e.children);
  return results.find((r) => r.attrs['id'] === id)!;
}

test('a conforming run: every assertion passed or notApplicable, the summary passed, valid against the schema', () => {
  const report = new WsiReport();
  report.add('wsdl', judgeDescription(WSDL));
  for (let i = 0; i < 3; i++) report.add(`case-${i} soap11`, judgeMessage(GOOD));
  const xml = report.xml({ ...RUN, held: undefined, claimFound: false });
  expect(SCHEMA.validateText(xml)).toEqual([]);
  const parsed = parseXml(xml);
  expect(parsed.ok && parsed.root.ns).toBe(WSI_REPORT_NS);
  expect(report.failedIds()).toEqual([]);
  expect(assertionResult(xml, 'R1014').attrs).toMatchObject({ result: 'passed', '{urn:tsiws-conformance:wsi-counts}passed': '3' });
  expect(xml).toContain('<summary result="passed" tsiws:heldBy="none" tsiws:claimFound="false">The target does not claim WS-I Basic Profile 1.1: a failure is a warning. No assertion failed.</summary>');
});

test('a failing assertion shows the worst result, its counts and the first failing exchange only; a claim is reported', () => {
  const report = new WsiReport();
  report.add('case-1 soap11', judgeMessage(GOOD));
  report.add('case-2 soap11', judgeMessage(UNQUALIFIED));
  report.add('case-3 soap11', judgeMessage(UNQUALIFIED));
  const xml = report.xml({ ...RUN, held: 'claim', claimFound: true });
  expect(SCHEMA.validateText(xml)).toEqual([]);
  const r1014 = assertionResult(xml, 'R1014');
  expect(r1014.attrs).toMatchObject({ result: 'failed', '{urn:tsiws-conformance:wsi-counts}passed': '1', '{urn:tsiws-conformance:wsi-counts}failed': '2' });
  const detail = r1014.children.find((c) => c.name === 'failureDetail')!;
  expect(detail.attrs['referenceID']).toBe('case-2 soap11');
  expect(detail.text).toBe('unqualified soap:Body child <MobileContactSearchResponse> (first of 2)');
  expect(report.failedIds()).toEqual(['R1014']);
  // R2712 needs R1014: not run where it failed.
  expect(assertionResult(xml, 'R2712').attrs).toMatchObject({ result: 'prereqFailed', '{urn:tsiws-conformance:wsi-counts}prereqFailed': '2' });
  expect(xml).toContain("The target's WSDL claims WS-I Basic Profile 1.1 (wsi:Claim): the claim is held, a failure is an error. Failed: R1014.");
});

test('the schema rejects a result the Analyzer does not give', () => {
  const report = new WsiReport();
  report.add('case-1 soap11', judgeMessage(GOOD));
  const xml = report.xml({ ...RUN, held: undefined, claimFound: false }).replace('result="passed"', 'result="ok"');
  expect(SCHEMA.validateText(xml).length).toBeGreaterThan(0);
});
