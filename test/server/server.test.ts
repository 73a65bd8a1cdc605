/**
 * The embedded reference server over real loopback sockets: the spec's response shapes on all four
 * transports, ?WSDL, a custom namespace, the ASMX error replies documented in soap-handler.ts and
 * form-handler.ts, robustness, and the typed values it echoes.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { getOperation, operations, type Operation } from '../../src/contract/index.js';
import { parseXml, type XmlElement } from '../../src/decode/xml.js';
import { startReferenceServer, type ReferenceServer } from '../../src/server/server.js';
import { getTransportById, TRANSPORT_IDS, type HttpResponse, type TransportId } from '../../src/transports/index.js';
import { generateWsdl } from '../../src/wsdl/generate.js';
import { send } from '../support/http.js';

const NS = 'http://www.tigerpawsoftware.com';
const CUSTOM_NS = 'http://example.test/ws';
const SOAP11_ENV = 'http://schemas.xmlsoap.org/soap/envelope/';
const SOAP12_ENV = 'http://www.w3.org/2003/05/soap-envelope';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const DECL = '<?xml version="1.0" encoding="utf-8"?>';
const PATH = '/api/rmm/tsiWS.asmx';
const ENVELOPE_OPEN = (envNs: string) =>
  `${DECL}<soap:Envelope xmlns:soap="${envNs}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soap:Body>`;
const ENVELOPE_CLOSE = '</soap:Body></soap:Envelope>';
const CONTENT_TYPE: Record<TransportId, string> = {
  soap11: 'text/xml; charset=utf-8', soap12: 'application/soap+xml; charset=utf-8', get: 'text/xml; charset=utf-8', post: 'text/xml; charset=utf-8',
};

let server: ReferenceServer;
let custom: ReferenceServer;
let small: ReferenceServer;

beforeAll(async () => {
  [server, custom, small] = await Promise.all([
    startReferenceServer(),
    startReferenceServer({ namespace: CUSTOM_NS }),
    startReferenceServer({ maxBodyBytes: 1000 }),
  ]);
});
afterAll(() => Promise.all([server.close(), custom.close(), small.close()]));

/** Encodes with transport `t` and sends to `target` (default: the default-namespace server). */
function call(t: TransportId, op: Operation, values: Record<string, string>, target = server, ns = target.namespace): Promise<HttpResponse> {
  return send(target.url, getTransportById(t).encode({ namespace: ns }, op, values));
}

/** Sends a hand-made request (for the malformed ones no codec would produce). */
async function raw(target: ReferenceServer, path: string, init: RequestInit = {}): Promise<HttpResponse> {
  const res = await fetch(target.url + path, init);
  return { status: res.status, headers: Object.fromEntries(res.headers), body: Buffer.from(await res.arrayBuffer()), elapsedMs: 0 };
}

const text = (r: HttpResponse) => r.body.toString('utf8');
const decode = (t: TransportId, op: Operation, r: HttpResponse, ns = NS) => getTransportById(t).decode({ namespace: ns }, op, r);
/** The result text parsed as the server's JSON echo. */
function echo(t: TransportId, op: Operation, r: HttpResponse, ns = NS): unknown {
  const decoded = decode(t, op, r, ns);
  if (decoded.kind !== 'result' || decoded.text === null) throw new Error(`no result: ${JSON.stringify(decoded)} from ${r.status} ${text(r)}`);
  return JSON.parse(decoded.text);
}

/** A SOAP request written by hand: `envNs` envelope around `bodyContent`. */
const soapRequest = (envNs: string, bodyContent: string) =>
  `${DECL}<soap:Envelope xmlns:soap="${envNs}"><soap:Body>${bodyContent}</soap:Body></soap:Envelope>`;
const summary = getOperation('MobileOpportunitySummary');
const summaryBody = (ns = NS, repnumber = '5') =>
  `<MobileOpportunitySummary xmlns="${ns}"><opportunitynumber>OPP-1</opportunitynumber><repnumber>${repnumber}</repnumber><timestamp>T</timestamp><sig>S</sig></MobileOpportunitySummary>`;
const SUMMARY_ACTION = `"${NS}/MobileOpportunitySummary"`;
const SUMMARY_ECHO = '{"operation":"MobileOpportunitySummary","received":{"opportunitynumber":"OPP-1","repnumber":5}}';

