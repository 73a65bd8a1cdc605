/** Business failures reported as faults (src/state/business-fault.ts) and what a valid request got
 * (src/engine/exchange/data-path-of.ts): a SoapException the web method threw is one, once the discovery's
 * contrasts were answered with such faults; a crash (any other exception, wrapped over SOAP) and
 * ASMX's own faults about a value sent never are. */
import { describe, expect, test } from 'vitest';
import { dataPathOf } from '../../src/engine/exchange/data-path-of.js';
import { faultForm, isAsmxOwnFault, isBusinessFault, learnBusinessFault, type FaultAnswer } from '../../src/state/business-fault.js';
import { learnFailureSignature } from '../../src/state/in-band.js';

const SOAP_EXCEPTION = 'System.Web.Services.Protocols.SoapException';
const PROCESS = 'Server was unable to process request. ---> ';
const SQL = 'String or binary data would be truncated.\r\nThe statement has been terminated.';
const f = (code: string, reason: string): FaultAnswer => ({ code, reason });

// SoapExceptions the web method threw, as ASMX writes them (SoapServerProtocol.WriteException: as
// thrown; HttpServerProtocol.WriteException: text/plain "<type>: <message>"), on every transport.
const THROWN: ReadonlyArray<readonly [string, FaultAnswer]> = [
  ['SOAP 1.1, ClientFaultCode', f('soap:Client', 'enddate "tab\tinside" is not a date (use YYYY-MM-DD).')],
  ['SOAP 1.2, ClientFaultCode', f('soap:Sender', 'unknown service order 17')],
  ['SOAP 1.1, ServerFaultCode', f('soap:Server', 'accountname is required.')],
  ['SOAP 1.2, ServerFaultCode', f('soap:Receiver', 'completed "&" is not true or false.')],
  ['SOAP, a client on the host sees the type', f('soap:Client', `${SOAP_EXCEPTION}: rep -2 is not assigned to service order 12`)],
  ['GET/POST text/plain 500', f(SOAP_EXCEPTION, 'enddate "tab\tinside" is not a date (use YYYY-MM-DD).')],
  ['GET/POST, a message with no business word', f(SOAP_EXCEPTION, 'Order 17 has been closed.')],
];
// A vendor's crash: any exception but a SoapException, wrapped over SOAP.
const CRASHES: ReadonlyArray<readonly [string, FaultAnswer]> = [
  ['SOAP 1.1 wrapped SqlException', f('soap:Server', `${PROCESS}${SQL}`)],
  ['SOAP 1.2 wrapped NullReferenceException', f('soap:Receiver', `${PROCESS}Object reference not set to an instance of an object.`)],
  ['SOAP wrapped, saying a business word', f('soap:Server', `${PROCESS}unknown service order 17`)],
  ['SOAP, a client on the host sees the wrapper', f('soap:Server', `${SOAP_EXCEPTION}: ${PROCESS}System.Data.SqlClient.SqlException: ${SQL}`)],
  ['SOAP, another exception type first', f('soap:Server', 'System.NullReferenceException: Object reference not set to an instance of an object.')],
  ['GET/POST SqlException', f('System.Data.SqlClient.SqlException', SQL)],
  ['GET/POST NullReferenceException', f('System.NullReferenceException', 'Object reference not set to an instance of an object.')],
  ['GET/POST, a body that names no type (customErrors On)', f('', 'An error occurred on the server.')],
];
// ASMX's own faults about a value sent (Mono 6.8 and .NET texts, docs/cases.md,
// src/profiles/expectations.ts), and a vendor's int.Parse of a text parameter, even thrown as a SoapException.
const OWN: ReadonlyArray<readonly [string, FaultAnswer]> = [
  ['SOAP unable to read, Int32', f('soap:Client', 'Server was unable to read request. ---> There is an error in XML document (1, 250). ---> Input string was not in a correct format.')],
  ['SOAP unable to read, overflow', f('soap:Sender', 'Server was unable to read request. ---> There is an error in XML document (1, 310). ---> Value was either too large or too small for an Int32.')],
  ['SOAP unable to read, Boolean, local client', f('soap:Client', `${SOAP_EXCEPTION}: Server was unable to read request. ---> There is an error in XML document (1, 300). ---> The string 'maybe' is not a valid Boolean value.`)],
  ['SOAP unknown SOAPAction', f('soap:Client', 'Server did not recognize the value of HTTP Header SOAPAction: "x".')],
  ['GET/POST Cannot convert (.NET)', f('System.ArgumentException', 'Cannot convert 12x to System.Int32.\r\nParameter name: type ---> Input string was not in a correct format.')],
  ['GET/POST Cannot convert (Mono)', f('System.ArgumentException', 'Cannot convert {0} to {1}.')],
  ['GET/POST Missing parameter', f('System.InvalidOperationException', 'Missing parameter: accountnumber.')],
  ['a vendor\'s int.Parse thrown as a SoapException', f('soap:Client', 'Input string was not in a correct format.')],
  ['a vendor\'s DateTime.Parse over GET/POST', f(SOAP_EXCEPTION, 'String was not recognized as a valid DateTime.')],
  // The runtime's refusals of the request itself (issue 59): .NET with HttpSoap12 removed, Mono's routing.
  ['SOAP 1.1 VersionMismatch (.NET, HttpSoap12 removed)', f('soap:VersionMismatch', 'Possible SOAP version mismatch: Envelope namespace http://www.w3.org/2003/05/soap-envelope was unexpected. Expecting http://schemas.xmlsoap.org/soap/envelope/.')],
  ['Mono, no valid action', f('soap:Client', 'Unable to handle request without a valid action parameter. Please supply a valid soap action.')],
  ['Mono, an action not recognized', f('soap:Client', "Unable to handle request. The action 'http://tempuri.org/MobileTasksList' was not recognized.")],
];
// Told by structure alone, whatever the message says: the SOAP processor's codes, and a fault in
// another SOAP version's envelope than the request's.
const STRUCTURAL: ReadonlyArray<readonly [string, FaultAnswer]> = [
  ['a VersionMismatch code, any message', { code: 'soap:VersionMismatch', reason: 'unknown service order 17' }],
  ['a SOAP 1.2 MustUnderstand code', { code: 'env:MustUnderstand', reason: 'One or more mandatory headers not understood' }],
  ['a Client fault in the other version\'s envelope', { code: 'soap:Client', reason: 'unknown service order 17', otherVersion: true }],
];

