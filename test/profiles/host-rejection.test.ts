/** A host's own refusal is recognised from what came back (answers observed on Mono 6.8 through
 * npm run test:asmx, and Microsoft's documented pages), never from what was sent; and the asmx
 * profile accepts the wording of both ASMX runtimes. */
import { describe, expect, test } from 'vitest';
import type { Exchange } from '../../src/checks/registry.js';
import { getOperation } from '../../src/contract/index.js';
import { evaluate } from '../../src/checks/evaluate.js';
import { expectationFor, PROFILES } from '../../src/profiles/expectations.js';
import { hostRejectionOf, isQueryLengthRefusal } from '../../src/profiles/host-rejection.js';
import { getTransportById, type HttpResponse } from '../../src/transports/index.js';

const answer = (status: number, contentType: string, body: string): HttpResponse => ({ status, headers: { 'content-type': contentType }, body: Buffer.from(body), elapsedMs: 1 });
const MONO_VALIDATION = 'A potentially dangerous Request.QueryString value was detected from the client (email=&quot;&lt;a&quot;).\n';
const MONO_LENGTH_PAGE = '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "x">\n<html xmlns="http://www.w3.org/1999/xhtml"><body><h2>The length of the query string for this request exceeds the configured maxQueryStringLength value.</h2></body></html>';
const GENERIC_PAGE = '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "x">\n<html xmlns="http://www.w3.org/1999/xhtml"><body><h1>Server Error in \'/\' Application</h1><h2>Runtime Error</h2></body></html>';

describe('hostRejectionOf', () => {
  test.each([
    ['Mono request validation over GET', answer(500, 'text/plain; charset=utf-8', MONO_VALIDATION), 'get', 0, 'request-validation'],
    ['Mono request validation for a local client', answer(500, 'text/plain; charset=utf-8', `System.Web.HttpRequestValidationException: ${MONO_VALIDATION}`), 'post', 0, 'request-validation'],
    ['Mono query length page', answer(400, 'text/html', MONO_LENGTH_PAGE), 'get', 2100, 'query-string-length'],
    ['a generic page to a long GET (customErrors On)', answer(400, 'text/html', GENERIC_PAGE), 'get', 2100, 'query-string-length'],
    ['HTTP.sys 414', answer(414, 'text/html', '<h1>Request URL Too Long</h1>'), 'get', 9000, 'query-string-length'],
    ['IIS 404.15', answer(404, 'text/html', '<html><body>HTTP Error 404.15 - Not Found</body></html>'), 'get', 3000, 'query-string-length'],
  ] as const)('recognises %s', (_, response, transport, length, kind) => {
    expect(hostRejectionOf(response, transport, length)?.kind).toBe(kind);
  });

  test.each([
    ['a service error over GET', answer(500, 'text/plain; charset=utf-8', 'System.ArgumentException: Cannot convert {0} to {1}.'), 'get', 0],
    ['a SOAP answer, even with the validation text', answer(500, 'text/xml; charset=utf-8', MONO_VALIDATION), 'soap11', 0],
    ['a success', answer(200, 'text/xml; charset=utf-8', MONO_VALIDATION), 'get', 0],
    ['a generic page to a short GET', answer(400, 'text/html', GENERIC_PAGE), 'get', 300],
    ['a generic page to a POST', answer(400, 'text/html', GENERIC_PAGE), 'post', 5000],
    ['a 500 page to a long GET', answer(500, 'text/html', GENERIC_PAGE), 'get', 5000],
  ] as const)('leaves alone %s', (_, response, transport, length) => {
    expect(hostRejectionOf(response, transport, length)).toBeUndefined();
  });

  test('parity sees the same refusal in a rejection\'s status and text', () => {
    expect(isQueryLengthRefusal(400, GENERIC_PAGE, 2100)).toBe(true);
    expect(isQueryLengthRefusal(400, GENERIC_PAGE, 100)).toBe(false);
    expect(isQueryLengthRefusal(500, 'Missing parameter: {0}.', 5000)).toBe(false);
  });
});

