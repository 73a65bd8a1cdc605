/**
 * Every WS-I assertion, table-driven: one row fires it on a broken message or WSDL, one leaves it
 * passed on a correct one. The broken WSDLs are the checked-in wsdl/tsiWS.wsdl with one edit.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { judgeDescription, judgeMessage, WSI_ASSERTIONS, WSI_DESCRIPTION_ASSERTIONS, WSI_MESSAGE_ASSERTIONS } from '../../../src/checks/wsi/catalog.js';
import type { WsiMessage, WsiResult } from '../../../src/checks/wsi/types.js';
import { response } from '../../support/http.js';

const NS = 'http://www.tigerpawsoftware.com';
const ENV = 'http://schemas.xmlsoap.org/soap/envelope/';
const DECL = '<?xml version="1.0" encoding="utf-8"?>';
const XML = 'text/xml; charset=utf-8';
const RESULT = `<MobileContactSearchResponse xmlns="${NS}"><MobileContactSearchResult>[]</MobileContactSearchResult></MobileContactSearchResponse>`;
const envelope = (body: string, extra = '', attrs = '') => `${DECL}<soap:Envelope xmlns:soap="${ENV}"${attrs}><soap:Body>${body}</soap:Body>${extra}</soap:Envelope>`;
const fault = (children: string) => envelope(`<soap:Fault>${children}</soap:Fault>`);
const CLIENT_FAULT = fault('<faultcode>soap:Client</faultcode><faultstring>bad</faultstring><detail/>');
const ACTION = `${NS}/MobileContactSearch`;

interface Options { status?: number; contentType?: string; soapAction?: string; requestBody?: string; kind?: 'positive' | 'negative'; bindingSoapAction?: string | null }

function message(body: string, o: Options = {}): WsiMessage {
  return {
    transport: 'soap11',
    kind: o.kind ?? 'positive',
    request: { method: 'POST', path: '/tsiWS.asmx', headers: { 'Content-Type': XML, SOAPAction: o.soapAction ?? `"${ACTION}"` }, body: o.requestBody ?? '<soap:Envelope/>' },
    response: response(body, o.contentType ?? XML, o.status ?? 200),
    resultElement: { ns: NS, name: 'MobileContactSearchResponse' },
    bindingSoapAction: 'bindingSoapAction' in o ? o.bindingSoapAction : ACTION,
  };
}

const OK = message(envelope(RESULT));
const OK_FAULT = message(CLIENT_FAULT, { status: 500 });

/** id: [the broken message, the result it gets, a correct message]. */
const MESSAGE_ROWS: Record<string, [WsiMessage, WsiResult, WsiMessage]> = {
  'R9980': [message(`${DECL}<soap:Envelope xmlns:soap="${ENV}"><soap:Header/></soap:Envelope>`), 'failed', OK],
  'R1008/R1009': [message(envelope(RESULT).replace('<soap:Body>', '<?trace on?><soap:Body>')), 'failed', OK],
  'R1014': [message(envelope('<MobileContactSearchResponse><x/></MobileContactSearchResponse>')), 'failed', OK],
  'R1011': [message(envelope(RESULT, '<t:Trailer xmlns:t="urn:t"/>')), 'failed', OK],
  'R1005-R1007': [message(envelope(RESULT, '', ` soap:encodingStyle="${ENV.replace('envelope', 'encoding')}"`)), 'failed', OK],
  'R1013': [message(envelope(RESULT).replace('<soap:Body>', '<soap:Header><h:H xmlns:h="urn:h" soap:mustUnderstand="true"/></soap:Header><soap:Body>')), 'failed', OK],
  'R1000': [message(fault('<faultcode>soap:Client</faultcode><faultstring>bad</faultstring><reason/>'), { status: 500 }), 'failed', OK_FAULT],
  'R1001': [message(fault('<soap:faultcode>soap:Client</soap:faultcode><faultstring>bad</faultstring>'), { status: 500 }), 'failed', OK_FAULT],
  'R1004': [message(fault('<faultcode>Oops</faultcode><faultstring>bad</faultstring>'), { status: 500 }), 'warning', OK_FAULT],
  'R2712': [message(envelope(`<Other xmlns="${NS}"/>`)), 'failed', OK],
  'R1109': [message(envelope(RESULT), { soapAction: ACTION }), 'failed', OK],
  'R2744': [message(envelope(RESULT), { soapAction: `"${NS}/Other"` }), 'failed', OK],
  'R2745': [message(envelope(RESULT), { bindingSoapAction: null }), 'failed', message(envelope(RESULT), { bindingSoapAction: '', soapAction: '""' })],
  'R1124/R1111': [message(envelope(RESULT), { status: 500 }), 'failed', OK],
  'R1125': [message('Bad Request', { kind: 'negative', status: 500, contentType: 'text/plain' }), 'failed', message('Bad Request', { kind: 'negative', status: 400, contentType: 'text/plain' })],
  'R1126': [message(CLIENT_FAULT, { status: 200 }), 'failed', OK_FAULT],
  'SSBP1003': [message(envelope(RESULT), { contentType: 'text/xml; charset=iso-8859-1' }), 'failed', OK],
  'SSBP5101': [message(envelope(RESULT), { contentType: 'application/xml; charset=utf-8' }), 'failed', OK],
  'R4001': [message(CLIENT_FAULT, { status: 500, requestBody: '\uFEFF<soap:Envelope/>' }), 'failed', message(envelope(RESULT), { requestBody: '\uFEFF<soap:Envelope/>' })],
};

