/**
 * Contract drift: each fixture WSDL and each small edit of the reference WSDL is reported as exactly
 * the drifts listed; the reference itself and the embedded server's WSDL have none.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { DEFAULT_NAMESPACE } from '../../src/contract/index.js';
import { aspectOf, aspectResults } from '../../src/wsdl/aspects.js';
import { compareWsdl, diffWsdl, type Drift } from '../../src/wsdl/diff.js';
import { parseWsdl } from '../../src/wsdl/parse.js';
import { edit, FIXTURES, fixturePath, reference } from '../../fixtures/wsdl/edits.js';

const NS = DEFAULT_NAMESPACE;
const ABSENT = '(absent)';

function drifts(text: string, namespace = NS): Drift[] {
  const result = compareWsdl(text, namespace);
  if ('error' in result) throw new Error(result.error);
  return result.drifts;
}

/** Each fixture and the exact drifts it must give. */
export const FIXTURE_DRIFTS: Record<string, Drift[]> = {
  'reordered-parameter.wsdl': [{
    kind: 'parameter-reordered', operation: 'MobileContactSearch',
    expected: 'firstname, lastname, telephone, email, repnumber, timestamp, sig',
    actual: 'lastname, firstname, telephone, email, repnumber, timestamp, sig',
    message: 'MobileContactSearch: parameters reordered: expected firstname, lastname, telephone, email, repnumber, timestamp, sig got lastname, firstname, telephone, email, repnumber, timestamp, sig',
  }],
  'int-to-string.wsdl': [
    { kind: 'parameter-type', operation: 'MobileTimeLogCreate', parameter: 'accountnumber', expected: 'int', actual: 'string', message: 'MobileTimeLogCreate: parameter accountnumber changed type from int to string' },
    { kind: 'min-occurs', operation: 'MobileTimeLogCreate', parameter: 'accountnumber', expected: '1', actual: '0', message: 'MobileTimeLogCreate: parameter accountnumber minOccurs changed from 1 to 0' },
  ],
  'missing-http-post.wsdl': [
    { kind: 'binding-missing', protocol: 'post', expected: 'HTTP POST binding', actual: ABSENT, message: 'no HTTP POST binding (bindings present: tsiWSSoap (SOAP 1.1), tsiWSSoap12 (SOAP 1.2), tsiWSHttpGet (HTTP GET))' },
    { kind: 'port-missing', protocol: 'post', expected: 'HTTP POST port', actual: ABSENT, message: 'no HTTP POST port: no service port refers to a binding for HTTP POST' },
  ],
  'missing-operation.wsdl': [
    { kind: 'operation-missing', operation: 'MobileOpportunitySummary', expected: 'MobileOpportunitySummary', actual: ABSENT, message: 'MobileOpportunitySummary: operation missing (no binding or port type declares it)' },
  ],
  'other-namespace.wsdl': [
    { kind: 'namespace', expected: NS, actual: 'http://example.com/tsiws', message: `targetNamespace changed from ${NS} to http://example.com/tsiws` },
    { kind: 'namespace', expected: NS, actual: 'http://example.com/tsiws', message: `schema targetNamespace changed from ${NS} to http://example.com/tsiws` },
  ],
};

describe('fixtures/wsdl', () => {
  test('the fixture table and the fixture files name the same five fixtures', () => {
    expect(Object.keys(FIXTURE_DRIFTS).sort()).toEqual(Object.keys(FIXTURES).sort());
  });

  test.each(Object.keys(FIXTURES))('%s is the generator output with its edit (npx tsx fixtures/wsdl/edits.ts)', (name) => {
    expect(readFileSync(fixturePath(name), 'utf8')).toBe(FIXTURES[name]!());
  });

  test.each(Object.entries(FIXTURE_DRIFTS))('%s gives exactly its drifts', (name, expected) => {
    expect(drifts(readFileSync(fixturePath(name), 'utf8'))).toEqual(expected);
  });

  test('other-namespace.wsdl has no drift when that namespace is the expected one', () => {
    expect(drifts(readFileSync(fixturePath('other-namespace.wsdl'), 'utf8'), 'http://example.com/tsiws')).toEqual([]);
  });
});

