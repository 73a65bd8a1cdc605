/** Every diagnosis fires on the answers of its deployment mistake (and explains their findings), and
 * stays silent on a correct service's answers with findings of other causes. */
import { describe, expect, test } from 'vitest';
import { DIAGNOSES } from '../../src/diagnoses/catalog.js';
import { diagnose, findingsIn } from '../../src/diagnoses/diagnose.js';
import type { ExchangeRecord } from '../../src/results/record.js';
import { exchange, input, wsdlRecord, NS, type Answer } from './support.js';
import type { DiagnosisInput } from '../../src/diagnoses/diagnose.js';

const refusal = (op: string, mono = false): Answer => ({
  status: 500, contentType: 'text/html; charset=utf-8',
  body: `<html><body><h2>Request format is unrecognized for URL unexpectedly ending in ${mono ? '&#39;{0}&#39;' : `'/${op}'`}.</h2></body></html>`,
});
const formChecks = { 'http-status-200': 'error', 'content-type': 'error', 'xml-well-formed': 'error' } as const;
const ok = (op: string): Answer => ({ status: 200, contentType: 'text/xml; charset=utf-8', body: `<string xmlns="${NS}">{}</string>` });
const runtimeError: Answer = { status: 500, contentType: 'text/html; charset=utf-8', body: '<html><head><title>Runtime Error</title></head><body>An application error occurred on the server. The current custom error settings for this application prevent the details of the application error from being viewed.</body></html>' };
const tempuriFault: Answer = { status: 500, contentType: 'text/xml; charset=utf-8', body: '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault><faultcode>soap:Client</faultcode><faultstring>Server did not recognize the value of HTTP Header SOAPAction: http://www.tigerpawsoftware.com/MobileTasksList.</faultstring></soap:Fault></soap:Body></soap:Envelope>' };

/** .NET with HttpSoap12 removed: a SOAP 1.1 VersionMismatch fault to a SOAP 1.2 request (issue 59). */
const versionMismatch: Answer = { status: 500, contentType: 'text/xml; charset=utf-8', body: '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault><faultcode>soap:VersionMismatch</faultcode><faultstring>Possible SOAP version mismatch: Envelope namespace http://www.w3.org/2003/05/soap-envelope was unexpected. Expecting http://schemas.xmlsoap.org/soap/envelope/.</faultstring></soap:Fault></soap:Body></soap:Envelope>' };
/** A business fault in the request's own SOAP 1.2 envelope: the web method's, not the runtime's. */
const soap12Fault: Answer = { status: 500, contentType: 'application/soap+xml; charset=utf-8', body: '<soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body><soap:Fault><soap:Code><soap:Value>soap:Sender</soap:Value></soap:Code><soap:Reason><soap:Text xml:lang="en">Authentication failed</soap:Text></soap:Reason></soap:Fault></soap:Body></soap:Envelope>' };
/** session/transport-reach.ts's verdict: no valid request over `transport` succeeded while others' did. */
const unreached = (transport: 'soap12'): ExchangeRecord => ({
  operation: 'tsiWS', transport, caseId: `tsiWS-${transport}-reach`, kind: 'service',
  request: { method: 'POST', url: 'http://127.0.0.1:1/api/rmm/tsiWS.asmx', headers: {}, curl: 'curl' },
  checks: [{ id: 'transport-reaches-service', status: 'failed', level: 'error', message: 'none of the 40 valid requests over SOAP 1.2 succeeded, of any operation, while 38 over SOAP 1.1 did: the transport does not reach the service' }],
});

/** A finding of another cause: a wrong echo over SOAP 1.1. */
const unrelated = exchange('MobileTasksList', 'soap11', ok('MobileTasksList'), { 'echo-matches': 'error' }, 'MobileTasksList-fuzz-3');

interface Row {
  readonly id: string;
  readonly fires: DiagnosisInput;
  /** The words the fix must hold. */
  readonly fix: string;
  readonly silent: DiagnosisInput;
}