const resultOf = (outcomes: ReturnType<typeof judgeMessage>, id: string) => outcomes.find((o) => o.id === id)!;

describe('message assertions', () => {
  test.each(Object.entries(MESSAGE_ROWS))('%s fires on its broken message and passes a correct one', (id, [broken, result, correct]) => {
    expect(resultOf(judgeMessage(broken), id).result).toBe(result);
    expect(resultOf(judgeMessage(correct), id)).toEqual({ id, result: 'passed' });
  });

  test('R1125: a SOAP 1.2 fault answering a SOAP 1.2 envelope sent as SOAP 1.1 is no non-SOAP refusal (soap-envelope-version judges its version)', () => {
    const soap12Fault = `${DECL}<soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body><soap:Fault><soap:Code><soap:Value>soap:Sender</soap:Value></soap:Code><soap:Reason><soap:Text xml:lang="en">bad signature</soap:Text></soap:Reason></soap:Fault></soap:Body></soap:Envelope>`;
    expect(resultOf(judgeMessage(message(soap12Fault, { kind: 'negative', status: 500, contentType: 'application/soap+xml; charset=utf-8' })), 'R1125').result).toBe('notApplicable');
  });

  test('R1003 constrains the receiver of faults, this tool: never applicable to the target', () => {
    expect(resultOf(judgeMessage(OK_FAULT), 'R1003')).toEqual({ id: 'R1003', result: 'notApplicable', detail: 'a requirement on the receiver of faults (this tool), not on the target' });
  });

  test('every message assertion has a row (R1003 has its own test)', () => {
    expect(WSI_MESSAGE_ASSERTIONS.map((a) => a.id).filter((id) => id !== 'R1003').sort()).toEqual(Object.keys(MESSAGE_ROWS).sort());
  });

  test('a failed prerequisite makes its dependants prereqFailed, unrun', () => {
    const outcomes = judgeMessage(message(envelope(RESULT), { soapAction: ACTION }));
    expect(resultOf(outcomes, 'R2744')).toEqual({ id: 'R2744', result: 'prereqFailed', detail: 'prerequisite R1109 failed' });
    expect(resultOf(outcomes, 'R2745')).toEqual({ id: 'R2745', result: 'prereqFailed', detail: 'prerequisite R1109 failed' });
  });

  test("without the target's WSDL, R2744 and R2745 miss their input", () => {
    const outcomes = judgeMessage(message(envelope(RESULT), { bindingSoapAction: undefined }));
    expect(resultOf(outcomes, 'R2744').result).toBe('missingInput');
    expect(resultOf(outcomes, 'R2745').result).toBe('missingInput');
  });

  test.each([
    ['soap12', 'SOAP 1.2: Basic Profile 1.1 covers SOAP 1.1 only'],
    ['get', 'HTTP GET: a binding the profile does not cover (SSBP2403)'],
    ['post', 'HTTP POST: a binding the profile does not cover (SSBP2403)'],
  ] as const)('a %s exchange is outside the profile: every assertion notApplicable', (transport, detail) => {
    const outcomes = judgeMessage({ ...MESSAGE_ROWS['R1011']![0], transport });
    expect(new Set(outcomes.map((o) => `${o.result}: ${o.detail}`))).toEqual(new Set([`notApplicable: ${detail}`]));
  });
});

