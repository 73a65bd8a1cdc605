/**
 * The four codecs: encode gives exactly the request of the spec's Transports table; decode reads
 * results, nil results, faults of both SOAP versions, and says why a response is unreadable.
 */
import { describe, expect, test } from 'vitest';
import { getOperation } from '../../src/contract/index.js';
import { parseXml } from '../../src/decode/xml.js';
import { soapFault, soapResult, stringResult } from '../../src/server/replies.js';
import { soap11, soap12 } from '../../src/transports/dialects.js';
import { getTransportById, transports, TRANSPORT_IDS, type HttpResponse } from '../../src/transports/index.js';
import { fromReply, response } from '../support/http.js';

const NS = 'http://www.tigerpawsoftware.com';
const ctx = { namespace: NS };
const SOAP11_ENV = 'http://schemas.xmlsoap.org/soap/envelope/';
const SOAP12_ENV = 'http://www.w3.org/2003/05/soap-envelope';
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
const DECL = '<?xml version="1.0" encoding="utf-8"?>';
const ENVELOPE_OPEN = (envNs: string) =>
  `${DECL}<soap:Envelope xmlns:soap="${envNs}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soap:Body>`;
const ENVELOPE_CLOSE = '</soap:Body></soap:Envelope>';

const soap11T = getTransportById('soap11');
const soap12T = getTransportById('soap12');
const getT = getTransportById('get');
const postT = getTransportById('post');

describe('the transport list', () => {
  test('four transports in the spec\'s table order, with their response content types', () => {
    expect(transports.map((t) => [t.id, t.label, t.dialect?.version, `${t.responseContentType.mediaType}; charset=${t.responseContentType.charset}`])).toEqual([
      ['soap11', 'SOAP 1.1', '1.1', 'text/xml; charset=utf-8'],
      ['soap12', 'SOAP 1.2', '1.2', 'application/soap+xml; charset=utf-8'],
      ['get', 'HTTP GET', undefined, 'text/xml; charset=utf-8'],
      ['post', 'HTTP POST', undefined, 'text/xml; charset=utf-8'],
    ]);
    expect(TRANSPORT_IDS).toEqual(['soap11', 'soap12', 'get', 'post']);
  });
});