describe('response shapes (spec, Endpoints > Response shapes)', () => {
  const op = getOperation('MobileContactEmailCreate');
  const values = { accountnumber: '12', contactnumber: '34', email: 'a@b.test', primary: 'true', repnumber: '7', timestamp: 'T', sig: 'S', mobilekey: 'K' };
  const expectedText = '{"operation":"MobileContactEmailCreate","received":{"accountnumber":12,"contactnumber":34,"email":"a@b.test","primary":true,"repnumber":7}}';

  test.each([
    ['soap11', SOAP11_ENV],
    ['soap12', SOAP12_ENV],
  ] as const)('%s: 200, envelope > Body > {ns}<Op>Response > <Op>Result, nothing else', async (t, envNs) => {
    const r = await call(t, op, values);
    expect([r.status, r.headers['content-type'], r.headers['content-length']]).toEqual([200, CONTENT_TYPE[t], String(r.body.length)]);
    const open = `${ENVELOPE_OPEN(envNs)}<MobileContactEmailCreateResponse xmlns="http://www.tigerpawsoftware.com"><MobileContactEmailCreateResult>`;
    const close = `</MobileContactEmailCreateResult></MobileContactEmailCreateResponse>${ENVELOPE_CLOSE}`;
    expect(text(r).slice(0, open.length)).toBe(open);
    expect(text(r).slice(-close.length)).toBe(close);
    expect(decode(t, op, r)).toEqual({ kind: 'result', text: expectedText });
  });

  test.each(['get', 'post'] as const)('%s: 200, XML declaration, CRLF, <string xmlns="ns">text</string>', async (t) => {
    const r = await call(t, op, values);
    expect([r.status, r.headers['content-type'], r.headers['content-length']]).toEqual([200, CONTENT_TYPE[t], String(r.body.length)]);
    const open = `${DECL}\r\n<string xmlns="http://www.tigerpawsoftware.com">`;
    expect(text(r).slice(0, open.length)).toBe(open);
    expect(text(r).slice(-'</string>'.length)).toBe('</string>');
    expect(decode(t, op, r)).toEqual({ kind: 'result', text: expectedText });
  });
});

