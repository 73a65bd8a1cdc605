/**
 * Every check in the registry, table-driven (typescript-eslint valid/invalid style): for each
 * transport a check applies to, at least one conforming exchange that passes and at least one
 * broken exchange that fails with an exact message; where it does not apply, 'skipped'.
 * Conforming responses come from the real reference server on loopback; broken ones are literal
 * XML (or replies.ts output for another dialect, operation or namespace), so each row shows the
 * exact defect it stands for.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CHECK_IDS, checks, type Exchange } from '../../src/checks/registry.js';
import { getOperation } from '../../src/contract/index.js';
import { soapFault, soapResult, stringResult } from '../../src/server/replies.js';
import { startReferenceServer, type ReferenceServer } from '../../src/server/server.js';
import { soap11, soap12, type SoapDialect } from '../../src/transports/dialects.js';
import { getTransportById, TRANSPORT_IDS, type HttpResponse, type TransportId } from '../../src/transports/index.js';
import { fromReply, response, send } from '../support/http.js';

const NS = 'http://www.tigerpawsoftware.com';
const SOAP11_ENV = 'http://schemas.xmlsoap.org/soap/envelope/';
const SOAP12_ENV = 'http://www.w3.org/2003/05/soap-envelope';
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
const DECL = '<?xml version="1.0" encoding="utf-8"?>';

const op = getOperation('MobileContactEmailCreate');
const otherOp = getOperation('MobileContactSearch');
const values = {
  accountnumber: '12', contactnumber: '34', email: 'a@b.test', primary: 'true',
  repnumber: '7', timestamp: '2024-01-01T00:00:00Z', sig: 'SIG', mobilekey: 'KEY',
};

/** Response Content-Type per transport, from the spec's Transports table. */
const CONTENT_TYPE: Record<TransportId, string> = {
  soap11: 'text/xml; charset=utf-8',
  soap12: 'application/soap+xml; charset=utf-8',
  get: 'text/xml; charset=utf-8',
  post: 'text/xml; charset=utf-8',
};
const LABEL: Record<TransportId, string> = { soap11: 'SOAP 1.1', soap12: 'SOAP 1.2', get: 'HTTP GET', post: 'HTTP POST' };
const SOAP_IDS = ['soap11', 'soap12'] as const;
const HTTP_IDS = ['get', 'post'] as const;
const dialectOf = (t: (typeof SOAP_IDS)[number]): SoapDialect => (t === 'soap11' ? soap11 : soap12);
const envNsOf = (t: (typeof SOAP_IDS)[number]) => (t === 'soap11' ? SOAP11_ENV : SOAP12_ENV);

// ---- conforming responses, from the reference server ------------------------------------------

let server: ReferenceServer;
const answers = new Map<TransportId, HttpResponse>();

beforeAll(async () => {
  server = await startReferenceServer();
  for (const id of TRANSPORT_IDS) {
    answers.set(id, await send(server.url, getTransportById(id).encode({ namespace: NS }, op, values)));
  }
});
afterAll(() => server.close());

const answer = (t: TransportId): HttpResponse => answers.get(t)!;

// ---- broken responses ----------------------------------------------------------------------------

const withStatus = (r: HttpResponse, status: number): HttpResponse => ({ ...r, status });
const withContentType = (r: HttpResponse, contentType: string | undefined): HttpResponse =>
  response(r.body.toString('utf8'), contentType, r.status);
/** `body` as the response of transport `t`, with the content type `t` prescribes. */
const body = (t: TransportId, text: string, status = 200): HttpResponse => response(text, CONTENT_TYPE[t], status);
const soapEnvelope = (envNs: string, bodyContent: string) =>
  `${DECL}<soap:Envelope xmlns:soap="${envNs}"><soap:Body>${bodyContent}</soap:Body></soap:Envelope>`;

const MALFORMED = `${DECL}<string xmlns="${NS}">x</strin>`;
const MALFORMED_ERROR = 'Opening and ending tag mismatch: string line 1 and strin (line 1, column 96)';
const ASMX_PLAIN_ERROR = 'System.InvalidOperationException: Missing parameter: email.\r\n';
const NOT_XML_ERROR = "Start tag expected, '<' not found (line 1, column 1)";
const WELL_FORMED_SKIP = 'response is not well-formed XML (see xml-well-formed)';
const RESPONSE = `{${NS}}MobileContactEmailCreateResponse`;
const RESULT = `{${NS}}MobileContactEmailCreateResult`;

// ---- the table -------------------------------------------------------------------------------------