describe('faultForm', () => {
  test.each(THROWN)('thrown by the web method: %s', (_, fault) => expect(faultForm(fault)).toBe('thrown'));
  test.each(CRASHES)('a crash: %s', (_, fault) => expect(faultForm(fault)).toBe('unhandled'));
  test.each(STRUCTURAL)('the runtime\'s by structure: %s', (_, fault) => {
    expect(faultForm(fault)).toBe('asmx');
    expect(isAsmxOwnFault(fault.reason)).toBe(false);
  });
  test.each(OWN)('ASMX\'s own: %s', (_, fault) => {
    expect(faultForm(fault)).toBe('asmx');
    expect(isAsmxOwnFault(fault.reason)).toBe(true);
  });
});

describe('learnBusinessFault', () => {
  const contrasts = [f('soap:Client', 'Unknown opportunitynumber -2147480000.'), f('soap:Client', 'Authentication failed: Invalid signature.')];
  const sig = learnBusinessFault(contrasts)!;

  test('learned from the contrasts\' thrown faults, plain data, saying what it is', () => {
    expect(sig).toEqual({ pattern: '^thrown: ', flags: '', source: 'learned', evidence: "SoapExceptions the web method threw (2 of the 2 faults answered to requests that should fail; first: 'Unknown opportunitynumber -2147480000.'), not ASMX's wrapper of an unhandled exception nor its own faults about a value" });
    expect(JSON.parse(JSON.stringify(sig))).toEqual(sig);
  });

  test.each([...THROWN.map(([n, x]) => [`thrown: ${n}`, x, true] as const), ...CRASHES.map(([n, x]) => [`crash: ${n}`, x, false] as const), ...OWN.map(([n, x]) => [`ASMX's own: ${n}`, x, false] as const), ...STRUCTURAL.map(([n, x]) => [`the runtime's: ${n}`, x, false] as const)])('%s', (_, fault, business) => {
    expect(isBusinessFault(fault, sig)).toBe(business);
    // No signature, no business failure.
    expect(isBusinessFault(fault, undefined)).toBe(false);
  });

  test('learned among crashes and ASMX\'s own faults, counted in the evidence', () => {
    expect(learnBusinessFault([...contrasts, CRASHES[0]![1], OWN[0]![1]])?.evidence).toMatch(/^SoapExceptions the web method threw \(2 of the 4 faults/);
  });

  test.each([
    ['one thrown fault', [contrasts[0]!]],
    ['only ASMX\'s own faults', OWN.map(([, x]) => x)],
    ['only crashes, business words or not', CRASHES.map(([, x]) => x)],
    ['one thrown fault among crashes', [contrasts[0]!, ...CRASHES.map(([, x]) => x)]],
  ])('none from %s', (_, faults) => {
    expect(learnBusinessFault(faults)).toBeUndefined();
  });
});

describe('dataPathOf', () => {
  const inBand = learnFailureSignature(['<Response><Status>OK</Status><Records/></Response>'], ['<Response><Status>Error</Status><Message>x</Message></Response>', '<Response><Status>Error</Status><Message>y</Message></Response>']);
  const businessFault = learnBusinessFault(THROWN.map(([, x]) => x));
  const result = (text: string) => ({ kind: 'result' as const, text });
  const fault = ({ code, reason }: FaultAnswer) => ({ kind: 'fault' as const, code, reason });
  test.each([
    ['a result, nothing learned', 200, result('<Response><Status>Error</Status></Response>'), {}, 'success'],
    ['an in-band failure', 200, result('<response><status>ERROR</status></response>'), { failure: inBand }, 'failure'],
    ['a success by the signature', 200, result('<Response><Status>OK</Status></Response>'), { failure: inBand }, 'success'],
    ['a result when nothing tells failures from successes', 200, result('<Response><Status>OK</Status></Response>'), { failureUnknown: 'seen' }, 'unknown'],
    ['a business fault over SOAP', 500, fault(THROWN[0]![1]), { businessFault }, 'failure'],
    ['a business fault over GET/POST', 500, fault(THROWN[5]![1]), { businessFault }, 'failure'],
    ['ASMX\'s conversion fault', 500, fault(OWN[0]![1]), { businessFault }, 'fault'],
    ['a crash over SOAP', 500, fault(CRASHES[0]![1]), { businessFault }, 'fault'],
    ['a crash over GET/POST', 500, fault(CRASHES[5]![1]), { businessFault }, 'fault'],
    ['a fault, no business-fault signature', 500, fault(THROWN[0]![1]), { failureUnknown: 'seen' }, 'fault'],
  ])('%s', (_, status, decoded, known, outcome) => {
    expect(dataPathOf(status, decoded, false, known)).toBe(outcome);
  });

  test('refused by the host before anything else', () => {
    expect(dataPathOf(200, result('x'), true, { failureUnknown: 'seen' })).toBe('refused');
  });
});
