/**
 * The Postman collection's XML assertions (xsd-valid, soap-envelope-version, soap-body-single-child,
 * http-string-root, soap-response-element and not-a-fault, xml-well-formed, fault-status,
 * fault-content-type, soap-fault-shape, soap-no-dtd-or-pi) and its skipped tests, run in newman's
 * own sandbox (in-process, one newman run,
 * about two seconds): each answer below is served on loopback and each generated script must fail
 * exactly the answers that break its contract point.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import newman from 'newman';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEFAULT_NAMESPACE, getOperation } from '../../../src/contract/index.js';
import { checks, type Exchange } from '../../../src/checks/registry.js';
import { PROFILES } from '../../../src/profiles/expectations.js';
import type { Profile } from '../../../src/profiles/types.js';
import { failsRun, type FailOn } from '../../../src/results/levels.js';
import { getTransportById, type TransportId } from '../../../src/transports/index.js';
import { response } from '../../support/http.js';
import { faultContentTypeTest, faultStatusTest, soapFaultShapeTest, soapNoDtdOrPiTest } from '../../../src/report/foreign/postman-fault.js';
import { notAssertedWhy } from '../../../src/report/foreign/postman-unasserted.js';
import { sandboxXmlTest } from '../../../src/report/foreign/postman-sandbox.js';
import { httpStringRootTest, resultPlaceTest, soapBodySingleChildTest, soapEnvelopeVersionTest } from '../../../src/report/foreign/postman-structure.js';
import { xsdAssertionOf, xsdValidTest } from '../../../src/report/foreign/postman-xsd.js';
import { soap11, soap12 } from '../../../src/transports/dialects.js';

const NS = DEFAULT_NAMESPACE;
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
const op = getOperation('MobileContactSearch');
const envelope = (ns: string, body: string) => `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${ns}"><soap:Body>${body}</soap:Body></soap:Envelope>`;
const soap = (inner: string, attrs = '') => envelope(soap11.envelopeNs, `<MobileContactSearchResponse xmlns="${NS}"${attrs}>${inner}</MobileContactSearchResponse>`);

type Judged = { id: string; transport: TransportId; profile: Profile; failOn: FailOn };
type Row = { name: string; envelopeNs?: string; body: string; fails: boolean; script?: string; status?: number; contentType?: string; judged?: Judged };

/** The assertion report/foreign/postman.ts writes for check `id` failed over `transport` (with `profile`
 * when the run's --fail-on counts warnings), and the check itself, to judge the same answer. */
function by(id: 'fault-status' | 'fault-content-type' | 'soap-fault-shape' | 'soap-no-dtd-or-pi', transport: TransportId = 'soap11', profile?: Profile): { script: string; judged: Judged } {
  const judged = { id, transport, profile: profile ?? PROFILES.asmx, failOn: profile ? 'warning' : 'error' } as const;
  switch (id) {
    case 'fault-status': return { script: faultStatusTest(getTransportById(transport).dialect !== undefined, profile), judged };
    case 'fault-content-type': return { script: faultContentTypeTest(), judged };
    case 'soap-fault-shape': return { script: soapFaultShapeTest(), judged };
    case 'soap-no-dtd-or-pi': return { script: soapNoDtdOrPiTest(), judged };
  }
}

