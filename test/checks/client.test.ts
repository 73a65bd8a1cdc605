/**
 * The client checks (issue 53): silent on every request the project's own encoders make (20
 * operations x 4 transports, and fast-check's valid values), and each firing on its broken client,
 * named by exactly its check. Findings never show a secret's value.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { getOperation, operations, soapAction, type Operation } from '../../src/contract/index.js';
import { convert } from '../../src/asmx/values.js';
import { valuesArbitrary } from '../../src/cases/arbitraries.js';
import { clientFindings, type ClientFinding } from '../../src/checks/client/findings.js';
import { clientChecks, CLIENT_CHECK_IDS } from '../../src/checks/registry.js';
import { soap11, soap12, type SoapDialect } from '../../src/transports/dialects.js';
import { getTransportById, transports, type ObservedRequest, type TransportId } from '../../src/transports/index.js';
import { envelope } from '../../src/transports/soap.js';
import { allValues, CTX, encoded, NS } from '../support/observed.js';

const judge = (request: ObservedRequest): readonly ClientFinding[] => clientFindings(request, CTX).findings;
const T = (id: TransportId) => getTransportById(id);
const SERVICE = CTX.servicePath;

/** A SOAP request whose operation element holds `content` (a builder object: keys in the order
 * given, an array value repeats the element), with `headers` in place of the transport's own. */
function soapWith(dialect: SoapDialect, op: Operation, content: Record<string, unknown>, headers = dialect.requestHeaders(soapAction(NS, op))): ObservedRequest {
  return { method: 'POST', url: SERVICE, headers, body: Buffer.from(envelope(dialect, { [op.name]: { '@_xmlns': NS, ...content } }, 'request')) };
}
const raw = (method: string, url: string, headers: Record<string, string>, body: string | Buffer = ''): ObservedRequest => ({ method, url, headers, body: Buffer.isBuffer(body) ? body : Buffer.from(body) });

/** The same request with its body's text written in ISO-8859-1 rather than UTF-8. */
const latin1 = (request: ObservedRequest): ObservedRequest => ({ ...request, body: Buffer.from(request.body.toString('utf8'), 'latin1') });