type Expected =
  | { readonly status: 'passed' }
  | { readonly status: 'failed'; readonly message: string }
  | { readonly status: 'skipped'; readonly message: string };

interface Row {
  readonly check: string;
  readonly transport: TransportId;
  readonly scenario: string;
  readonly response: () => HttpResponse;
  readonly expected: Expected;
}

const passed: Expected = { status: 'passed' };
const failed = (message: string): Expected => ({ status: 'failed', message });
const skipped = (message: string): Expected => ({ status: 'skipped', message });
const notApplicable = (t: TransportId): Expected => skipped(`not applicable to ${LABEL[t]}`);

const rows: Row[] = [];
const add = (check: string, transport: TransportId, scenario: string, res: () => HttpResponse, expected: Expected) =>
  rows.push({ check, transport, scenario, response: res, expected });

for (const t of TRANSPORT_IDS) {
  add('http-status-200', t, 'reference server answer', () => answer(t), passed);
  add('http-status-200', t, 'status 500', () => withStatus(answer(t), 500), failed('expected HTTP 200, got 500'));
  add('http-status-200', t, 'status 202', () => withStatus(answer(t), 202), failed('expected HTTP 200, got 202'));

  const want = CONTENT_TYPE[t];
  const [mediaType] = want.split(';') as [string];
  add('content-type', t, 'reference server answer', () => answer(t), passed);
  add('content-type', t, 'media type and charset in other case, charset quoted', () =>
    withContentType(answer(t), `${mediaType.toUpperCase()}; Charset="UTF-8"`), passed);
  add('content-type', t, 'charset missing', () => withContentType(answer(t), mediaType),
    failed(`Content-Type is "${mediaType}"; expected "${want}"`));
  add('content-type', t, 'wrong media type', () => withContentType(answer(t), 'text/plain; charset=utf-8'),
    failed(`Content-Type is "text/plain; charset=utf-8"; expected "${want}"`));
  add('content-type', t, 'other charset', () => withContentType(answer(t), `${mediaType}; charset=iso-8859-1`),
    failed(`Content-Type is "${mediaType}; charset=iso-8859-1"; expected "${want}"`));
  add('content-type', t, 'no Content-Type header', () => withContentType(answer(t), undefined),
    failed(`no Content-Type header; expected "${want}"`));

  add('xml-well-formed', t, 'reference server answer', () => answer(t), passed);
  add('xml-well-formed', t, 'mismatched end tag', () => body(t, MALFORMED), failed(`response is not well-formed XML: ${MALFORMED_ERROR}`));
  add('xml-well-formed', t, 'empty body', () => body(t, ''), failed('response is not well-formed XML: empty body'));
  add('xml-well-formed', t, 'ASMX text/plain error', () => response(ASMX_PLAIN_ERROR, 'text/plain; charset=utf-8', 500),
    failed(`response is not well-formed XML: ${NOT_XML_ERROR}`));

  add('xsd-valid', t, 'reference server answer', () => answer(t), passed);
  add('xsd-valid', t, 'malformed XML', () => body(t, MALFORMED), skipped(WELL_FORMED_SKIP));
}

// A SOAP 1.2 answer labelled with SOAP 1.1's media type.
add('content-type', 'soap12', 'SOAP 1.1 media type', () => withContentType(answer('soap12'), 'text/xml; charset=utf-8'),
  failed('Content-Type is "text/xml; charset=utf-8"; expected "application/soap+xml; charset=utf-8"'));