describe('WSDL and help page', () => {
  test.each(['WSDL', 'wsdl'])('?%s returns the WSDL with the server\'s own address', async (q) => {
    const r = await raw(server, `${PATH}?${q}`);
    expect([r.status, r.headers['content-type']]).toEqual([200, 'text/xml; charset=utf-8']);
    expect(text(r)).toBe(generateWsdl({ namespace: NS, baseUrl: server.url }));
    expect(text(r)).not.toBe(generateWsdl({ namespace: NS, baseUrl: 'http://localhost' }));
  });

  test('the service path without a query is an HTML page linking every operation', async () => {
    const r = await raw(server, PATH);
    expect([r.status, r.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
    expect([...text(r).matchAll(/<a href="([^"]+)">/g)].map((m) => m[1])).toEqual(operations.map((o) => `${PATH}?op=${o.name}`));
  });
});

describe('a custom namespace is used everywhere', () => {
  test.each(TRANSPORT_IDS)('%s: request in the custom namespace is answered in it', async (t) => {
    const r = await call(t, summary, { opportunitynumber: 'OPP-1', repnumber: '5', timestamp: 'T', sig: 'S' }, custom);
    expect(r.status).toBe(200);
    expect(decode(t, summary, r, CUSTOM_NS)).toEqual({ kind: 'result', text: SUMMARY_ECHO });
    expect(decode(t, summary, r, NS).kind).toBe('unreadable');
  });

  test('SOAP response element and GET root carry xmlns="http://example.test/ws"', async () => {
    const values = { opportunitynumber: 'OPP-1', repnumber: '5', timestamp: 'T', sig: 'S' };
    const soap = text(await call('soap11', summary, values, custom));
    expect(soap.slice(ENVELOPE_OPEN(SOAP11_ENV).length).startsWith('<MobileOpportunitySummaryResponse xmlns="http://example.test/ws"><MobileOpportunitySummaryResult>')).toBe(true);
    expect(text(await call('get', summary, values, custom)).startsWith(`${DECL}\r\n<string xmlns="http://example.test/ws">`)).toBe(true);
  });

  test('?WSDL has the custom namespace and the server\'s address', async () => {
    expect(text(await raw(custom, `${PATH}?WSDL`))).toBe(generateWsdl({ namespace: CUSTOM_NS, baseUrl: custom.url }));
  });

  test('the default namespace\'s SOAPAction is not recognised there', async () => {
    const r = await call('soap11', summary, { repnumber: '5' }, custom, NS);
    expect(r.status).toBe(500);
    expect(decode('soap11', summary, r)).toEqual({
      kind: 'fault', code: 'soap:Client', reason: `Server did not recognize the value of HTTP Header SOAPAction: ${NS}/MobileOpportunitySummary.`,
    });
  });
});

describe('SOAP error replies (soap-handler.ts)', () => {
  const post = (headers: Record<string, string>, body: string) => raw(server, PATH, { method: 'POST', headers, body });

  test('unknown SOAPAction: 500 text/xml soap:Client fault naming the action', async () => {
    const r = await post({ 'content-type': 'text/xml; charset=utf-8', soapaction: '"X"' }, soapRequest(SOAP11_ENV, summaryBody()));
    expect([r.status, r.headers['content-type']]).toEqual([500, 'text/xml; charset=utf-8']);
    expect(decode('soap11', summary, r)).toEqual({ kind: 'fault', code: 'soap:Client', reason: 'Server did not recognize the value of HTTP Header SOAPAction: X.' });
  });

  test('missing SOAPAction with a matching Body element: routed by the element, 200', async () => {
    const r = await post({ 'content-type': 'text/xml; charset=utf-8' }, soapRequest(SOAP11_ENV, summaryBody()));
    expect([r.status, r.headers['content-type']]).toEqual([200, 'text/xml; charset=utf-8']);
    expect(decode('soap11', summary, r)).toEqual({ kind: 'result', text: SUMMARY_ECHO });
  });

  test('SOAP 1.2 with the action in the media type', async () => {
    const r = await post({ 'content-type': `application/soap+xml; charset=utf-8; action="${NS}/MobileOpportunitySummary"` }, soapRequest(SOAP12_ENV, summaryBody()));
    expect([r.status, r.headers['content-type']]).toEqual([200, 'application/soap+xml; charset=utf-8']);
    expect(decode('soap12', summary, r)).toEqual({ kind: 'result', text: SUMMARY_ECHO });
  });

  test('SOAP 1.1 non-numeric int: 500 soap:Client "Server was unable to read request. ..."', async () => {
    const r = await post({ 'content-type': 'text/xml; charset=utf-8', soapaction: SUMMARY_ACTION }, soapRequest(SOAP11_ENV, summaryBody(NS, 'abc')));
    expect([r.status, r.headers['content-type']]).toEqual([500, 'text/xml; charset=utf-8']);
    const decoded = decode('soap11', summary, r);
    expect(decoded).toEqual({ kind: 'fault', code: 'soap:Client', reason: expect.any(String) });
    expect((decoded as { reason: string }).reason).toMatch(/^Server was unable to read request\. ---> There is an error in XML document\b[^>]* ---> Input string was not in a correct format\.$/);
  });

  test('SOAP 1.2 non-numeric int: 500 application/soap+xml, soap:Sender, Reason/Text xml:lang="en"', async () => {
    const r = await post({ 'content-type': 'application/soap+xml; charset=utf-8' }, soapRequest(SOAP12_ENV, summaryBody(NS, 'abc')));
    expect([r.status, r.headers['content-type']]).toEqual([500, 'application/soap+xml; charset=utf-8']);
    const parsed = parseXml(text(r));
    if (!parsed.ok) throw new Error(parsed.error);
    const fault = parsed.root.children[0]!.children[0]!;
    const shape = (el: XmlElement): unknown => [el.ns, el.name, el.attrs, el.children.length ? el.children.map(shape) : el.text];
    expect(shape(fault)).toEqual([SOAP12_ENV, 'Fault', {}, [
      [SOAP12_ENV, 'Code', {}, [[SOAP12_ENV, 'Value', {}, 'soap:Sender']]],
      [SOAP12_ENV, 'Reason', {}, [[SOAP12_ENV, 'Text', { [`{${XML_NS}}lang`]: 'en' }, expect.stringMatching(/^Server was unable to read request\. ---> /)]]],
      [SOAP12_ENV, 'Detail', {}, ''],
    ]]);
  });

  test('wrong content type (text/plain) with a valid SOAPAction: 415, empty body', async () => {
    const r = await post({ 'content-type': 'text/plain', soapaction: SUMMARY_ACTION }, soapRequest(SOAP11_ENV, summaryBody()));
    expect([r.status, r.headers['content-type'], r.headers['content-length'], r.body.length]).toEqual([415, undefined, '0', 0]);
  });

  test('malformed XML with a valid SOAPAction: 400, empty body', async () => {
    const r = await post({ 'content-type': 'text/xml; charset=utf-8', soapaction: SUMMARY_ACTION }, '<soap:Envelope');
    expect([r.status, r.headers['content-type'], r.headers['content-length'], r.body.length]).toEqual([400, undefined, '0', 0]);
  });
});

describe('HTTP GET/POST error replies (form-handler.ts)', () => {
  const PLAIN = 'text/plain; charset=utf-8';

  test('GET missing parameter: 500 text/plain "Missing parameter: <name>."', async () => {
    const r = await raw(server, `${PATH}/MobileOpportunitySummary?opportunitynumber=OPP-1&timestamp=T&sig=S`);
    expect([r.status, r.headers['content-type'], text(r)]).toEqual([500, PLAIN, 'System.InvalidOperationException: Missing parameter: repnumber.\r\n']);
  });

  test('GET non-numeric int: 500 text/plain "Cannot convert abc to System.Int32."', async () => {
    const r = await raw(server, `${PATH}/MobileOpportunitySummary?opportunitynumber=OPP-1&repnumber=abc&timestamp=T&sig=S`);
    expect([r.status, r.headers['content-type']]).toEqual([500, PLAIN]);
    expect(text(r)).toMatch(/^System\.ArgumentException: Cannot convert abc to System\.Int32\.\r\nParameter name: type ---> System\.FormatException: [^\r\n]+\.\r\n$/);
  });

  test('unknown method path: 500 text/plain "<name> Web Service method name is not valid."', async () => {
    const r = await raw(server, `${PATH}/Nope`);
    expect([r.status, r.headers['content-type'], text(r)]).toEqual([500, PLAIN, 'System.InvalidOperationException: Nope Web Service method name is not valid.\r\n']);
  });

  test('POST with a body that is not a form: 500 text/plain "Request format is invalid: ..."', async () => {
    const r = await raw(server, `${PATH}/MobileOpportunitySummary`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'repnumber=5' });
    expect([r.status, r.headers['content-type']]).toEqual([500, PLAIN]);
    expect(text(r)).toMatch(/^System\.InvalidOperationException: Request format is invalid: [^\r\n]+\.\r\n$/);
  });

  test('a path outside the service: 404; PUT on the service path: 405', async () => {
    const r404 = await raw(server, '/elsewhere');
    expect([r404.status, r404.headers['content-type'], text(r404)]).toEqual([404, PLAIN, 'Not Found']);
    const r405 = await raw(server, PATH, { method: 'PUT', body: 'x' });
    expect([r405.status, r405.body.length]).toEqual([405, 0]);
  });
});

describe('robustness', () => {
  test('a body over maxBodyBytes: 413', async () => {
    const r = await call('soap11', summary, { opportunitynumber: 'x'.repeat(1500), repnumber: '5' }, small);
    expect([r.status, r.headers['content-type'], text(r)]).toEqual([413, 'text/plain; charset=utf-8', 'Maximum request length exceeded.']);
    const ok = await call('soap11', summary, { opportunitynumber: 'OPP-1', repnumber: '5', timestamp: 'T', sig: 'S' }, small);
    expect(decode('soap11', summary, ok)).toEqual({ kind: 'result', text: SUMMARY_ECHO });
  });

  test('garbage on the raw socket gets a 400 and the server still answers the next request', async () => {
    const { hostname, port } = new URL(server.url);
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => socket.write('NOT HTTP\r\n\r\n'));
      const chunks: Buffer[] = [];
      socket.on('data', (c: Buffer) => chunks.push(c));
      socket.on('error', reject);
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    });
    expect(reply).toBe('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    const next = await call('get', summary, { opportunitynumber: 'OPP-1', repnumber: '5', timestamp: 'T', sig: 'S' });
    expect(decode('get', summary, next)).toEqual({ kind: 'result', text: SUMMARY_ECHO });
  });
});