describe('encode', () => {
  // Keys deliberately out of contract order, plus one name the operation does not have.
  const emailDelete = { mobilekey: '<MOBILE_KEY>', sig: '<SIGNATURE>', stray: 'x', timestamp: '<TIMESTAMP>', repnumber: '3', emailid: '7' };

  test('SOAP 1.1: POST to the service path, SOAPAction "{namespace}/<Op>", envelope with parameters in contract order', () => {
    expect(soap11T.encode(ctx, getOperation('MobileContactEmailDelete'), emailDelete)).toEqual({
      method: 'POST',
      path: '/api/rmm/tsiWS.asmx',
      headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: '"http://www.tigerpawsoftware.com/MobileContactEmailDelete"' },
      body: `${ENVELOPE_OPEN(SOAP11_ENV)}<MobileContactEmailDelete xmlns="http://www.tigerpawsoftware.com"><emailid>7</emailid><repnumber>3</repnumber><timestamp>&lt;TIMESTAMP&gt;</timestamp><sig>&lt;SIGNATURE&gt;</sig><mobilekey>&lt;MOBILE_KEY&gt;</mobilekey></MobileContactEmailDelete>${ENVELOPE_CLOSE}`,
    });
  });

  test('SOAP 1.2: POST, application/soap+xml without an action header, SOAP 1.2 envelope', () => {
    const values = { sig: 'S', taskkeyid: '41', mobilekey: 'K', status: '2', timestamp: 'T', repnumber: '3' };
    expect(soap12T.encode(ctx, getOperation('MobileDispatchUpdate'), values)).toEqual({
      method: 'POST',
      path: '/api/rmm/tsiWS.asmx',
      headers: { 'Content-Type': 'application/soap+xml; charset=utf-8' },
      body: `${ENVELOPE_OPEN(SOAP12_ENV)}<MobileDispatchUpdate xmlns="http://www.tigerpawsoftware.com"><taskkeyid>41</taskkeyid><status>2</status><repnumber>3</repnumber><timestamp>T</timestamp><sig>S</sig><mobilekey>K</mobilekey></MobileDispatchUpdate>${ENVELOPE_CLOSE}`,
    });
  });

  test('HTTP GET: /<Op> with the parameters as a query string in contract order, no headers, no body', () => {
    const values = { mobilekey: 'K', primary: 'True', email: 'a@b.test', sig: 'S', accountnumber: '12', timestamp: 'T', contactnumber: '34', repnumber: '3' };
    expect(getT.encode(ctx, getOperation('MobileContactEmailCreate'), values)).toEqual({
      method: 'GET',
      path: '/api/rmm/tsiWS.asmx/MobileContactEmailCreate?accountnumber=12&contactnumber=34&email=a%40b.test&primary=True&repnumber=3&timestamp=T&sig=S&mobilekey=K',
      headers: {},
    });
  });

  test('HTTP GET with no values has no "?"', () => {
    expect(getT.encode(ctx, getOperation('MobileOpportunitySummary'), {}).path).toBe('/api/rmm/tsiWS.asmx/MobileOpportunitySummary');
  });

  test('HTTP POST: /<Op>, application/x-www-form-urlencoded, form fields in contract order', () => {
    const values = { sig: 'S', opportunitynumber: 'OPP-1', timestamp: 'T', repnumber: '3' };
    expect(postT.encode(ctx, getOperation('MobileOpportunitySummary'), values)).toEqual({
      method: 'POST',
      path: '/api/rmm/tsiWS.asmx/MobileOpportunitySummary',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'opportunitynumber=OPP-1&repnumber=3&timestamp=T&sig=S',
    });
  });

  test('an absent value is not sent at all; an empty one is sent empty', () => {
    const op = getOperation('MobileOpportunitySummary');
    const values = { opportunitynumber: '', repnumber: '3' };
    expect(soap11T.encode(ctx, op, values).body).toBe(
      `${ENVELOPE_OPEN(SOAP11_ENV)}<MobileOpportunitySummary xmlns="http://www.tigerpawsoftware.com"><opportunitynumber></opportunitynumber><repnumber>3</repnumber></MobileOpportunitySummary>${ENVELOPE_CLOSE}`,
    );
    expect(postT.encode(ctx, op, values).body).toBe('opportunitynumber=&repnumber=3');
  });

  test('a namespace ending in "/" gives SOAPAction ns + op and the same body namespace', () => {
    const req = soap11T.encode({ namespace: 'http://example.test/ws/' }, getOperation('MobileOpportunitySummary'), { repnumber: '1' });
    expect(req.headers['SOAPAction']).toBe('"http://example.test/ws/MobileOpportunitySummary"');
    expect(req.body).toBe(`${ENVELOPE_OPEN(SOAP11_ENV)}<MobileOpportunitySummary xmlns="http://example.test/ws/"><repnumber>1</repnumber></MobileOpportunitySummary>${ENVELOPE_CLOSE}`);
  });

  describe('escaping', () => {
    const op = getOperation('MobileOpportunitySummary');
    const nasty = 'R&D <x> a\rb\r\nc';

    test.each([soap11T, soap12T])('$label: & < > escaped, CR as &#xD; so it survives XML line-end normalisation', (t) => {
      const body = t.encode(ctx, op, { opportunitynumber: nasty })!.body!;
      expect(body.slice(body.indexOf('<opportunitynumber>'), body.indexOf('</opportunitynumber>') + 20))
        .toBe('<opportunitynumber>R&amp;D &lt;x&gt; a&#xD;b&#xD;&#xA;c</opportunitynumber>');
      const parsed = parseXml(body);
      expect(parsed.ok && parsed.root.children[0]!.children[0]!.children[0]!.text).toBe(nasty);
    });

    test('HTTP GET: URL-encoded query', () => {
      expect(getT.encode(ctx, op, { opportunitynumber: 'R&D <x>=1+2/é a\r\n', repnumber: '-1' }).path)
        .toBe('/api/rmm/tsiWS.asmx/MobileOpportunitySummary?opportunitynumber=R%26D+%3Cx%3E%3D1%2B2%2F%C3%A9+a%0D%0A&repnumber=-1');
    });

    test('HTTP POST: URL-encoded form body that decodes back to the values', () => {
      const body = postT.encode(ctx, op, { opportunitynumber: 'R&D <x>=1+2/é a\r\n', repnumber: '-1' }).body!;
      expect(body).toBe('opportunitynumber=R%26D+%3Cx%3E%3D1%2B2%2F%C3%A9+a%0D%0A&repnumber=-1');
      expect([...new URLSearchParams(body)]).toEqual([['opportunitynumber', 'R&D <x>=1+2/é a\r\n'], ['repnumber', '-1']]);
    });
  });
});