for (const t of SOAP_IDS) {
  const dialect = dialectOf(t);
  const envNs = envNsOf(t);
  const otherDialect = t === 'soap11' ? soap12 : soap11;
  const otherEnvNs = envNsOf(t === 'soap11' ? 'soap12' : 'soap11');
  const version = t === 'soap11' ? '1.1' : '1.2';
  const resultIn = (content: string) => body(t, soapEnvelope(envNs, content));
  const otherVersionEnvelope = () => body(t, soapResult(otherDialect, NS, op, 'x').body);

  add('soap-envelope-version', t, 'reference server answer', () => answer(t), passed);
  add('soap-envelope-version', t, 'fault in the right version', () => fromReply(soapFault(dialect, 'client', 'boom')), passed);
  add('soap-envelope-version', t, `SOAP ${otherDialect.version} envelope`, otherVersionEnvelope,
    failed(`root element is {${otherEnvNs}}Envelope; expected {${envNs}}Envelope for SOAP ${version}`));
  add('soap-envelope-version', t, 'GET/POST <string> root', () => body(t, stringResult(NS, 'x').body),
    failed(`root element is {${NS}}string; expected {${envNs}}Envelope for SOAP ${version}`));
  add('soap-envelope-version', t, 'malformed XML', () => body(t, MALFORMED), skipped(WELL_FORMED_SKIP));

  add('soap-response-element', t, 'reference server answer', () => answer(t), passed);
  add('soap-response-element', t, 'replies.ts soapResult', () => fromReply(soapResult(dialect, NS, op, 'text')), passed);
  add('soap-response-element', t, 'wrong response element name', () => fromReply(soapResult(dialect, NS, otherOp, 'x')),
    failed(`Body holds {${NS}}MobileContactSearchResponse; expected ${RESPONSE}`));
  add('soap-response-element', t, 'wrong namespace', () => fromReply(soapResult(dialect, 'urn:other', op, 'x')),
    failed(`Body holds {urn:other}MobileContactEmailCreateResponse; expected ${RESPONSE}`));
  add('soap-response-element', t, 'missing Result element', () => resultIn(`<MobileContactEmailCreateResponse xmlns="${NS}"/>`),
    failed(`${RESPONSE} holds nothing; expected ${RESULT}`));
  add('soap-response-element', t, 'Result element in another namespace', () =>
    resultIn(`<MobileContactEmailCreateResponse xmlns="${NS}"><MobileContactEmailCreateResult xmlns="urn:other">x</MobileContactEmailCreateResult></MobileContactEmailCreateResponse>`),
    failed(`${RESPONSE} holds {urn:other}MobileContactEmailCreateResult; expected ${RESULT}`));
  add('soap-response-element', t, 'fault', () => fromReply(soapFault(dialect, 'server', 'boom')),
    failed(`Body holds {${envNs}}Fault; expected ${RESPONSE}`));
  add('soap-response-element', t, 'empty Body', () => body(t, `<soap:Envelope xmlns:soap="${envNs}"><soap:Body/></soap:Envelope>`),
    failed('Body is empty'));
  add('soap-response-element', t, 'no Body', () => body(t, `<soap:Envelope xmlns:soap="${envNs}"><soap:Header/></soap:Envelope>`),
    failed('Envelope has no Body'));
  add('soap-response-element', t, `SOAP ${otherDialect.version} envelope`, otherVersionEnvelope,
    failed(`root is {${otherEnvNs}}Envelope, not a SOAP ${version} Envelope`));
  add('soap-response-element', t, 'malformed XML', () => body(t, MALFORMED), skipped(WELL_FORMED_SKIP));

  add('http-string-root', t, 'reference server answer', () => answer(t), notApplicable(t));

  add('xsd-valid', t, 'Result element absent (minOccurs 0)', () => resultIn(`<MobileContactEmailCreateResponse xmlns="${NS}"/>`), passed);
  add('xsd-valid', t, 'Result element with a child element', () =>
    resultIn(`<MobileContactEmailCreateResponse xmlns="${NS}"><MobileContactEmailCreateResult><b>x</b></MobileContactEmailCreateResult></MobileContactEmailCreateResponse>`),
    failed(`schema validation failed: Element '${RESULT}': Element content is not allowed, because the type definition is simple.`));
  add('xsd-valid', t, 'wrong namespace', () => fromReply(soapResult(dialect, 'urn:other', op, 'x')),
    failed("schema validation failed: Element '{urn:other}MobileContactEmailCreateResponse': No matching global declaration available for the validation root."));
  add('xsd-valid', t, 'no Body', () => body(t, `<soap:Envelope xmlns:soap="${envNs}"><soap:Header/></soap:Envelope>`),
    skipped('no SOAP Body element to validate: Envelope has no Body'));

  const code = t === 'soap11' ? 'soap:Client' : 'soap:Sender';
  add('not-a-fault', t, 'reference server answer', () => answer(t), passed);
  add('not-a-fault', t, 'nil Result', () =>
    resultIn(`<MobileContactEmailCreateResponse xmlns="${NS}"><MobileContactEmailCreateResult xmlns:xsi="${XSI}" xsi:nil="true"/></MobileContactEmailCreateResponse>`), passed);
  add('not-a-fault', t, 'client fault, HTTP 500', () => fromReply(soapFault(dialect, 'client', 'Server was unable to read request.')),
    failed(`answered with a fault: ${code}: Server was unable to read request.`));
  add('not-a-fault', t, 'fault with HTTP 200', () => withStatus(fromReply(soapFault(dialect, 'client', 'boom')), 200),
    failed(`answered with a fault: ${code}: boom`));
  add('not-a-fault', t, 'wrong response element', () => fromReply(soapResult(dialect, NS, otherOp, 'x')),
    skipped(`response has no readable result (Body holds {${NS}}MobileContactSearchResponse, not ${RESPONSE}); the shape checks report why`));
}