describe('the echoed result: typed values, secrets never echoed', () => {
  const timeLog = getOperation('MobileTimeLogCreate');
  const timeLogValues = {
    sonumber: '101', accountnumber: '202', startdatetime: '2024-03-01T10:30:00+02:00', enddatetime: '2024-03-01T12:00:00',
    elapsedhours: '1', elapsedminutes: '30', logcomment: 'fixed & tested', logreason: 'R', deducthours: '0', deductminutes: '-5',
    internalcomments: '', utilizationhours: '+2', utilizationminutes: '0', repnumber: '7', timestamp: 'TS', sig: 'SIG', mobilekey: 'KEY',
  };
  const timeLogEcho = {
    operation: 'MobileTimeLogCreate',
    received: {
      sonumber: 101, accountnumber: 202, startdatetime: '2024-03-01T08:30:00Z', enddatetime: '2024-03-01T12:00:00',
      elapsedhours: 1, elapsedminutes: 30, logcomment: 'fixed & tested', logreason: 'R', deducthours: 0, deductminutes: -5,
      internalcomments: '', utilizationhours: 2, utilizationminutes: 0, repnumber: 7,
    },
  };

  test.each(TRANSPORT_IDS)('%s: ints, dateTime with +02:00 as UTC Z, strings; no sig/timestamp/mobilekey', async (t) => {
    const r = await call(t, timeLog, timeLogValues);
    expect(r.status).toBe(200);
    const decoded = decode(t, timeLog, r);
    expect(decoded).toEqual({ kind: 'result', text: JSON.stringify(timeLogEcho) });
  });

  const emailCreate = getOperation('MobileContactEmailCreate');
  const emailValues = (primary: string) => ({ accountnumber: '1', contactnumber: '2', email: 'e', primary, repnumber: '3', timestamp: 'T', sig: 'S', mobilekey: 'K' });
  const emailEcho = (primary: boolean) => ({ operation: 'MobileContactEmailCreate', received: { accountnumber: 1, contactnumber: 2, email: 'e', primary, repnumber: 3 } });

  test.each([
    ['soap11', '1', true], ['soap11', '0', false], ['soap12', 'true', true], ['soap12', ' false ', false],
    ['get', 'True', true], ['get', 'FALSE', false], ['post', 'true', true],
  ] as const)('%s: bool %j is %s', async (t, primary, expected) => {
    expect(echo(t, emailCreate, await call(t, emailCreate, emailValues(primary)))).toEqual(emailEcho(expected));
  });

  test.each(['get', 'post'] as const)('%s: bool "1" is a 500 conversion error (Boolean.Parse takes only True/False)', async (t) => {
    const r = await call(t, emailCreate, emailValues('1'));
    expect([r.status, r.headers['content-type']]).toEqual([500, 'text/plain; charset=utf-8']);
    expect(text(r)).toMatch(/^System\.ArgumentException: Cannot convert 1 to System\.Boolean\.\r\nParameter name: type ---> System\.FormatException: [^\r\n]+\.\r\n$/);
  });

  test('SOAP: an omitted element takes its type\'s default (int 0, bool false, string null)', async () => {
    const r = await call('soap11', emailCreate, { accountnumber: '1', email: 'e', timestamp: 'T' });
    expect(echo('soap11', emailCreate, r)).toEqual({
      operation: 'MobileContactEmailCreate', received: { accountnumber: 1, contactnumber: 0, email: 'e', primary: false, repnumber: 0 },
    });
    const r2 = await call('soap11', emailCreate, { accountnumber: '1', contactnumber: '2', primary: 'true', repnumber: '3' });
    expect(echo('soap11', emailCreate, r2)).toEqual({
      operation: 'MobileContactEmailCreate', received: { accountnumber: 1, contactnumber: 2, email: null, primary: true, repnumber: 3 },
    });
  });

  test('every operation echoes its non-secret parameters in contract order over SOAP 1.1', async () => {
    for (const op of operations) {
      const values = Object.fromEntries(op.params.map((p) => [p.name, { int: '1', str: 's', dt: '2024-01-02T03:04:05Z', bool: 'true' }[p.type]]));
      const received = echo('soap11', op, await call('soap11', op, values)) as { operation: string; received: Record<string, unknown> };
      expect(received.operation).toBe(op.name);
      expect(Object.keys(received.received)).toEqual(op.params.map((p) => p.name).filter((n) => !['sig', 'timestamp', 'mobilekey'].includes(n)));
    }
  });
});