const ROWS: Row[] = [
  {
    id: 'transport-not-enabled',
    fires: input([exchange('MobileTasksList', 'get', refusal('MobileTasksList'), formChecks), exchange('MobileTasksList', 'post', refusal('MobileTasksList', true), formChecks), wsdlRecord(['[binding-missing] no HTTP GET binding (bindings present: tsiWSSoap (SOAP 1.1))', '[port-missing] no HTTP GET port: no service port refers to a binding for HTTP GET'])], ['soap11', 'soap12']),
    fix: '<add name="HttpGet" /> <add name="HttpPost" />',
    silent: input([exchange('MobileTasksList', 'get', { status: 500, body: 'System.InvalidOperationException: Missing parameter: sonumber.' }, { 'rejection-per-profile': 'warning' }), unrelated]),
  },
  {
    id: 'transport-not-enabled',
    // SOAP 1.2 removed: Mono answers with a SOAP 1.1 fault; the WSDL and no passing SOAP 1.2 exchange tell.
    fires: input([exchange('MobileTasksList', 'soap12', { status: 500, body: '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"/>' }, { 'soap-envelope-version': 'error' }), wsdlRecord(['[binding-missing] no SOAP 1.2 binding (bindings present: tsiWSSoap (SOAP 1.1))'])], ['soap11', 'get', 'post']),
    fix: '<add name="HttpSoap12" />',
    // The same WSDL line, but SOAP 1.2 exchanges passed: an out-of-date WSDL, not a disabled protocol.
    silent: input([wsdlRecord(['[binding-missing] no SOAP 1.2 binding (bindings present: tsiWSSoap (SOAP 1.1))']), unrelated]),
  },
  {
    id: 'transport-not-enabled',
    // SOAP 1.2 removed on .NET, the ?WSDL still describing it (a static WSDL): the runtime's VersionMismatch
    // on every SOAP 1.2 request, and the run's finding that none of them succeeded while the others' did.
    fires: input([exchange('MobileTasksList', 'soap12', versionMismatch, { 'http-status-200': 'error', 'soap-envelope-version': 'error' }), exchange('MobileTasksList', 'soap12', versionMismatch, { 'rejection-per-profile': 'warning' }, 'MobileTasksList-missing-sonumber'), unreached('soap12'), wsdlRecord([])], ['soap11', 'get', 'post']),
    fix: '<add name="HttpSoap12" />',
    // The same finding, but the answers are the web method's own faults in SOAP 1.2: another cause (a signature checked otherwise).
    silent: input([exchange('MobileTasksList', 'soap12', soap12Fault, { 'http-status-200': 'error' }), unreached('soap12'), wsdlRecord([]), unrelated], ['soap11', 'get', 'post']),
  },
  {
    id: 'namespace-differs',
    fires: input([exchange('MobileTasksList', 'soap11', tempuriFault, { 'not-a-fault': 'error', 'http-status-200': 'error' }), exchange('MobileTasksList', 'get', { status: 200, contentType: 'text/xml', body: '<string xmlns="http://tempuri.org/">{}</string>' }, { 'http-string-root': 'error' }), wsdlRecord(['[namespace] targetNamespace changed from http://www.tigerpawsoftware.com to http://tempuri.org/', '[soap-action] MobileTasksList: SOAP 1.1 soapAction changed from http://www.tigerpawsoftware.com/MobileTasksList to http://tempuri.org/MobileTasksList'])], ['get', 'post']),
    fix: `[WebService(Namespace = "${NS}")]`,
    silent: input([exchange('MobilePartsUsedList', 'soap11', tempuriFault, { 'not-a-fault': 'error' }), unrelated]),
  },
  {
    id: 'custom-error-pages',
    fires: input([exchange('MobileTasksList', 'get', runtimeError, { 'error-body-readable': 'warning', 'rejection-per-profile': 'warning' }), exchange('MobileTasksList', 'post', { status: 302, body: '', headers: { location: '/error.htm?aspxerrorpath=/api/rmm/tsiWS.asmx/MobileTasksList' } }, { 'rejection-per-profile': 'warning' })]),
    fix: 'customErrors mode="Off"',
    silent: input([exchange('MobileTasksList', 'get', { status: 500, contentType: 'text/html', body: '<html><body>Server Error in \'/\' Application. System.NullReferenceException</body></html>' }, { 'error-body-readable': 'warning' }), unrelated]),
  },
  {
    id: 'host-refused-request',
    fires: input([exchange('MobileTasksList', 'get', { status: 500, body: 'A potentially dangerous Request.QueryString value was detected from the client (sonumber="<a").' }, { 'http-status-200': 'error' })]),
    fix: 'validateRequest="false"',
    silent: input([unrelated]),
  },
  {
    id: 'auth-not-enforced-on-transport',
    fires: input([exchange('MobileTasksList', 'get', ok('MobileTasksList'), { 'auth-enforced': 'error' }, 'MobileTasksList-auth-bad-sig'), exchange('MobileTasksList', 'post', ok('MobileTasksList'), { 'auth-enforced': 'error' }, 'MobileTasksList-auth-bad-sig')]),
    fix: 'every transport',
    // Accepted over every transport: no authentication at all, not one transport's mistake.
    silent: input(['soap11', 'soap12', 'get', 'post'].map((t) => exchange('MobileTasksList', t as 'get', ok('MobileTasksList'), { 'auth-enforced': 'error' }, 'MobileTasksList-auth-bad-sig'))),
  },
  {
    id: 'wrong-base-path',
    fires: input(['soap11', 'get'].map((t) => exchange('MobileTasksList', t as 'get', { status: 405, contentType: 'text/html', body: '<html>Method Not Allowed</html>' }, { 'http-status-200': 'error', 'content-type': 'error' })), []),
    fix: '--base-url',
    silent: input([exchange('MobileTasksList', 'soap11', { status: 405, body: '' }, { 'http-status-200': 'error' }), unrelated]),
  },
];