describe('dialects: the action a request names', () => {
  test('SOAP 1.1 reads the SOAPAction header and strips its quotes', () => {
    expect(soap11.requestAction({ soapaction: '"http://x/Op"' })).toBe('http://x/Op');
    expect(soap11.requestAction({ soapaction: ' http://x/Op ' })).toBe('http://x/Op');
    expect(soap11.requestAction({ soapaction: '""' })).toBe('');
    expect(soap11.requestAction({})).toBeUndefined();
  });
  test('SOAP 1.2 reads the action parameter of the media type', () => {
    expect(soap12.requestAction({ 'content-type': 'application/soap+xml; charset=utf-8; action="http://x/Op"' })).toBe('http://x/Op');
    expect(soap12.requestAction({ 'content-type': 'application/soap+xml;action=http://x/Op;charset=utf-8' })).toBe('http://x/Op');
    expect(soap12.requestAction({ 'content-type': 'application/soap+xml; charset=utf-8' })).toBeUndefined();
    expect(soap12.requestAction({})).toBeUndefined();
  });
});

describe('decode', () => {
  const op = getOperation('MobileContactSearch');
  const soapBody = (envNs: string, content: string, contentType = 'text/xml; charset=utf-8'): HttpResponse =>
    response(`${DECL}<soap:Envelope xmlns:soap="${envNs}"><soap:Body>${content}</soap:Body></soap:Envelope>`, contentType);

  describe.each([
    { t: soap11T, dialect: soap11, envNs: SOAP11_ENV },
    { t: soap12T, dialect: soap12, envNs: SOAP12_ENV },
  ])('$t.label', ({ t, dialect, envNs }) => {
    test('result text, entities resolved', () => {
      expect(t.decode(ctx, op, fromReply(soapResult(dialect, NS, op, 'a & <b> "c"\n')))).toEqual({ kind: 'result', text: 'a & <b> "c"\n' });
    });
    test('empty result element is the empty string', () => {
      expect(t.decode(ctx, op, fromReply(soapResult(dialect, NS, op, '')))).toEqual({ kind: 'result', text: '' });
    });
    test('xsi:nil result and absent result are null', () => {
      const nil = `<MobileContactSearchResponse xmlns="${NS}"><MobileContactSearchResult xmlns:xsi="${XSI}" xsi:nil="true"/></MobileContactSearchResponse>`;
      expect(t.decode(ctx, op, soapBody(envNs, nil))).toEqual({ kind: 'result', text: null });
      expect(t.decode(ctx, op, soapBody(envNs, `<MobileContactSearchResponse xmlns="${NS}"/>`))).toEqual({ kind: 'result', text: null });
    });
    test('unreadable: empty body, not XML, wrong element, wrong namespace, empty Body, no Body', () => {
      const cases: Array<[HttpResponse, string]> = [
        [response('', 'text/xml; charset=utf-8', 500), 'not well-formed XML: empty body'],
        [response('System.Exception: x', 'text/plain; charset=utf-8', 500), "not well-formed XML: Start tag expected, '<' not found (line 1, column 1)"],
        [fromReply(soapResult(dialect, NS, getOperation('MobileAccountSearch'), 'x')), `Body holds {${NS}}MobileAccountSearchResponse, not {${NS}}MobileContactSearchResponse`],
        [fromReply(soapResult(dialect, 'urn:other', op, 'x')), `Body holds {urn:other}MobileContactSearchResponse, not {${NS}}MobileContactSearchResponse`],
        [soapBody(envNs, ''), 'Body is empty'],
        [response(`<soap:Envelope xmlns:soap="${envNs}"/>`, 'text/xml'), 'Envelope has no Body'],
        [fromReply(stringResult(NS, 'x')), `root is {${NS}}string, not a SOAP ${dialect.version} Envelope`],
      ];
      expect(cases.map(([r]) => t.decode(ctx, op, r))).toEqual(cases.map(([, reason]) => ({ kind: 'unreadable', reason })));
    });
  });

  test('SOAP 1.1 fault: faultcode and faultstring', () => {
    const reply = soapFault(soap11, 'client', 'Server did not recognize the value of HTTP Header SOAPAction: X.');
    expect(soap11T.decode(ctx, op, fromReply(reply))).toEqual({
      kind: 'fault', code: 'soap:Client', reason: 'Server did not recognize the value of HTTP Header SOAPAction: X.',
    });
    const spaced = `<soap:Fault><faultcode> soap:Server </faultcode><faultstring>Server was unable to process request. ---&gt; x</faultstring></soap:Fault>`;
    expect(soap11T.decode(ctx, op, soapBody(SOAP11_ENV, spaced))).toEqual({ kind: 'fault', code: 'soap:Server', reason: 'Server was unable to process request. ---> x' });
  });

  test('SOAP 1.2 fault: Code/Value and Reason/Text', () => {
    expect(soap12T.decode(ctx, op, fromReply(soapFault(soap12, 'client', 'bad int')))).toEqual({ kind: 'fault', code: 'soap:Sender', reason: 'bad int' });
    expect(soap12T.decode(ctx, op, fromReply(soapFault(soap12, 'server', 'boom')))).toEqual({ kind: 'fault', code: 'soap:Receiver', reason: 'boom' });
    expect(soap12T.decode(ctx, op, fromReply(soapFault(soap12, 'client', 'mismatch', 'VersionMismatch')))).toEqual({ kind: 'fault', code: 'soap:VersionMismatch', reason: 'mismatch' });
  });

  test('a fault in the other SOAP version is unreadable, not a fault', () => {
    expect(soap11T.decode(ctx, op, fromReply(soapFault(soap12, 'client', 'x')))).toEqual({ kind: 'unreadable', reason: `root is {${SOAP12_ENV}}Envelope, not a SOAP 1.1 Envelope` });
    expect(soap12T.decode(ctx, op, fromReply(soapFault(soap11, 'client', 'x')))).toEqual({ kind: 'unreadable', reason: `root is {${SOAP11_ENV}}Envelope, not a SOAP 1.2 Envelope` });
  });

  describe.each([getT, postT])('$label', (t) => {
    test('result text of {ns}string', () => {
      expect(t.decode(ctx, op, fromReply(stringResult(NS, 'a & <b>\r\n')))).toEqual({ kind: 'result', text: 'a & <b>\n' });
    });
    test('nil string is null', () => {
      expect(t.decode(ctx, op, response(`${DECL}<string xmlns:xsi="${XSI}" xsi:nil="true" xmlns="${NS}"/>`, 'text/xml; charset=utf-8'))).toEqual({ kind: 'result', text: null });
    });
    test('body decoded with the charset the response declares', () => {
      const latin1: HttpResponse = { status: 200, headers: { 'content-type': 'text/xml; charset=iso-8859-1' }, body: Buffer.from(`<string xmlns="${NS}">café</string>`, 'latin1'), elapsedMs: 0 };
      expect(t.decode(ctx, op, latin1)).toEqual({ kind: 'result', text: 'café' });
    });
    test('an ASMX text/plain error (HTTP 500) is a fault with the exception type as code', () => {
      const r = response('System.InvalidOperationException: Missing parameter: email.\r\n', 'text/plain; charset=utf-8', 500);
      expect(t.decode(ctx, op, r)).toEqual({ kind: 'fault', code: 'System.InvalidOperationException', reason: 'Missing parameter: email.' });
    });
    test('unreadable: root without namespace, SOAP envelope, plain text with status 200, empty body', () => {
      const cases: Array<[HttpResponse, string]> = [
        [response(`${DECL}<string>x</string>`, 'text/xml; charset=utf-8'), `root is {}string, not {${NS}}string`],
        [fromReply(soapResult(soap11, NS, op, 'x')), `root is {${SOAP11_ENV}}Envelope, not {${NS}}string`],
        [response('System.InvalidOperationException: Missing parameter: email.\r\n', 'text/plain; charset=utf-8', 200), "not well-formed XML: Start tag expected, '<' not found (line 1, column 1)"],
        [response('', 'text/xml; charset=utf-8', 500), 'not well-formed XML: empty body'],
      ];
      expect(cases.map(([r]) => t.decode(ctx, op, r))).toEqual(cases.map(([, reason]) => ({ kind: 'unreadable', reason })));
    });
  });
});