for (const t of HTTP_IDS) {
  add('soap-envelope-version', t, 'reference server answer', () => answer(t), notApplicable(t));
  add('soap-response-element', t, 'reference server answer', () => answer(t), notApplicable(t));

  add('http-string-root', t, 'reference server answer', () => answer(t), passed);
  add('http-string-root', t, 'nil string', () => body(t, `${DECL}<string xmlns:xsi="${XSI}" xsi:nil="true" xmlns="${NS}"/>`), passed);
  add('http-string-root', t, 'root <string> without namespace', () => body(t, `${DECL}<string>x</string>`),
    failed(`root element is {}string; expected {${NS}}string`));
  add('http-string-root', t, 'root <string> in another namespace', () => body(t, `${DECL}<string xmlns="urn:other">x</string>`),
    failed(`root element is {urn:other}string; expected {${NS}}string`));
  add('http-string-root', t, 'SOAP envelope', () => body(t, soapResult(soap11, NS, op, 'x').body),
    failed(`root element is {${SOAP11_ENV}}Envelope; expected {${NS}}string`));
  add('http-string-root', t, 'malformed XML', () => body(t, MALFORMED), skipped(WELL_FORMED_SKIP));

  add('xsd-valid', t, 'nil string', () => body(t, `${DECL}<string xmlns:xsi="${XSI}" xsi:nil="true" xmlns="${NS}"/>`), passed);
  add('xsd-valid', t, 'string with a child element', () => body(t, `${DECL}<string xmlns="${NS}"><b>x</b></string>`),
    failed(`schema validation failed: Element '{${NS}}string': Element content is not allowed, because the type definition is simple.`));
  add('xsd-valid', t, 'root <string> without namespace', () => body(t, `${DECL}<string>x</string>`),
    failed("schema validation failed: Element 'string': No matching global declaration available for the validation root."));

  add('not-a-fault', t, 'reference server answer', () => answer(t), passed);
  add('not-a-fault', t, 'replies.ts stringResult', () => fromReply(stringResult(NS, 'text')), passed);
  // HTTP GET/POST have no fault shape: an ASMX error body is not a result, and the check leaves
  // it to http-status-200 and xml-well-formed.
  add('not-a-fault', t, 'ASMX text/plain error', () => response(ASMX_PLAIN_ERROR, 'text/plain; charset=utf-8', 500),
    failed(`answered with a fault: ${ASMX_PLAIN_ERROR.trimEnd()}`));
}

// ---- the tests -------------------------------------------------------------------------------------

function exchange(row: Row): Exchange {
  const transport = getTransportById(row.transport);
  return { operation: op, transport, namespace: NS, request: transport.encode({ namespace: NS }, op, values), response: row.response() };
}

describe('checks', () => {
  test.each(rows)('$check over $transport: $scenario', (row) => {
    const check = checks.find((c) => c.id === row.check);
    expect(check, `no check ${row.check} in the registry`).toBeDefined();
    expect(check!.run(exchange(row))).toStrictEqual(row.expected);
  });

  test('the reference server answered every transport with 200 and its content type', () => {
    for (const t of TRANSPORT_IDS) {
      expect([t, answer(t).status, answer(t).headers['content-type']]).toEqual([t, 200, CONTENT_TYPE[t]]);
    }
  });

  test('the table covers exactly the checks in the registry', () => {
    expect(new Set(rows.map((r) => r.check))).toEqual(new Set(CHECK_IDS));
    expect(CHECK_IDS).toHaveLength(new Set(CHECK_IDS).size);
  });

  test('per check and transport: a passing and a failing row, or a not-applicable row', () => {
    const gaps: string[] = [];
    for (const id of CHECK_IDS) {
      for (const t of TRANSPORT_IDS) {
        const statuses = new Set(rows.filter((r) => r.check === id && r.transport === t).map((r) => r.expected.status));
        const na = rows.some((r) => r.check === id && r.transport === t && r.expected.status === 'skipped' && r.expected.message === `not applicable to ${LABEL[t]}`);
        if (na) {
          if (statuses.size !== 1) gaps.push(`${id}/${t}: not applicable, yet has ${[...statuses].join(', ')} rows`);
        } else if (!statuses.has('passed') || !statuses.has('failed')) {
          gaps.push(`${id}/${t}: has ${[...statuses].join(', ') || 'no'} rows`);
        }
      }
    }
    expect(gaps).toEqual([]);
  });
});
