/**
 * Decoding what a client sent (issue 53): every request the project's own encoders make decodes
 * back to its transport, operation and parameters in order; parameters keep their order,
 * repetitions and unknown names; a DTD is never expanded; what is none of the four says why.
 */
import { describe, expect, test } from 'vitest';
import { operations, getOperation } from '../../src/contract/index.js';
import { decodeObservedRequest, transports } from '../../src/transports/index.js';
import { allValues, CTX, encoded } from '../support/observed.js';

const decode = (method: string, url: string, headers: Record<string, string | string[]> = {}, body = '') =>
  decodeObservedRequest({ method, url, headers, body: Buffer.from(body, 'utf8') }, CTX);

const SOAP11 = 'http://schemas.xmlsoap.org/soap/envelope/';
const SOAP12 = 'http://www.w3.org/2003/05/soap-envelope';
const envelope = (envNs: string, inner: string, prolog = '<?xml version="1.0" encoding="utf-8"?>') =>
  `${prolog}<soap:Envelope xmlns:soap="${envNs}"><soap:Body>${inner}</soap:Body></soap:Envelope>`;

describe('requests the encoders make', () => {
  test.each(transports.flatMap((t) => operations.map((op) => [t.id, op.name, t, op] as const)))('%s %s decodes to its transport, operation and parameters in order', (_id, _name, t, op) => {
    const values = allValues(op);
    const { call, reading } = decodeObservedRequest(encoded(t, op, values), CTX);
    expect(call).toEqual({ transport: t.id, operation: op.name, params: op.params.map((p) => ({ name: p.name, value: values[p.name] })) });
    expect(reading.notUtf8).toBeUndefined();
    expect(reading.paramsUnreadable).toBeUndefined();
  });
});

describe('the transport of a request', () => {
  const body = '<MobileOpportunitySummary xmlns="http://www.tigerpawsoftware.com"><opportunitynumber>A</opportunitynumber></MobileOpportunitySummary>';
  test('the envelope names the SOAP version, whatever the media type says', () => {
    expect(decode('POST', '/api/rmm/tsiWS.asmx', { 'content-type': 'text/xml; charset=utf-8' }, envelope(SOAP12, body)).call.transport).toBe('soap12');
    expect(decode('POST', '/api/rmm/tsiWS.asmx', { 'content-type': 'application/soap+xml' }, envelope(SOAP11, body)).call.transport).toBe('soap11');
  });

  test('without an envelope, the media type, then a SOAPAction header', () => {
    expect(decode('POST', '/api/rmm/tsiWS.asmx', { 'content-type': 'application/soap+xml' }, 'not xml').call.transport).toBe('soap12');
    expect(decode('POST', '/api/rmm/tsiWS.asmx', { 'content-type': 'text/xml' }, '').call.transport).toBe('soap11');
    const byAction = decode('POST', '/api/rmm/tsiWS.asmx', { SOAPAction: '"http://www.tigerpawsoftware.com/MobileOpportunitySummary"' }, '');
    expect(byAction.call).toEqual({ transport: 'soap11', operation: 'MobileOpportunitySummary', params: [] });
    expect(byAction.reading.soap?.notWellFormed).toBe('empty body');
  });

  test('none of the four, and why', () => {
    expect(decode('POST', '/api/rmm/tsiWS.asmx', { 'content-type': 'application/json' }, '{}').call).toEqual({ transport: 'none', notTransport: 'POST /api/rmm/tsiWS.asmx is neither SOAP 1.1 nor SOAP 1.2: the body is no SOAP envelope, the Content-Type "application/json" names neither text/xml nor application/soap+xml, and there is no SOAPAction header', params: [] });
    expect(decode('PUT', '/api/rmm/tsiWS.asmx/MobileOpportunitySummary').call.notTransport).toBe('PUT /api/rmm/tsiWS.asmx/MobileOpportunitySummary: HTTP GET and HTTP POST are the methods for /api/rmm/tsiWS.asmx/<Op>');
    expect(decode('GET', '/other/MobileOpportunitySummary').call.notTransport).toBe('/other/MobileOpportunitySummary is neither the service path /api/rmm/tsiWS.asmx nor /api/rmm/tsiWS.asmx/<Op>');
    expect(decode('GET', '/api/rmm/tsiWS.asmx/a/b').call.transport).toBe('none');
    expect(decode('DELETE', '/api/rmm/tsiWS.asmx').call.transport).toBe('none');
  });

  test('a request for the description is no call', () => {
    for (const url of ['/api/rmm/tsiWS.asmx?WSDL', '/api/rmm/tsiWS.asmx?wsdl', '/api/rmm/tsiWS.asmx?disco', '/api/rmm/tsiWS.asmx']) {
      expect(decode('GET', url).call).toMatchObject({ transport: 'none', description: true });
    }
    expect(decode('GET', '/api/rmm/tsiWS.asmx?op=x').call.description).toBeUndefined();
  });

  test('an absolute-form target is read by its path', () => {
    expect(decode('GET', 'http://proxy.example:8080/api/rmm/tsiWS.asmx/MobileOpportunitySummary?opportunitynumber=1').call).toEqual({ transport: 'get', operation: 'MobileOpportunitySummary', params: [{ name: 'opportunitynumber', value: '1' }] });
  });
});