const timeLog = getOperation('MobileTimeLogCreate');
const emailCreate = getOperation('MobileContactEmailCreate');
const summary = getOperation('MobileOpportunitySummary');
const withValue = (op: Operation, name: string, value: string) => ({ ...allValues(op), [name]: value });
const without = (op: Operation, name: string) => Object.fromEntries(Object.entries(allValues(op)).filter(([k]) => k !== name));
const SOAP11_HEADERS = { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${NS}/MobileOpportunitySummary"` };

describe('requests the project\'s own encoders make', () => {
  test.each(transports.flatMap((t) => operations.map((op) => [t.id, op.name] as const)))('%s %s: no client finding', (id, name) => {
    const result = clientFindings(encoded(T(id), getOperation(name)), CTX);
    expect(result.findings).toEqual([]);
    expect(result.outcomes.map((o) => o.id)).toEqual(CLIENT_CHECK_IDS);
    expect(result.outcomes.every((o) => o.status === 'passed' || o.status === 'skipped')).toBe(true);
  });

  test('valid values of every type, over every transport: no client finding (fast-check)', () => {
    const AUTH = { repnumber: '7', timestamp: 't', sig: 's', mobilekey: 'k' } as Record<string, string>;
    const arb = fc.constantFrom(...operations).chain((op) => fc.tuple(fc.constant(op), fc.constantFrom(...transports), valuesArbitrary(op, { maxStringLength: 40 })));
    fc.assert(fc.property(arb, ([op, t, values]) => {
      // Over GET and POST values are text, and the project's valid cases there are those ASMX can
      // convert ("1" for a boolean is the asmx-only negative scenario, engine/fuzz/fuzz.ts caseFor).
      if (!t.dialect) fc.pre(op.params.every((p) => values[p.name] === undefined || canConvert(op, p.name, values[p.name]!)));
      const all = { ...values };
      for (const p of op.params) if (p.name in AUTH) all[p.name] = AUTH[p.name]!;
      expect(judge(encoded(t, op, all))).toEqual([]);
    }), { numRuns: 300, seed: 53 });
  });
});

function canConvert(op: Operation, name: string, text: string): boolean {
  try {
    convert(op.params.find((p) => p.name === name)!, text, 'http');
    return true;
  } catch {
    return false;
  }
}

describe('the broken clients of issue 53, each named by exactly its check', () => {
  const cases: ReadonlyArray<readonly [string, ObservedRequest, ClientFinding[]]> = [
    ['SOAP 1.2 sent as text/xml', { ...encoded(T('soap12'), summary), headers: { 'Content-Type': 'text/xml; charset=utf-8' } },
      [{ check: 'client-content-type', level: 'error', message: 'a SOAP 1.2 envelope sent as "text/xml; charset=utf-8"; expected "application/soap+xml; charset=utf-8"' }]],
    ['SOAPAction missing', { ...encoded(T('soap11'), summary), headers: { 'Content-Type': 'text/xml; charset=utf-8' } },
      [{ check: 'client-soap-action', level: 'error', message: `no SOAPAction header; expected SOAPAction: "${NS}/MobileOpportunitySummary"` }]],
    ['SOAPAction unquoted', { ...encoded(T('soap11'), summary), headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `${NS}/MobileOpportunitySummary` } },
      [{ check: 'client-soap-action', level: 'error', message: `SOAPAction ${NS}/MobileOpportunitySummary is not quoted; expected SOAPAction: "${NS}/MobileOpportunitySummary"` }]],
    ['parameters out of order', soapWith(soap11, summary, { repnumber: '7', opportunitynumber: 'A', timestamp: 't', sig: 's' }),
      [{ check: 'client-parameter-order', level: 'error', message: '"opportunitynumber" comes after "repnumber"; MobileOpportunitySummary\'s order is opportunitynumber, repnumber, timestamp, sig' }]],
    ['a missing mobilekey', encoded(T('soap12'), emailCreate, without(emailCreate, 'mobilekey')),
      [{ check: 'client-auth-parameters', level: 'error', message: 'MobileContactEmailCreate is sent without "mobilekey"' }]],
    ['a dateTime without T', encoded(T('soap11'), timeLog, withValue(timeLog, 'startdatetime', '2024-05-17 09:30:00')),
      [{ check: 'client-lexical-values', level: 'error', message: expect.stringMatching(/^startdatetime "2024-05-17 09:30:00" is not an xs:dateTime \(.+\)$/) as unknown as string }]],
    ['a boolean as True', encoded(T('soap12'), emailCreate, withValue(emailCreate, 'primary', 'True')),
      [{ check: 'client-lexical-values', level: 'error', message: expect.stringMatching(/^primary "True" is not an xs:boolean \(.+\)$/) as unknown as string }]],
    ['an unknown parameter', soapWith(soap11, summary, { opportunitynumber: 'A', repnumber: '7', timestamp: 't', sig: 's', extra: '1' }),
      [{ check: 'client-parameters-known', level: 'error', message: 'MobileOpportunitySummary has no parameter "extra"; its parameters are "opportunitynumber", "repnumber", "timestamp", "sig"' }]],
  ];
  test.each(cases)('%s', (_name, request, expected) => {
    expect(judge(request)).toEqual(expected);
  });

  test('a missing mobilekey is named over every transport', () => {
    for (const t of transports) expect(judge(encoded(t, emailCreate, without(emailCreate, 'mobilekey'))).map((f) => f.check)).toEqual(['client-auth-parameters']);
  });

  test('over GET, a dateTime with a space and a boolean as True are text ASMX reads: no finding', () => {
    expect(judge(encoded(T('get'), timeLog, withValue(timeLog, 'startdatetime', '2024-05-17 09:30:00')))).toEqual([]);
    expect(judge(encoded(T('post'), emailCreate, withValue(emailCreate, 'primary', 'True')))).toEqual([]);
  });

  test('an unknown parameter over GET is a warning: ASMX ignores it', () => {
    const request = encoded(T('get'), summary);
    expect(judge({ ...request, url: `${request.url}&extra=1` })).toEqual([{ check: 'client-parameters-known', level: 'warning', message: 'MobileOpportunitySummary has no parameter "extra"; its parameters are "opportunitynumber", "repnumber", "timestamp", "sig"' }]);
  });
});