const WSDL = readFileSync(new URL('../../../wsdl/tsiWS.wsdl', import.meta.url), 'utf8');
const FIRST_BODY = '<soap:body use="literal"/>';
/** Each description assertion's one edit of the reference WSDL that breaks it. */
const WSDL_EDITS: Record<string, [string, string]> = {
  'R2028/R2029': ['<wsdl:types>', '<wsdl:extra/><wsdl:types>'],
  'R2105': [`<s:schema elementFormDefault="qualified" targetNamespace="${NS}">`, '<s:schema elementFormDefault="qualified">'],
  'R2201/R2210': [FIRST_BODY, '<soap:body use="literal" parts="a b"/>'],
  'R2204/R2206': ['<wsdl:part name="parameters" element="tns:MobileTimeLogCreate"/>', '<wsdl:part name="parameters" type="s:string"/>'],
  'R2303/R2304/R2306': ['<wsdl:part name="parameters" element="tns:MobileTimeLogCreate"/>', '<wsdl:part name="parameters" element="tns:MobileTimeLogCreate" type="s:string"/>'],
  'R2401/R2701/R2702': ['<soap:binding transport="http://schemas.xmlsoap.org/soap/http"/>', '<soap:binding transport="urn:smtp"/>'],
  'R2705/R2706': [FIRST_BODY, '<soap:body use="encoded"/>'],
  'R2710': ['<wsdl:input message="tns:MobileAccountUpdateSoapIn"/>', '<wsdl:input message="tns:MobileTimeLogCreateSoapIn"/>'],
  'R2716-R2718': [FIRST_BODY, '<soap:body use="literal" namespace="urn:x"/>'],
};

describe('description assertions', () => {
  test('the reference WSDL passes every one; its SOAP 1.2 and HTTP bindings are noted as outside the profile', () => {
    const outcomes = judgeDescription(WSDL);
    expect(outcomes.map((o) => o.result)).toEqual(WSI_DESCRIPTION_ASSERTIONS.map(() => 'passed'));
    expect(outcomes.find((o) => o.id === 'R2401/R2701/R2702')!.note).toBe('bindings the profile does not cover, not judged: tsiWSSoap12 (http://schemas.xmlsoap.org/wsdl/soap12/), tsiWSHttpGet (http://schemas.xmlsoap.org/wsdl/http/), tsiWSHttpPost (http://schemas.xmlsoap.org/wsdl/http/)');
  });

  test.each(Object.entries(WSDL_EDITS))('%s fails on its broken WSDL', (id, [from, to]) => {
    expect(WSDL.includes(from)).toBe(true);
    const outcome = judgeDescription(WSDL.replace(from, to)).find((o) => o.id === id)!;
    expect(outcome.result).toBe('failed');
  });

  test('every description assertion has an edit', () => {
    expect(WSI_DESCRIPTION_ASSERTIONS.map((a) => a.id).sort()).toEqual(Object.keys(WSDL_EDITS).sort());
  });

  test('a text that is not XML leaves every description assertion missing its input', () => {
    expect(new Set(judgeDescription('not xml').map((o) => o.result))).toEqual(new Set(['missingInput']));
  });
});

test('assertion ids are unique, and every prerequisite is an assertion of the catalog', () => {
  const ids = WSI_ASSERTIONS.map((a) => a.id);
  expect(new Set(ids).size).toBe(ids.length);
  expect(WSI_ASSERTIONS.flatMap((a) => a.prereqs).filter((p) => !ids.includes(p))).toEqual([]);
});