/** Whether the check fails the row's answer at a level its --fail-on counts. */
function checkFails(row: Row, judged: Judged): boolean {
  const check = checks.find((c) => c.id === judged.id)!;
  const answer = response(row.body, row.contentType ?? 'text/xml; charset=utf-8', row.status ?? 200);
  const verdict = check.run({ response: answer, profile: judged.profile, transport: getTransportById(judged.transport) } as Partial<Exchange> as Exchange);
  return verdict.status === 'failed' && failsRun(verdict.level ?? check.level, judged.failOn);
}
const soap12Body = `<MobileContactSearchResponse xmlns="${NS}"><MobileContactSearchResult>x</MobileContactSearchResult></MobileContactSearchResponse>`;
const fault11 = envelope(soap11.envelopeNs, '<soap:Fault><faultcode>soap:Client</faultcode><faultstring>x</faultstring><detail/></soap:Fault>');
const fault12 = (code: string, decl = '') => envelope(soap12.envelopeNs, `<soap:Fault${decl}><soap:Code><soap:Value>${code}</soap:Value></soap:Code><soap:Reason><soap:Text xml:lang="en">x</soap:Text></soap:Reason><soap:Detail/></soap:Fault>`);
const asmx = PROFILES.asmx;
const rows: Row[] = [
  // Conforming answers.
  { name: 'soap11 result', envelopeNs: soap11.envelopeNs, body: soap('<MobileContactSearchResult>[{"a":1}] &lt;b/&gt;</MobileContactSearchResult>'), fails: false },
  { name: 'soap11 no result (minOccurs 0)', envelopeNs: soap11.envelopeNs, body: soap(''), fails: false },
  { name: 'soap11 whitespace between elements', envelopeNs: soap11.envelopeNs, body: soap('\n  <MobileContactSearchResult>x</MobileContactSearchResult>\n'), fails: false },
  { name: 'soap12 result', envelopeNs: soap12.envelopeNs, body: envelope(soap12.envelopeNs, `<MobileContactSearchResponse xmlns="${NS}"><MobileContactSearchResult>x</MobileContactSearchResult></MobileContactSearchResponse>`), fails: false },
  { name: 'http string', body: `<?xml version="1.0" encoding="utf-8"?>\n<string xmlns="${NS}">[{"a":1}]</string>`, fails: false },
  { name: 'http string nil', body: `<string xmlns:xsi="${XSI}" xsi:nil="true" xmlns="${NS}" />`, fails: false },
  // Answers the schema refuses.
  { name: 'result misnamed', envelopeNs: soap11.envelopeNs, body: soap('<MobileContactSearchReturn>x</MobileContactSearchReturn>'), fails: true },
  { name: 'fault in the body', envelopeNs: soap11.envelopeNs, body: envelope(soap11.envelopeNs, '<soap:Fault><faultcode>soap:Server</faultcode><faultstring>x</faultstring></soap:Fault>'), fails: true },
  { name: 'result holds markup', envelopeNs: soap12.envelopeNs, body: envelope(soap12.envelopeNs, `<MobileContactSearchResponse xmlns="${NS}"><MobileContactSearchResult><Value>x</Value></MobileContactSearchResult></MobileContactSearchResponse>`), fails: true },
  { name: 'two results', envelopeNs: soap11.envelopeNs, body: soap('<MobileContactSearchResult>x</MobileContactSearchResult><MobileContactSearchResult>y</MobileContactSearchResult>'), fails: true },
  { name: 'undeclared attribute', envelopeNs: soap11.envelopeNs, body: soap('<MobileContactSearchResult>x</MobileContactSearchResult>', ' count="1"'), fails: true },
  { name: 'xsi:nil on a non-nillable element', envelopeNs: soap11.envelopeNs, body: soap(`<MobileContactSearchResult xmlns:xsi="${XSI}" xsi:nil="true"/>`), fails: true },
  { name: 'text beside the result', envelopeNs: soap11.envelopeNs, body: soap('x<MobileContactSearchResult>x</MobileContactSearchResult>'), fails: true },
  { name: 'response in another namespace', envelopeNs: soap11.envelopeNs, body: envelope(soap11.envelopeNs, '<MobileContactSearchResponse xmlns="http://tempuri.org/"><MobileContactSearchResult>x</MobileContactSearchResult></MobileContactSearchResponse>'), fails: true },
  { name: 'SOAP 1.1 envelope where 1.2 is asked', envelopeNs: soap12.envelopeNs, body: soap('<MobileContactSearchResult>x</MobileContactSearchResult>'), fails: true },
  { name: 'http string holds an element', body: `<string xmlns="${NS}"><a>1</a></string>`, fails: true },
  { name: 'http string nil with content', body: `<string xmlns:xsi="${XSI}" xsi:nil="true" xmlns="${NS}">x</string>`, fails: true },
  { name: 'http root unqualified', body: '<string>x</string>', fails: true },
  { name: 'not XML', body: 'System.NullReferenceException: Object reference not set', fails: true },
  // The structural checks' assertions.
  { name: 'envelope: SOAP 1.2 as asked', script: soapEnvelopeVersionTest(soap12.envelopeNs), body: envelope(soap12.envelopeNs, soap12Body), fails: false },
  { name: 'envelope: SOAP 1.1 where 1.2 is asked', script: soapEnvelopeVersionTest(soap12.envelopeNs), body: envelope(soap11.envelopeNs, soap12Body), fails: true },
  { name: 'body: one child', script: soapBodySingleChildTest(), body: soap('<MobileContactSearchResult>x</MobileContactSearchResult>'), fails: false },
  { name: 'body: one fault', script: soapBodySingleChildTest(), body: envelope(soap12.envelopeNs, '<soap:Fault/>'), fails: false },
  { name: 'body: two children', script: soapBodySingleChildTest(), body: envelope(soap11.envelopeNs, `${soap12Body}<ServerTime xmlns="${NS}">2024</ServerTime>`), fails: true },
  { name: 'body: none', script: soapBodySingleChildTest(), body: envelope(soap11.envelopeNs, ''), fails: true },
  { name: 'string root', script: httpStringRootTest(NS), body: `<string xmlns="${NS}">x</string>`, fails: false },
  { name: 'string root without namespace', script: httpStringRootTest(NS), body: '<string>x</string>', fails: true },
  { name: 'result place: SOAP 1.2', script: resultPlaceTest('soap-response-element', { envelopeNs: soap12.envelopeNs, namespace: NS, response: 'MobileContactSearchResponse', result: 'MobileContactSearchResult' }), body: envelope(soap12.envelopeNs, soap12Body), fails: false },
  { name: 'result place: in a SOAP 1.1 envelope', script: resultPlaceTest('soap-response-element', { envelopeNs: soap12.envelopeNs, namespace: NS, response: 'MobileContactSearchResponse', result: 'MobileContactSearchResult' }), body: envelope(soap11.envelopeNs, soap12Body), fails: true },
  { name: 'result place: a fault', script: resultPlaceTest('not-a-fault', { envelopeNs: soap11.envelopeNs, namespace: NS, response: 'MobileContactSearchResponse', result: 'MobileContactSearchResult' }), body: envelope(soap11.envelopeNs, '<soap:Fault/>'), fails: true },
  { name: 'result place: no result', script: resultPlaceTest('soap-response-element', { envelopeNs: soap11.envelopeNs, namespace: NS, response: 'MobileContactSearchResponse', result: 'MobileContactSearchResult' }), body: soap(''), fails: true },
  { name: 'result place: string', script: resultPlaceTest('not-a-fault', { namespace: NS, root: 'string' }), body: `<string xmlns="${NS}">x</string>`, fails: false },
  { name: 'result place: a text error', script: resultPlaceTest('not-a-fault', { namespace: NS, root: 'string' }), body: 'System.NullReferenceException: x', fails: true },
  { name: 'well-formed', script: sandboxXmlTest('xml-well-formed: x', {}, ''), body: `<?xml version="1.0"?>\n<string xmlns="${NS}">a &amp; b</string>`, fails: false },
  { name: 'not well-formed: bare ampersand', script: sandboxXmlTest('xml-well-formed: x', {}, ''), body: `<string xmlns="${NS}">a & b</string>`, fails: true },
  { name: 'not well-formed: unclosed', script: sandboxXmlTest('xml-well-formed: x', {}, ''), body: `<string xmlns="${NS}">a`, fails: true },
  // The fault checks' assertions (report/foreign/postman-fault.ts): each passes an answer holding no fault.
  { name: 'fault status: SOAP 1.1 500', ...by('fault-status', 'soap11', asmx), status: 500, body: fault11, fails: false },
  { name: 'fault status: SOAP 1.1 200', ...by('fault-status', 'soap12'), status: 200, body: fault11, fails: true },
  { name: 'fault status: SOAP 1.2 Sender 400, standard only', ...by('fault-status', 'soap12'), status: 400, body: fault12('soap:Sender'), fails: false },
  { name: 'fault status: SOAP 1.2 Sender 400, asmx profile', ...by('fault-status', 'soap12', asmx), status: 400, body: fault12('soap:Sender'), fails: true },
  { name: 'fault status: SOAP 1.2 Sender 400, lenient profile', ...by('fault-status', 'soap12', PROFILES.lenient), status: 400, body: fault12('soap:Sender'), fails: false },
  { name: 'fault status: SOAP 1.2 Receiver 400', ...by('fault-status', 'soap12'), status: 400, body: fault12('soap:Receiver'), fails: true },
  { name: 'fault status: SOAP 1.2 Sender of another namespace 400', ...by('fault-status', 'soap12'), status: 400, body: fault12('x:Sender', ' xmlns:x="urn:x"'), fails: true },
  { name: 'fault status: over GET, 400 under asmx', ...by('fault-status', 'get', asmx), status: 400, body: fault11, fails: true },
  { name: 'fault status: over GET, 400, standard only', ...by('fault-status', 'get'), status: 400, body: fault11, fails: false },
  { name: 'fault status: no fault', ...by('fault-status', 'soap11', asmx), status: 200, body: soap(''), fails: false },
  { name: 'fault status: not XML', ...by('fault-status', 'soap11', asmx), status: 400, body: '', fails: false },
  { name: 'fault media type: SOAP 1.2 as its own', ...by('fault-content-type'), status: 500, contentType: 'Application/SOAP+xml; charset=utf-8', body: fault12('soap:Receiver'), fails: false },
  { name: 'fault media type: SOAP 1.2 as text/xml', ...by('fault-content-type'), status: 500, body: fault12('soap:Receiver'), fails: true },
  { name: 'fault media type: SOAP 1.1 as text/xml', ...by('fault-content-type'), status: 500, body: fault11, fails: false },
  { name: 'fault media type: SOAP 1.1 as soap+xml', ...by('fault-content-type'), status: 500, contentType: 'application/soap+xml', body: fault11, fails: true },
  { name: 'fault media type: a result as soap+xml', ...by('fault-content-type'), contentType: 'application/soap+xml', body: soap(''), fails: false },
  { name: 'fault shape: SOAP 1.1', ...by('soap-fault-shape'), body: fault11, fails: false },
  { name: 'fault shape: SOAP 1.1 dotted code', ...by('soap-fault-shape'), body: envelope(soap11.envelopeNs, '<soap:Fault><faultcode>soap:Client.Authentication</faultcode><faultstring>x</faultstring></soap:Fault>'), fails: false },
  { name: 'fault shape: SOAP 1.1 without faultstring', ...by('soap-fault-shape'), body: envelope(soap11.envelopeNs, '<soap:Fault><faultcode>soap:Server</faultcode></soap:Fault>'), fails: true },
  { name: 'fault shape: SOAP 1.1 qualified faultcode', ...by('soap-fault-shape'), body: envelope(soap11.envelopeNs, '<soap:Fault><soap:faultcode>soap:Server</soap:faultcode><faultstring>x</faultstring></soap:Fault>'), fails: true },
  { name: 'fault shape: SOAP 1.1 code of no namespace', ...by('soap-fault-shape'), body: envelope(soap11.envelopeNs, '<soap:Fault><faultcode>Server</faultcode><faultstring>x</faultstring></soap:Fault>'), fails: true },
  { name: 'fault shape: SOAP 1.2', ...by('soap-fault-shape'), body: fault12('soap:Sender'), fails: false },
  { name: 'fault shape: SOAP 1.2 code by the default namespace', ...by('soap-fault-shape'), body: envelope(soap12.envelopeNs, `<soap:Fault><soap:Code><soap:Value xmlns="${soap12.envelopeNs}">Receiver</soap:Value></soap:Code><soap:Reason><soap:Text xml:lang="en">x</soap:Text></soap:Reason></soap:Fault>`), fails: false },
  { name: 'fault shape: SOAP 1.2 SOAP 1.1 code', ...by('soap-fault-shape'), body: fault12('soap:Server'), fails: true },
  { name: 'fault shape: SOAP 1.2 reason without xml:lang', ...by('soap-fault-shape'), body: fault12('soap:Sender').replace(' xml:lang="en"', ''), fails: true },
  { name: 'fault shape: SOAP 1.2 no Reason', ...by('soap-fault-shape'), body: envelope(soap12.envelopeNs, '<soap:Fault><soap:Code><soap:Value>soap:Sender</soap:Value></soap:Code></soap:Fault>'), fails: true },
  { name: 'fault shape: SOAP 1.2 no Value', ...by('soap-fault-shape'), body: envelope(soap12.envelopeNs, '<soap:Fault><soap:Code/><soap:Reason><soap:Text xml:lang="en">x</soap:Text></soap:Reason></soap:Fault>'), fails: true },
  { name: 'fault shape: no fault', ...by('soap-fault-shape'), body: `<string xmlns="${NS}">x</string>`, fails: false },
  { name: 'no DTD or PI: a result', ...by('soap-no-dtd-or-pi'), body: soap('<!-- <?pi in a comment?> --><MobileContactSearchResult><![CDATA[<?pi in CDATA?>]]></MobileContactSearchResult>'), fails: false },
  { name: 'no DTD or PI: a stylesheet PI', ...by('soap-no-dtd-or-pi'), body: soap('').replace('?>', '?><?xml-stylesheet type="text/xsl" href="/soap.xsl"?>'), fails: true },
  { name: 'no DTD or PI: a PI in the Body', ...by('soap-no-dtd-or-pi'), body: envelope(soap12.envelopeNs, `<?app data?>${soap12Body}`), fails: true },
  { name: 'no DTD or PI: an internal DTD', ...by('soap-no-dtd-or-pi'), body: soap('').replace('?>', '?><!DOCTYPE soap:Envelope [ <!ENTITY product "tsiWS"> ]>'), fails: true },
  { name: 'no DTD or PI: a DTD outside SOAP', ...by('soap-no-dtd-or-pi'), body: `<!DOCTYPE string SYSTEM "http://example.com/s.dtd"><string xmlns="${NS}">x</string>`, fails: false },
];

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    const row = rows[Number(req.url?.slice(1))];
    res.writeHead(row?.status ?? 200, { 'Content-Type': row?.contentType ?? 'text/xml; charset=utf-8' }).end(row?.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

type Assertion = { assertion: string; skipped?: boolean; error?: { message: string } };
function runInNewman(items: Array<{ name: string; url: string; exec: string[] }>): Promise<Map<string, Assertion[]>> {
  const collection = {
    info: { name: 'postman-xsd test', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
    item: items.map((i) => ({ name: i.name, request: { method: 'GET', url: i.url }, event: [{ listen: 'test', script: { type: 'text/javascript', exec: i.exec } }] })),
  };
  return new Promise((resolve, reject) => {
    newman.run({ collection, reporters: [] }, (err, summary) => {
      if (err) return reject(err);
      resolve(new Map(summary.run.executions.map((e) => [e.item.name, (e.assertions ?? []) as Assertion[]])));
    });
  });
}

test('each script fails exactly the answers that break its contract point, and a skipped check is neither passed nor failed', async () => {
  const items = rows.map((row, i) => ({ name: row.name, url: `${base}/${i}`, exec: [row.script ?? xsdValidTest(xsdAssertionOf(op, NS, row.envelopeNs))] }));
  const skipped = { name: 'skipped', url: `${base}/0`, exec: [`pm.test.skip(${JSON.stringify(`echo-matches: ${notAssertedWhy('echo-matches')}`)}, function () {});`] };
  const results = await runInNewman([...items, skipped]);
  const verdicts = Object.fromEntries(rows.map((row) => {
    const [only, ...more] = results.get(row.name) ?? [];
    expect(more, row.name).toEqual([]);
    return [row.name, only?.error ? 'fails' : only ? 'passes' : 'no test'];
  }));
  expect(verdicts).toEqual(Object.fromEntries(rows.map((row) => [row.name, row.fails ? 'fails' : 'passes'])));
  // The assertion fails exactly where its check fails the run.
  const judged = rows.filter((row) => row.judged);
  expect(Object.fromEntries(judged.map((row) => [row.name, checkFails(row, row.judged!)]))).toEqual(Object.fromEntries(judged.map((row) => [row.name, row.fails])));
  expect(results.get('fault status: SOAP 1.2 Receiver 400')![0]!.error!.message).toContain('a SOAP 1.2 fault came with HTTP 400; SOAP 1.2 allows 500 (400 only for env:Sender)');
  expect(results.get('fault status: SOAP 1.2 Sender 400, asmx profile')![0]!.error!.message).toContain('the asmx profile expects 500');
  expect(results.get('fault media type: SOAP 1.2 as text/xml')![0]!.error!.message).toContain('a SOAP 1.2 fault came as "text/xml; charset=utf-8"; expected application/soap+xml');
  expect(results.get('fault shape: SOAP 1.2 SOAP 1.1 code')![0]!.error!.message).toContain('fault code "soap:Server" is not one of VersionMismatch, MustUnderstand, DataEncodingUnknown, Sender, Receiver');
  expect(results.get('no DTD or PI: a stylesheet PI')![0]!.error!.message).toContain('processing instruction <?xml-stylesheet');
  // The failure says what broke, in the schema's terms.
  expect(results.get('result misnamed')![0]!.error!.message).toContain(`{${NS}}MobileContactSearchReturn: this element is not expected in {${NS}}MobileContactSearchResponse (expected: {${NS}}MobileContactSearchResult)`);
  expect(results.get('result holds markup')![0]!.error!.message).toContain(`{${NS}}MobileContactSearchResult: holds element {${NS}}Value, but its type s:string allows no child element`);
  expect(results.get('skipped')).toEqual([expect.objectContaining({ assertion: expect.stringMatching(/^echo-matches: not asserted in Postman: /), skipped: true })]);
  expect(results.get('skipped')![0]!.error).toBeUndefined();
}, 60_000);