/** Each check, firing on a broken request (exactly the findings given) and silent on a correct one. */
const FIRING: Readonly<Record<string, ReadonlyArray<readonly [string, ObservedRequest, ClientFinding[]]>>> = {
  'client-transport': [
    ['PUT to an operation', raw('PUT', `${SERVICE}/MobileOpportunitySummary`, {}), [{ check: 'client-transport', level: 'error', message: `PUT ${SERVICE}/MobileOpportunitySummary: HTTP GET and HTTP POST are the methods for ${SERVICE}/<Op>` }]],
  ],
  'client-content-type': [
    ['SOAP 1.1 without a charset', { ...encoded(T('soap11'), summary), headers: { 'Content-Type': 'text/xml', SOAPAction: `"${NS}/MobileOpportunitySummary"` } }, [{ check: 'client-content-type', level: 'error', message: 'Content-Type "text/xml" has no charset; expected "text/xml; charset=utf-8"' }]],
    ['POST as text/plain', raw('POST', `${SERVICE}/MobileOpportunitySummary`, { 'Content-Type': 'text/plain' }, 'a=1'), [{ check: 'client-content-type', level: 'error', message: 'an HTTP POST form sent as "text/plain"; expected "application/x-www-form-urlencoded"' }]],
    ['POST without a Content-Type', { ...encoded(T('post'), summary), headers: {} }, [{ check: 'client-content-type', level: 'error', message: 'no Content-Type header; expected "application/x-www-form-urlencoded"' }]],
  ],
  'client-soap-action': [
    ['SOAPAction of another operation', { ...encoded(T('soap11'), summary), headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${NS}/MobileAccountSearch"` } }, [{ check: 'client-soap-action', level: 'error', message: `SOAPAction is "${NS}/MobileAccountSearch"; the Body calls MobileOpportunitySummary, whose SOAPAction is "${NS}/MobileOpportunitySummary"` }]],
    ['SOAP 1.2 action parameter of another operation', { ...encoded(T('soap12'), summary), headers: { 'Content-Type': `application/soap+xml; charset=utf-8; action="${NS}/MobileAccountSearch"` } }, [{ check: 'client-soap-action', level: 'warning', message: `the Content-Type's action parameter is "${NS}/MobileAccountSearch"; the Body calls MobileOpportunitySummary, whose action is "${NS}/MobileOpportunitySummary"` }]],
  ],
  'client-utf8': [
    ['a SOAP body in Latin-1', latin1(soapWith(soap11, summary, { opportunitynumber: 'A\u00e4', repnumber: '7', timestamp: 't', sig: 's' })), [{ check: 'client-utf8', level: 'error', message: expect.stringMatching(/^the body is not UTF-8 \(a byte sequence at character \d+ does not decode\)$/) as unknown as string }]],
    ['a GET value percent-encoded in Latin-1', raw('GET', `${SERVICE}/MobileOpportunitySummary?opportunitynumber=%E4&repnumber=7&timestamp=t&sig=s`, {}), [{ check: 'client-utf8', level: 'warning', message: 'the percent-encoded value of parameter "opportunitynumber" is malformed or not UTF-8' }]],
  ],
  'client-soap-xml': [
    ['not well-formed', raw('POST', SERVICE, SOAP11_HEADERS, '<soap:Envelope'), [{ check: 'client-soap-xml', level: 'error', message: expect.stringMatching(/^the body is not well-formed XML: .+/) as unknown as string }]],
    ['a DOCTYPE', raw('POST', SERVICE, SOAP11_HEADERS, encoded(T('soap11'), summary).body.toString().replace('?>', '?><!DOCTYPE soap:Envelope []>')), [{ check: 'client-soap-xml', level: 'error', message: 'the SOAP message has a document type declaration (<!DOCTYPE ...>); it was not expanded' }]],
    ['a processing instruction', raw('POST', SERVICE, SOAP11_HEADERS, encoded(T('soap11'), summary).body.toString().replace('<soap:Body>', '<?pi x?><soap:Body>')), [{ check: 'client-soap-xml', level: 'error', message: 'the SOAP message has a processing instruction: "<?pi x?>"' }]],
  ],
  'client-envelope': [
    ['a root that is no Envelope', raw('POST', SERVICE, SOAP11_HEADERS, '<Envelope xmlns="urn:other"><Body/></Envelope>'), [{ check: 'client-envelope', level: 'error', message: 'the root element is {urn:other}Envelope, not a SOAP 1.1 or SOAP 1.2 Envelope' }]],
    ['an Envelope without a Body', raw('POST', SERVICE, SOAP11_HEADERS, `<soap:Envelope xmlns:soap="${soap11.envelopeNs}"><soap:Header/></soap:Envelope>`), [{ check: 'client-envelope', level: 'error', message: `the Envelope has no Body in ${soap11.envelopeNs}` }]],
  ],
  'client-operation': [
    ['two Body children', raw('POST', SERVICE, SOAP11_HEADERS, `<soap:Envelope xmlns:soap="${soap11.envelopeNs}"><soap:Body><MobileOpportunitySummary xmlns="${NS}"><opportunitynumber>A</opportunitynumber><repnumber>7</repnumber><timestamp>t</timestamp><sig>s</sig></MobileOpportunitySummary><x xmlns="${NS}"/></soap:Body></soap:Envelope>`), [{ check: 'client-operation', level: 'error', message: 'the Body holds 2 elements (MobileOpportunitySummary, x); it holds one, the operation' }]],
    ['an operation in another namespace', raw('POST', SERVICE, SOAP11_HEADERS, encoded(T('soap11'), summary).body.toString().replace(`xmlns="${NS}"`, 'xmlns="http://tempuri.org/"')), [{ check: 'client-operation', level: 'error', message: `the Body's element MobileOpportunitySummary is in http://tempuri.org/, not in ${NS}` }]],
    ['an empty Body', raw('POST', SERVICE, SOAP11_HEADERS, `<soap:Envelope xmlns:soap="${soap11.envelopeNs}"><soap:Body/></soap:Envelope>`), [{ check: 'client-operation', level: 'error', message: `the Body is empty; it holds one element <Op> in ${NS}` }]],
    ['a GET path naming no operation', raw('GET', `${SERVICE}/MobileNothing?a=1`, {}), [{ check: 'client-operation', level: 'error', message: 'the path names "MobileNothing", no operation of the contract' }]],
  ],
  'client-parameters-known': [
    ['an unqualified parameter', soapWith(soap11, summary, { opportunitynumber: 'A', repnumber: '7', timestamp: 't', sig: 's', 'o:x': { '@_xmlns:o': 'urn:o', '#text': '1' } }), [{ check: 'client-parameters-known', level: 'error', message: 'MobileOpportunitySummary has no parameter "x" (in urn:o); its parameters are "opportunitynumber", "repnumber", "timestamp", "sig"' }]],
  ],
  'client-http-parameter-names': [
    ['a GET name in another case', raw('GET', `${SERVICE}/MobileOpportunitySummary?opportunitynumber=A&RepNumber=7&timestamp=t&sig=s`, {}), [{ check: 'client-http-parameter-names', level: 'error', message: '"RepNumber" is named "repnumber"' }]],
  ],
  'client-parameters-complete': [
    ['a parameter left out', encoded(T('post'), timeLog, without(timeLog, 'logcomment')), [{ check: 'client-parameters-complete', level: 'error', message: 'MobileTimeLogCreate is sent without "logcomment"' }]],
  ],
  'client-auth-parameters': [
    ['no sig', encoded(T('get'), summary, without(summary, 'sig')), [{ check: 'client-auth-parameters', level: 'error', message: 'MobileOpportunitySummary is sent without "sig"' }]],
  ],
  'client-parameter-order': [
    ['two swapped over SOAP 1.2', soapWith(soap12, summary, { opportunitynumber: 'A', repnumber: '7', sig: 's', timestamp: 't' }), [{ check: 'client-parameter-order', level: 'error', message: '"timestamp" comes after "sig"; MobileOpportunitySummary\'s order is opportunitynumber, repnumber, timestamp, sig' }]],
  ],
  'client-parameters-once': [
    ['a SOAP element twice', soapWith(soap11, summary, { opportunitynumber: ['A', 'B'], repnumber: '7', timestamp: 't', sig: 's' }), [{ check: 'client-parameters-once', level: 'error', message: 'sent more than once: "opportunitynumber"' }]],
    ['a GET field twice', raw('GET', `${SERVICE}/MobileOpportunitySummary?opportunitynumber=A&repnumber=7&timestamp=t&sig=s&opportunitynumber=B`, {}), [{ check: 'client-parameters-once', level: 'warning', message: 'sent more than once: "opportunitynumber"' }]],
  ],
  'client-lexical-values': [
    ['an int out of range over SOAP', encoded(T('soap11'), summary, withValue(summary, 'repnumber', '2147483648')), [{ check: 'client-lexical-values', level: 'error', message: expect.stringMatching(/^repnumber "2147483648" is not an xs:int \(.+\)$/) as unknown as string }]],
    ['a boolean 1 over GET', encoded(T('get'), emailCreate, withValue(emailCreate, 'primary', '1')), [{ check: 'client-lexical-values', level: 'warning', message: 'primary "1" is not a bool ASMX can read (System.FormatException: String was not recognized as a valid Boolean.)' }]],
    ['xsi:nil on a parameter', soapWith(soap11, summary, { '@_xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance', opportunitynumber: { '@_xsi:nil': 'true' }, repnumber: '7', timestamp: 't', sig: 's' }), [{ check: 'client-lexical-values', level: 'warning', message: 'opportunitynumber has xsi:nil="true", but ASMX\'s WSDL makes no parameter nillable' }]],
  ],
};

describe('each client check', () => {
  test('has its broken requests here', () => {
    expect(Object.keys(FIRING).sort()).toEqual([...CLIENT_CHECK_IDS].sort());
  });

  test.each(Object.entries(FIRING).flatMap(([id, rows]) => rows.map(([name, request, expected]) => [id, name, request, expected] as const)))('%s fires on %s', (_id, _name, request, expected) => {
    expect(judge(request)).toEqual(expected);
  });

  test.each(clientChecks.map((c) => [c.id, c] as const))('%s declares what it enforces, its level and why', (_id, c) => {
    expect(c.scope).toBe('client');
    expect(c.enforces.length).toBeGreaterThan(20);
    expect(c.levelReason.length).toBeGreaterThan(20);
  });
});

describe('what a client finding never shows', () => {
  test('the values of sig, timestamp and mobilekey', () => {
    const op = getOperation('MobileDispatchUpdate');
    const secrets = { sig: 'SECRET-SIG', timestamp: 'SECRET-TS', mobilekey: 'SECRET-KEY' };
    for (const t of transports) {
      // Broken enough to fire most checks: values reordered, a secret repeated, a typed value wrong.
      const request = t.dialect
        ? soapWith(t.dialect, op, { mobilekey: secrets.mobilekey, sig: [secrets.sig, secrets.sig], timestamp: secrets.timestamp, taskkeyid: 'x', extra: secrets.sig }, {})
        : { ...encoded(t, op, { ...allValues(op), ...secrets, taskkeyid: 'x' }), headers: {} };
      const shown = JSON.stringify(judge(request));
      expect(shown).not.toMatch(/SECRET/);
      expect(judge(request).length).toBeGreaterThan(0);
    }
  });
});

test('a request for the service description is judged by no check', () => {
  expect(clientFindings(raw('GET', `${SERVICE}?WSDL`, {}), CTX)).toMatchObject({ call: { transport: 'none', description: true }, findings: [], outcomes: [] });
});

test('--checks and --skip-checks select among the client checks', () => {
  const request = { ...encoded(T('soap11'), summary), headers: { 'Content-Type': 'text/xml' } };
  const selection = { checks: undefined, skipChecks: ['client-soap-action'] };
  expect(clientFindings(request, { ...CTX, selection }).findings.map((f) => f.check)).toEqual(['client-content-type']);
  expect(clientFindings(request, { ...CTX, selection: { checks: ['client-soap-action'], skipChecks: [] } }).outcomes.map((o) => o.id)).toEqual(['client-soap-action']);
});