describe('parameters as they came', () => {
  test('GET keeps order, repetitions, unknown names and empty values; "+" is a space', () => {
    expect(decode('GET', '/api/rmm/tsiWS.asmx/MobileX?b=1&a=x+y&b=2&zz&c=%C3%A9').call).toEqual({
      transport: 'get', operation: 'MobileX',
      params: [{ name: 'b', value: '1' }, { name: 'a', value: 'x y' }, { name: 'b', value: '2' }, { name: 'zz', value: '' }, { name: 'c', value: 'é' }],
    });
  });

  test('percent-encoding that is not UTF-8 is read leniently and named', () => {
    const { call, reading } = decode('GET', '/api/rmm/tsiWS.asmx/MobileX?a=%E4&b=1');
    expect(call.params).toEqual([{ name: 'a', value: '\uFFFD' }, { name: 'b', value: '1' }]);
    expect(reading.notUtf8).toBe('the percent-encoded value of parameter "a" is malformed or not UTF-8');
  });

  test('POST reads the form body, not the query; a body of another media type is not read', () => {
    expect(decode('POST', '/api/rmm/tsiWS.asmx/MobileX?q=1', { 'Content-Type': 'application/x-www-form-urlencoded' }, 'b=2&a=1').call.params).toEqual([{ name: 'b', value: '2' }, { name: 'a', value: '1' }]);
    const json = decode('POST', '/api/rmm/tsiWS.asmx/MobileX', { 'content-type': 'application/json' }, '{"a":1}');
    expect(json.call.params).toEqual([]);
    expect(json.reading.paramsUnreadable).toBe('the body is application/json, not a form (application/x-www-form-urlencoded)');
  });

  test('SOAP keeps element order, repetitions and unknown elements, with their namespaces and xsi:nil', () => {
    const inner = '<MobileOpportunitySummary xmlns="http://www.tigerpawsoftware.com" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><sig>s</sig><opportunitynumber>A</opportunitynumber><x:extra xmlns:x="urn:x">1</x:extra><sig xsi:nil="true"/></MobileOpportunitySummary>';
    const { call, reading } = decode('POST', '/api/rmm/tsiWS.asmx', { 'content-type': 'application/soap+xml; charset=utf-8' }, envelope(SOAP12, inner));
    expect(call.params).toEqual([{ name: 'sig', value: 's' }, { name: 'opportunitynumber', value: 'A' }, { name: 'extra', value: '1' }, { name: 'sig', value: '' }]);
    expect(reading.soap?.paramElements).toEqual([{ ns: CTX.namespace, nil: false }, { ns: CTX.namespace, nil: false }, { ns: 'urn:x', nil: false }, { ns: CTX.namespace, nil: true }]);
    expect(reading.soap?.bodyChildren).toEqual([{ ns: CTX.namespace, name: 'MobileOpportunitySummary' }]);
  });

  test('a DTD is never expanded: the values of a request with one are not read', () => {
    const op = getOperation('MobileContactEmailDelete');
    const body = envelope(SOAP11, `<${op.name} xmlns="${CTX.namespace}"><emailid>&e;</emailid></${op.name}>`, '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e "EXPANDED">]>');
    const { call, reading } = decode('POST', '/api/rmm/tsiWS.asmx', { 'content-type': 'text/xml; charset=utf-8' }, body);
    expect(call).toEqual({ transport: 'soap11', operation: op.name, params: [] });
    expect(JSON.stringify({ call, soap: { ...reading.soap, text: '' } })).not.toContain('EXPANDED');
    expect(reading.soap?.hasDoctype).toBe(true);
    expect(reading.paramsUnreadable).toBe('the request has a document type declaration, whose entities are not expanded: its parameter values are not read (SOAP allows no DTD)');
  });

  test('a body that is not UTF-8 is named, and read with replacement characters', () => {
    const body = Buffer.concat([Buffer.from(envelope(SOAP11, '<MobileX xmlns="urn:x"><a>')), Buffer.from([0xe4]), Buffer.from('</a></MobileX>').subarray(0)]);
    const { reading } = decodeObservedRequest({ method: 'POST', url: '/api/rmm/tsiWS.asmx', headers: { 'content-type': 'text/xml' }, body: Buffer.concat([body, Buffer.from('</soap:Body></soap:Envelope>')]) }, CTX);
    expect(reading.notUtf8).toMatch(/^the body is not UTF-8 \(a byte sequence at character \d+ does not decode\)$/);
  });

  test('repeated headers are joined, names lower-cased', () => {
    expect(decode('GET', '/api/rmm/tsiWS.asmx/MobileX', { 'X-A': ['1', '2'], Accept: 'text/xml' }).reading.headers).toEqual({ 'x-a': '1, 2', accept: 'text/xml' });
  });
});