describe('the reference', () => {
  test('wsdl/tsiWS.wsdl has no drift', () => {
    expect(drifts(readFileSync(new URL('../../wsdl/tsiWS.wsdl', import.meta.url), 'utf8'))).toEqual([]);
  });

  test('other prefixes and other binding, port and service names are no drift (matched by QName and protocol)', () => {
    let text = edit(reference(), /xmlns:s="/g, 'xmlns:xsd="', 1);
    text = edit(text, /(<\/?|")s:/g, '$1xsd:', text.match(/(<\/?|")s:/g)!.length);
    text = edit(text, /tsiWS(Soap12|Soap|HttpGet|HttpPost)?"/g, 'FieldService$1"', 20);
    expect(text).not.toContain('"s:');
    expect(drifts(text)).toEqual([]);
  });

  test('parseWsdl reads bindings by protocol and ports with their addresses', () => {
    const parsed = parseWsdl(reference());
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.model.bindings.map((b) => [b.name, b.protocol, b.operations.length])).toEqual([
      ['tsiWSSoap', 'soap11', 20], ['tsiWSSoap12', 'soap12', 20], ['tsiWSHttpGet', 'get', 20], ['tsiWSHttpPost', 'post', 20],
    ]);
    expect(parsed.model.services.flatMap((s) => s.ports.map((p) => [p.name, p.binding, p.address]))).toEqual(
      ['tsiWSSoap', 'tsiWSSoap12', 'tsiWSHttpGet', 'tsiWSHttpPost'].map((n) => [n, { ns: NS, local: n }, 'http://localhost/api/rmm/tsiWS.asmx']),
    );
    const dispatch = parsed.model.schemas[0]!.elements.find((e) => e.name === 'MobileDispatchUpdate')!;
    expect(dispatch.sequence!.slice(0, 2)).toEqual([
      { name: 'taskkeyid', type: 'int', minOccurs: 1, maxOccurs: 1, nillable: false },
      { name: 'status', type: 'int', minOccurs: 1, maxOccurs: 1, nillable: false },
    ]);
  });

  test.each([
    ['<a/>', 'not a WSDL 1.1 document: the root element is a, expected {http://schemas.xmlsoap.org/wsdl/}definitions'],
    ['<wsdl:definitions xmlns:wsdl="urn:other"/>', 'not a WSDL 1.1 document: the root element is {urn:other}definitions, expected {http://schemas.xmlsoap.org/wsdl/}definitions'],
    ['<a', "not well-formed XML: Couldn't find end of Start Tag a line 1 (line 1, column 3)"],
  ])('compareWsdl(%j) gives an error, not drifts', (text, error) => {
    expect(compareWsdl(text, NS)).toEqual({ error });
  });
});

const contactSearchTelephone = /(name="lastname" type="s:string"\/>\n\s*<s:element minOccurs="0" maxOccurs="1" )name="telephone" type="s:string"/g;
const dispatchStatus = /(name="taskkeyid" type="s:int"\/>\n\s*<s:element minOccurs="1" maxOccurs="1" name="status" type="s:int")/g;