const allFindings = (run: DiagnosisInput) => run.records.flatMap(findingsIn).length;

describe.each(ROWS.map((r, i) => [`${r.id} #${i}`, r] as const))('%s', (_name, row) => {
  test('fires, explains every finding of its mistake, and says the fix', () => {
    const [d, ...more] = diagnose(row.fires);
    expect(more).toEqual([]);
    expect(d!.id).toBe(row.id);
    expect(d!.explains.length).toBe(allFindings(row.fires));
    expect(d!.fix).toContain(row.fix);
    expect(d!.evidence.length).toBeGreaterThan(0);
  });

  test('is silent on answers of other causes', () => {
    expect(diagnose(row.silent).map((d) => d.id)).not.toContain(row.id);
  });
});

test('every rule of the catalog has a row, a description and runtime evidence naming .NET or Mono', () => {
  expect(new Set(ROWS.map((r) => r.id))).toEqual(new Set(DIAGNOSES.map((d) => d.id)));
  for (const d of DIAGNOSES) expect(d.runtimeEvidence).toMatch(/\.NET|Mono/);
});

describe('choosing the fewest causes', () => {
  const get = exchange('MobileTasksList', 'get', refusal('MobileTasksList'), formChecks);
  const parity: ExchangeRecord = {
    ...exchange('MobileTasksList', 'parity', ok('x'), { 'transport-parity': 'error' }),
    parity: { outcomes: [], rules: [], differences: [{ transport: 'get', reference: 'soap11', class: 'rejection', detail: 'get rejects what soap11 accepts' }] },
  };

  test("a parity finding is explained by the cause of the exchange it compares; another cause's finding is left unexplained", () => {
    const [d, ...more] = diagnose(input([get, parity, unrelated], ['soap11', 'soap12', 'post']));
    expect(more).toEqual([]);
    expect(d!.explains.map((f) => `${f.transport} ${f.check}`)).toEqual([...Object.keys(formChecks).map((c) => `get ${c}`), 'parity transport-parity']);
  });

  test('a ?WSDL finding is explained only when every line of it is', () => {
    const wsdl = wsdlRecord(['[binding-missing] no HTTP GET binding (bindings present: tsiWSSoap (SOAP 1.1))', '[soap-action] MobileTasksList: SOAP 1.1 soapAction changed from a to b']);
    const [d] = diagnose(input([get, wsdl], ['soap11', 'soap12', 'post']));
    expect(d!.explains.map((f) => f.transport)).not.toContain('wsdl');
  });

  test('no finding, no diagnosis: evidence alone is not reported', () => {
    expect(diagnose(input([{ ...get, checks: [] }], ['soap11']))).toEqual([]);
  });

  test('its level is the highest of the findings it explains', () => {
    const warned = exchange('MobileTasksList', 'get', runtimeError, { 'error-body-readable': 'warning' });
    expect(diagnose(input([warned])).map((d) => d.level)).toEqual(['warning']);
  });
});