describe('the asmx profile accepts the messages of both ASMX runtimes', () => {
  const messageOf = (scenario: Parameters<typeof expectationFor>[1], transport: Parameters<typeof expectationFor>[2], param?: string) =>
    new RegExp(expectationFor('asmx', scenario, transport, param).accept.flatMap((s) => (s.body === 'plain-text' ? [s.message!] : s.body === 'soap-fault' ? [s.reason!] : []))[0]!);
  test.each([
    ['int-non-numeric', 'get', 'sonumber', 'System.ArgumentException: Cannot convert abc to System.Int32.\r\nParameter name: type ---> System.FormatException', '.NET, local client'],
    ['int-non-numeric', 'get', 'sonumber', 'Cannot convert abc to System.Int32.\r\nParameter name: type', '.NET, remote client'],
    ['int-non-numeric', 'post', 'sonumber', 'System.ArgumentException: Cannot convert {0} to {1}.\nParameter name: type', 'Mono, local client'],
    ['bool-invalid', 'get', 'primary', 'Cannot convert {0} to {1}.\nParameter name: type ---> String was not recognized as a valid Boolean.', 'Mono, remote client'],
    ['missing-parameter', 'get', 'sonumber', 'System.InvalidOperationException: Missing parameter: sonumber.', '.NET'],
    ['missing-parameter', 'post', 'sonumber', 'Missing parameter: {0}.\n', 'Mono, remote client'],
    ['int-non-numeric', 'soap11', 'sonumber', 'System.Web.Services.Protocols.SoapException: Server was unable to read request. ---> System.InvalidOperationException', 'Mono, local client'],
    ['int-non-numeric', 'soap12', 'sonumber', 'Server was unable to read request. ---> There is an error in XML document (1, 300).', 'remote client'],
    ['unknown-soapaction', 'soap11', undefined, 'Server did not recognize the value of HTTP Header SOAPAction: "http://x/Nope".', '.NET'],
    ['unknown-soapaction', 'soap11', undefined, 'System.Web.Services.Protocols.SoapException: Server did not recognize the value of HTTP Header {0}: {1}.', 'Mono, local client'],
  ] as const)('%s over %s (%s): %s (%s)', (scenario, transport, param, text, _runtime) => {
    expect(messageOf(scenario, transport, param).test(text)).toBe(true);
  });

  test.each([
    ['int-non-numeric', 'get', 'sonumber', 'Cannot convert abc to System.Boolean.'],
    ['missing-parameter', 'get', 'sonumber', 'Missing parameter: accountnumber.'],
    ['int-non-numeric', 'soap11', 'sonumber', 'Input string was not in a correct format.'],
  ] as const)('%s over %s refuses another message: %s', (scenario, transport, param, text) => {
    expect(messageOf(scenario, transport, param).test(text)).toBe(false);
  });
});

describe('checks on a recognised refusal', () => {
  const op = getOperation('MobileContactSearch');
  const exchange = (kind: 'positive' | 'negative', profile: 'asmx' | 'strict', response: HttpResponse): Exchange => {
    const host = PROFILES[profile].hostRejections ? hostRejectionOf(response, 'get', 0) : undefined;
    return {
      operation: op, transport: getTransportById('get'), namespace: 'http://www.tigerpawsoftware.com', request: { method: 'GET', path: '/x', headers: {} }, response, kind, profile: PROFILES[profile],
      ...(kind === 'negative' ? { scenario: 'int-non-numeric' as const, expectation: expectationFor(profile, 'int-non-numeric', 'get', 'repnumber') } : {}),
      ...(host ? { hostRejection: host } : {}),
    };
  };
  const refused = answer(500, 'text/plain; charset=utf-8', MONO_VALIDATION);
  const judged = (ex: Exchange) => Object.fromEntries(evaluate(ex).map((c) => [c.id, c.status]));

  test('asmx: a valid request the host refused is not judged as the service\'s answer', () => {
    const verdicts = judged(exchange('positive', 'asmx', refused));
    expect(Object.values(verdicts).filter((s) => s === 'failed')).toEqual([]);
    expect(verdicts['http-status-200']).toBeUndefined();
  });

  test('strict: the same answer fails the valid request as an error', () => {
    const outcomes = evaluate(exchange('positive', 'strict', refused)).filter((c) => c.status === 'failed');
    expect(outcomes.map((c) => [c.id, c.level])).toEqual(expect.arrayContaining([['http-status-200', 'error'], ['not-a-fault', 'error']]));
  });

  test('asmx: an invalid request the host refused counts as rejected, and its wording is not judged', () => {
    const verdicts = judged(exchange('negative', 'asmx', refused));
    expect([verdicts['rejects-invalid-input'], verdicts['rejection-per-profile'], verdicts['error-body-readable'], verdicts['error-message-per-profile']]).toEqual(['passed', 'passed', 'passed', 'skipped']);
  });
});