/** One edit of the reference WSDL per row, and exactly the drifts it gives. */
const EDITS: Array<[string, (t: string) => string, Drift[]]> = [
  ['a parameter renamed (same position, same type)', (t) => edit(t, contactSearchTelephone, '$1name="phone" type="s:string"', 1), [
    { kind: 'parameter-renamed', operation: 'MobileContactSearch', parameter: 'telephone', expected: 'telephone', actual: 'phone', message: 'MobileContactSearch: parameter telephone renamed to phone (position 3, string)' },
  ]],
  ['a parameter replaced by one of another type: missing and extra, not renamed', (t) => edit(t, contactSearchTelephone, '$1name="phone" type="s:int"', 1), [
    { kind: 'parameter-missing', operation: 'MobileContactSearch', parameter: 'telephone', expected: 'telephone: string', actual: ABSENT, message: 'MobileContactSearch: parameter telephone (string) is missing' },
    { kind: 'parameter-extra', operation: 'MobileContactSearch', parameter: 'phone', expected: ABSENT, actual: 'phone: int', message: 'MobileContactSearch: unexpected parameter phone (int) at position 3' },
  ]],
  ['a parameter removed', (t) => edit(t, /\n\s*<s:element minOccurs="1" maxOccurs="1" name="status" type="s:int"\/>/g, '', 1), [
    { kind: 'parameter-missing', operation: 'MobileDispatchUpdate', parameter: 'status', expected: 'status: int', actual: ABSENT, message: 'MobileDispatchUpdate: parameter status (int) is missing' },
  ]],
  ['a parameter added at the end', (t) => edit(t, /(<wsdl:types>[\s\S]*?name="MobileContactEmailDelete">[\s\S]*?name="mobilekey" type="s:string"\/>)/g, '$1<s:element minOccurs="0" maxOccurs="1" name="note" type="s:string"/>', 1), [
    { kind: 'parameter-extra', operation: 'MobileContactEmailDelete', parameter: 'note', expected: ABSENT, actual: 'note: string', message: 'MobileContactEmailDelete: unexpected parameter note (string) at position 6' },
  ]],
  ['nillable and maxOccurs changed', (t) => edit(t, dispatchStatus, '$1 nillable="true"', 1).replace('maxOccurs="1" name="status"', 'maxOccurs="unbounded" name="status"'), [
    { kind: 'max-occurs', operation: 'MobileDispatchUpdate', parameter: 'status', expected: '1', actual: 'unbounded', message: 'MobileDispatchUpdate: parameter status maxOccurs changed from 1 to unbounded' },
    { kind: 'nillable', operation: 'MobileDispatchUpdate', parameter: 'status', expected: 'false', actual: 'true', message: 'MobileDispatchUpdate: parameter status nillable changed from false to true' },
  ]],
  ['a type with the local name int in another namespace', (t) => edit(t, /(name="taskkeyid" type="s:int"\/>\n\s*<s:element minOccurs="1" maxOccurs="1" name="status" )type="s:int"/g, '$1xmlns:q="urn:custom" type="q:int"', 1), [
    { kind: 'parameter-type', operation: 'MobileDispatchUpdate', parameter: 'status', expected: 'int', actual: '{urn:custom}int', message: 'MobileDispatchUpdate: parameter status changed type from int to {urn:custom}int' },
  ]],
  ['a request element left out of the schema', (t) => edit(t, /\n {6}<s:element name="MobileOpportunitySummary">[\s\S]*?\n {6}<\/s:element>/g, '', 1), [
    { kind: 'request-element', operation: 'MobileOpportunitySummary', expected: 'MobileOpportunitySummary (a sequence of parameters)', actual: ABSENT, message: 'MobileOpportunitySummary: request element MobileOpportunitySummary is missing from the schema' },
  ]],
  ['elementFormDefault unqualified', (t) => edit(t, /elementFormDefault="qualified"/g, 'elementFormDefault="unqualified"', 1), [
    { kind: 'element-form', expected: 'qualified', actual: 'unqualified', message: 'schema elementFormDefault changed from qualified to unqualified (parameter elements would be in no namespace)' },
  ]],
  ['a SOAP 1.2 soapAction changed', (t) => edit(t, /(<soap12:operation soapAction=")http:\/\/www.tigerpawsoftware.com\/MobileDispatchUpdate"/g, '$1urn:dispatch"', 1), [
    { kind: 'soap-action', operation: 'MobileDispatchUpdate', protocol: 'soap12', expected: `${NS}/MobileDispatchUpdate`, actual: 'urn:dispatch', message: `MobileDispatchUpdate: SOAP 1.2 soapAction changed from ${NS}/MobileDispatchUpdate to urn:dispatch` },
  ]],
  ['the SOAP 1.1 port address at another path', (t) => edit(t, /<soap:address location="http:\/\/localhost\/api\/rmm\/tsiWS.asmx"/g, '<soap:address location="http://localhost/Service.asmx"', 1), [
    { kind: 'address-path', protocol: 'soap11', expected: '.../api/rmm/tsiWS.asmx', actual: 'http://localhost/Service.asmx', message: 'SOAP 1.1 port tsiWSSoap: address http://localhost/Service.asmx does not end in /api/rmm/tsiWS.asmx' },
  ]],
  ['an http:operation location changed in both HTTP bindings', (t) => edit(t, /location="\/MobileTasksList"/g, 'location="/TasksList"', 2), [
    { kind: 'address-path', operation: 'MobileTasksList', protocol: 'get', expected: '/MobileTasksList', actual: '/TasksList', message: 'MobileTasksList: HTTP GET http:operation location changed from /MobileTasksList to /TasksList' },
    { kind: 'address-path', operation: 'MobileTasksList', protocol: 'post', expected: '/MobileTasksList', actual: '/TasksList', message: 'MobileTasksList: HTTP POST http:operation location changed from /MobileTasksList to /TasksList' },
  ]],
  ['the result typed int', (t) => edit(t, /name="MobileAccountSearchResult" type="s:string"/g, 'name="MobileAccountSearchResult" type="s:int"', 1), [
    { kind: 'result-element', operation: 'MobileAccountSearch', expected: 'MobileAccountSearchResponse { MobileAccountSearchResult: string }', actual: 'MobileAccountSearchResponse { MobileAccountSearchResult: int }', message: 'MobileAccountSearch: result element changed from MobileAccountSearchResponse { MobileAccountSearchResult: string } to MobileAccountSearchResponse { MobileAccountSearchResult: int }' },
  ]],
  ['an operation renamed: one missing, one extra', (t) => edit(t, /MobileOpportunitySummary/g, 'MobileOpportunityOverview', 28), [
    { kind: 'operation-missing', operation: 'MobileOpportunitySummary', expected: 'MobileOpportunitySummary', actual: ABSENT, message: 'MobileOpportunitySummary: operation missing (no binding or port type declares it)' },
    { kind: 'operation-extra', operation: 'MobileOpportunityOverview', expected: ABSENT, actual: 'MobileOpportunityOverview', message: 'MobileOpportunityOverview: operation not in the contract' },
  ]],
  ['an operation left out of the SOAP 1.2 binding only', (t) => edit(t, /\n {4}<wsdl:operation name="MobileTasksList">\n {6}<soap12:operation[\s\S]*?\n {4}<\/wsdl:operation>/g, '', 1), [
    { kind: 'binding-operation-missing', operation: 'MobileTasksList', protocol: 'soap12', expected: 'MobileTasksList in tsiWSSoap12', actual: ABSENT, message: 'MobileTasksList: missing from the SOAP 1.2 binding tsiWSSoap12' },
  ]],
  ['an HTTP GET input part typed int', (t) => edit(t, /(<wsdl:message name="MobileDispatchUpdateHttpGetIn">\n\s*<wsdl:part name="taskkeyid" type="s:string"\/>\n\s*<wsdl:part name="status" type=)"s:string"/g, '$1"s:int"', 1), [
    { kind: 'http-parameters', operation: 'MobileDispatchUpdate', protocol: 'get', parameter: 'status', expected: 'string', actual: 'int', message: 'MobileDispatchUpdate: HTTP GET input part status changed type from string to int' },
  ]],
  ['HTTP POST input parts reordered while the schema is not', (t) => edit(t, /(<wsdl:message name="MobileDispatchUpdateHttpPostIn">\n\s*)(<wsdl:part name="taskkeyid" type="s:string"\/>)(\n\s*)(<wsdl:part name="status" type="s:string"\/>)/g, '$1$4$3$2', 1), [
    { kind: 'http-parameters', operation: 'MobileDispatchUpdate', protocol: 'post', expected: 'taskkeyid, status, repnumber, timestamp, sig, mobilekey', actual: 'status, taskkeyid, repnumber, timestamp, sig, mobilekey', message: 'MobileDispatchUpdate: HTTP POST input parts changed from taskkeyid, status, repnumber, timestamp, sig, mobilekey to status, taskkeyid, repnumber, timestamp, sig, mobilekey' },
  ]],
  ['a SOAPAction that follows a changed namespace is covered by the namespace drift', (t) => edit(t, /"http:\/\/www.tigerpawsoftware.com"/g, '"urn:tsi"', 3).replace(/soapAction="http:\/\/www.tigerpawsoftware.com\//g, 'soapAction="urn:tsi/'), [
    { kind: 'namespace', expected: NS, actual: 'urn:tsi', message: `targetNamespace changed from ${NS} to urn:tsi` },
    { kind: 'namespace', expected: NS, actual: 'urn:tsi', message: `schema targetNamespace changed from ${NS} to urn:tsi` },
  ]],
];

describe('one edit, exact drifts', () => {
  test.each(EDITS)('%s', (_name, change, expected) => {
    const actual = drifts(change(reference()));
    expect(actual).toEqual(expected);
    // Every drift lands in exactly one aspect that the reports list.
    const aspects = aspectResults(actual);
    expect(actual.filter((d) => !aspects.some((a) => a.aspect === aspectOf(d) && a.drifts.includes(d)))).toEqual([]);
  });
});

describe('diffWsdl on models', () => {
  test('an empty definitions document misses everything once: 20 operations, 4 bindings, 4 ports', () => {
    const parsed = parseWsdl(`<definitions xmlns="http://schemas.xmlsoap.org/wsdl/" targetNamespace="${NS}"/>`);
    if (!parsed.ok) throw new Error(parsed.error);
    const kinds = diffWsdl(parsed.model, { namespace: NS }).map((d) => d.kind);
    expect([kinds.length, kinds.filter((k) => k === 'operation-missing').length, kinds.filter((k) => k === 'binding-missing').length, kinds.filter((k) => k === 'port-missing').length])
      .toEqual([28, 20, 4, 4]);
  });
});
