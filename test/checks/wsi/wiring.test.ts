/**
 * How the WS-I assertions reach a run (issue 51): the facts read once from the target's ?WSDL, the
 * run's context (why it holds the profile), the two catalog checks graded by it, and the compact
 * form a record keeps.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { wsiBasicProfile } from '../../../src/checks/wsi-basic-profile.js';
import { wsiDescription } from '../../../src/checks/wsi-description.js';
import { WSI_MESSAGE_ASSERTIONS, judgeMessage } from '../../../src/checks/wsi/catalog.js';
import { wsiOutcomesOfRecorded, wsiRecorded } from '../../../src/checks/wsi/recorded.js';
import { wsdlFacts, wsiContextOf, type WsiWsdlFacts } from '../../../src/checks/wsi/wsdl-facts.js';
import type { Exchange } from '../../../src/checks/types.js';
import { DEFAULT_NAMESPACE, getOperation, operations, soapAction } from '../../../src/contract/index.js';
import { PROFILES } from '../../../src/profiles/expectations.js';
import { getTransportById, type TransportId } from '../../../src/transports/index.js';
import { response } from '../../support/http.js';

const WSDL = readFileSync(new URL('../../../wsdl/tsiWS.wsdl', import.meta.url), 'utf8');
const CLAIMED = WSDL.replace('<wsdl:binding name="tsiWSSoap" type="tns:tsiWSSoap">',
  '<wsdl:binding name="tsiWSSoap" type="tns:tsiWSSoap"><wsdl:documentation><wsi:Claim conformsTo="http://ws-i.org/profiles/basic/1.1" xmlns:wsi="http://ws-i.org/schemas/conformanceClaim/"/></wsdl:documentation>');
// An rpc binding: R2705 (one style per binding) is the assertion it breaks, besides R2716-R2718's rpc namespace.
const RPC = WSDL.replace('<soap:operation soapAction="http://www.tigerpawsoftware.com/MobileContactSearch" style="document"/>', '<soap:operation soapAction="http://www.tigerpawsoftware.com/MobileContactSearch" style="rpc"/>');
const XML = 'text/xml; charset=utf-8';
const NS = DEFAULT_NAMESPACE;
const op = getOperation('MobileContactSearch');
const ENV = 'http://schemas.xmlsoap.org/soap/envelope/';
const envelope = (body: string) => `<soap:Envelope xmlns:soap="${ENV}"><soap:Body>${body}</soap:Body></soap:Envelope>`;
const GOOD = envelope(`<MobileContactSearchResponse xmlns="${NS}"><MobileContactSearchResult>[]</MobileContactSearchResult></MobileContactSearchResponse>`);

const facts = (text: string, status = 200) => wsdlFacts(response(text, XML, status));
const context = (wsi: 'off' | 'bp11', wsiWsdl?: WsiWsdlFacts) => wsiContextOf(wsiWsdl ? { wsi, wsiWsdl } : { wsi });

function exchange(body: string, o: { transport?: TransportId; status?: number; wsdl?: WsiWsdlFacts; wsi?: 'off' | 'bp11'; soapAction?: string } = {}): Exchange {
  const transport = getTransportById(o.transport ?? 'soap11');
  const request = transport.encode({ namespace: NS }, op, {});
  return {
    operation: op, transport, namespace: NS, kind: 'positive', profile: PROFILES.asmx,
    request: o.soapAction ? { ...request, headers: { ...request.headers, SOAPAction: o.soapAction } } : request,
    response: response(body, XML, o.status ?? 200),
    wsi: context(o.wsi ?? 'off', o.wsdl ?? facts(WSDL)),
  };
}

describe('the facts read from ?WSDL', () => {
  test("the reconstructed WSDL: every operation's soapAction from the SOAP 1.1 binding, no claim", () => {
    const read = facts(WSDL);
    expect(read.claim).toBe(false);
    expect(read.soapActions).toEqual(Object.fromEntries(operations.map((o) => [o.name, soapAction(NS, o)])));
  });

  test('a wsi:Claim to Basic Profile 1.1 is found', () => {
    expect(facts(CLAIMED).claim).toBe(true);
  });

  test('no WSDL: nothing read, and why', () => {
    expect(facts('Not Found', 404)).toEqual({ claim: false, unread: 'GET ?WSDL answered HTTP 404' });
    expect(facts('not xml').unread).toMatch(/^the answer to GET \?WSDL is not XML/);
  });

  test('the context holds the profile for the claim or --wsi bp11, else not', () => {
    expect(context('off', facts(WSDL)).held).toBeUndefined();
    expect(context('off', facts(CLAIMED)).held).toBe('claim');
    expect(context('bp11', facts(WSDL)).held).toBe('flag');
    expect(context('off').held).toBeUndefined();
  });
});

describe('wsi-basic-profile', () => {
  test('silent on a conforming SOAP 1.1 exchange', () => {
    expect(wsiBasicProfile.run(exchange(GOOD))).toEqual({ status: 'passed' });
  });

  test('an unqualified body child: a warning, an error when claimed or under --wsi bp11', () => {
    const bad = envelope('<MobileContactSearchResponse/>');
    const message = 'R1014 (BP1202): unqualified soap:Body child <MobileContactSearchResponse>';
    expect(wsiBasicProfile.run(exchange(bad))).toEqual({ status: 'failed', message, level: 'warning' });
    expect(wsiBasicProfile.run(exchange(bad, { wsdl: facts(CLAIMED) }))).toEqual({ status: 'failed', message, level: 'error' });
    expect(wsiBasicProfile.run(exchange(bad, { wsi: 'bp11' }))).toEqual({ status: 'failed', message, level: 'error' });
  });

  test("a SOAPAction other than the target's WSDL gives fails R2744; without a WSDL read, it is not judged", () => {
    const other = '"http://other.test/MobileContactSearch"';
    expect(wsiBasicProfile.run(exchange(GOOD, { soapAction: other }))).toEqual({ status: 'failed', level: 'warning',
      message: `R2744: SOAPAction: ${other}; the WSDL's soapbind:operation says "${NS}/MobileContactSearch"` });
    expect(wsiBasicProfile.run(exchange(GOOD, { soapAction: other, wsdl: facts('Not Found', 404) }))).toEqual({ status: 'passed' });
  });

  test('applies to SOAP 1.1 only', () => {
    expect(wsiBasicProfile.applies(exchange(GOOD))).toBe(true);
    for (const t of ['soap12', 'get', 'post'] as const) expect(wsiBasicProfile.applies(exchange(GOOD, { transport: t }))).toBe(false);
  });
});

describe('wsi-description', () => {
  const judge = (text: string, o: { status?: number; wsi?: 'off' | 'bp11' } = {}) =>
    wsiDescription.run({ namespace: NS, url: 'http://t.test/api/rmm/tsiWS.asmx?WSDL', response: response(text, XML, o.status ?? 200), profile: PROFILES.asmx, wsi: context(o.wsi ?? 'off', facts(text, o.status)) });

  test('silent on the reconstructed WSDL', () => {
    expect(judge(WSDL)).toEqual({ status: 'passed' });
  });

  test('an rpc operation in a document binding: a warning, an error under --wsi bp11', () => {
    expect(RPC).not.toBe(WSDL);
    const verdict = judge(RPC);
    expect(verdict).toMatchObject({ status: 'failed', level: 'warning' });
    expect((verdict as { message: string }).message).toMatch(/^R2705\/R2706: binding tsiWSSoap mixes rpc and document operations/);
    expect(judge(RPC, { wsi: 'bp11' })).toMatchObject({ status: 'failed', level: 'error' });
  });

  test('skipped when the target serves no WSDL', () => {
    expect(judge('Not Found', { status: 404 })).toEqual({ status: 'skipped', message: 'the target serves no WSDL (GET http://t.test/api/rmm/tsiWS.asmx?WSDL answered HTTP 404)' });
  });
});

describe('what a record keeps', () => {
  const ids = WSI_MESSAGE_ASSERTIONS.map((a) => a.id);
  const message = (body: string, transport: TransportId = 'soap11') => ({ transport, kind: 'positive' as const, request: { method: 'POST' as const, path: '/', headers: { SOAPAction: `"${NS}/MobileContactSearch"` }, body: '' }, response: response(body, XML, 200), resultElement: { ns: NS, name: 'MobileContactSearchResponse' }, bindingSoapAction: `${NS}/MobileContactSearch` });

  test('outside the profile: the reason once', () => {
    expect(wsiRecorded(judgeMessage(message(GOOD, 'get')), (t) => t)).toEqual({ outside: 'HTTP GET: a binding the profile does not cover (SSBP2403)' });
  });

  test('passed ones are left out, the rest kept with why (through `shown`), and expanded back', () => {
    const outcomes = judgeMessage(message(envelope('<MobileContactSearchResponse/>')));
    const recorded = wsiRecorded(outcomes, (t) => t.toUpperCase());
    expect(recorded.other).toEqual([
      { id: 'R1014', result: 'failed', detail: 'UNQUALIFIED SOAP:BODY CHILD <MOBILECONTACTSEARCHRESPONSE>' },
      { id: 'R2712', result: 'prereqFailed', detail: 'PREREQUISITE R1014 FAILED' },
    ]);
    expect(recorded.notApplicable).toEqual(['R1000', 'R1001', 'R1003', 'R1004', 'R2745', 'R1125', 'R1126', 'R4001']);
    expect(wsiOutcomesOfRecorded(recorded, ids).map((o) => [o.id, o.result])).toEqual(outcomes.map((o) => [o.id, o.result]));
  });
});
