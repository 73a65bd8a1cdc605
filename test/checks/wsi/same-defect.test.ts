/**
 * One defect, one finding (issue 51): R1008/R1009 and R1126 judge what soap-no-dtd-or-pi and
 * fault-status judge; R2712 and R9980, failure by failure, what soap-body-single-child, xsd-valid
 * and soap-fault-shape judge (issue 59: a defect the catalog catches fails its assertion too). A broken response gets the other check's error, wsi-basic-profile names the
 * assertion at info pointing to it, and the assertion stays failed in the record's WS-I outcomes;
 * without the other check (--skip-checks), the assertion is wsi-basic-profile's finding again.
 */
import { describe, expect, test } from 'vitest';
import { wsiBasicProfile, wsiOutcomesOf } from '../../../src/checks/wsi-basic-profile.js';
import { wsiContextOf } from '../../../src/checks/wsi/wsdl-facts.js';
import { selected } from '../../../src/checks/runner.js';
import { evaluate } from '../../../src/checks/evaluate.js';
import { checks as allChecks } from '../../../src/checks/registry.js';
import type { Exchange } from '../../../src/checks/types.js';
import { DEFAULT_NAMESPACE, getOperation, soapAction } from '../../../src/contract/index.js';
import { PROFILES } from '../../../src/profiles/expectations.js';
import { getTransportById } from '../../../src/transports/index.js';
import { response } from '../../support/http.js';

const NS = DEFAULT_NAMESPACE;
const op = getOperation('MobileContactSearch');
const ENV = 'http://schemas.xmlsoap.org/soap/envelope/';
const envelope = (body: string) => `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${ENV}"><soap:Body>${body}</soap:Body></soap:Envelope>`;
const GOOD = envelope(`<MobileContactSearchResponse xmlns="${NS}"><MobileContactSearchResult>[]</MobileContactSearchResult></MobileContactSearchResponse>`);
const WITH_PI = GOOD.replace('?>', '?><?xml-stylesheet type="text/xsl" href="/soap.xsl"?>');
const FAULT = envelope('<soap:Fault><faultcode>soap:Server</faultcode><faultstring>boom</faultstring></soap:Fault>');
const TWO_CHILDREN = GOOD.replace('</soap:Body>', `<ServerTime xmlns="${NS}">2024-05-17T09:30:00</ServerTime></soap:Body>`);
const MISNAMED_RESULT = GOOD.replace(/(<\/?MobileContactSearch)Result>/g, '$1Return>');
const NO_FAULTSTRING = FAULT.replace('<faultstring>boom</faultstring>', '');
const wsdl = { claim: false, soapActions: { [op.name]: soapAction(NS, op) } };

type Selection = { wsi?: 'off' | 'bp11'; skipChecks?: string[]; kind?: 'positive' | 'negative' };

function judged(body: string, status: number, s: Selection = {}) {
  const settings = { wsi: s.wsi ?? 'off', wsiWsdl: wsdl, checks: undefined, skipChecks: s.skipChecks ?? [] };
  const transport = getTransportById('soap11');
  const ex: Exchange = {
    operation: op, transport, namespace: NS, kind: s.kind ?? 'positive', profile: PROFILES.asmx,
    request: transport.encode({ namespace: NS }, op, {}), response: response(body, 'text/xml; charset=utf-8', status), wsi: wsiContextOf(settings),
  };
  const outcomes = evaluate(ex, selected(allChecks, settings));
  const failed = Object.fromEntries(outcomes.filter((o) => o.status === 'failed').map((o) => [o.id, o.level]));
  return { failed, outcomes, wsi: wsiOutcomesOf(ex) };
}

const messageOf = (outcomes: ReturnType<typeof judged>['outcomes'], id: string) => outcomes.find((o) => o.id === id)?.message;

describe.each([
  ['a processing instruction in the envelope', WITH_PI, 200, 'R1008/R1009', 'soap-no-dtd-or-pi'],
  ['a fault with HTTP 200', FAULT, 200, 'R1126', 'fault-status'],
  ['a second soap:Body child', TWO_CHILDREN, 200, 'R2712', 'soap-body-single-child'],
  ['a response element its declaration refuses (<Op>Return)', MISNAMED_RESULT, 200, 'R2712', 'xsd-valid'],
  ['a fault without faultstring', NO_FAULTSTRING, 500, 'R9980', 'soap-fault-shape'],
] as const)('%s', (_name, body, status, assertion, check) => {
  test.each(['off', 'bp11'] as const)(`--wsi %s: ${check}'s error is the finding; wsi-basic-profile points to it at info; ${assertion} still failed`, (wsi) => {
    const { failed, outcomes, wsi: recorded } = judged(body, status, { wsi });
    expect(failed[check]).toBe('error');
    expect(failed['wsi-basic-profile']).toBe('info');
    expect(messageOf(outcomes, 'wsi-basic-profile')).toContain(`(the same defect is ${check}'s finding)`);
    expect(recorded.find((o) => o.id === assertion)?.result).toBe('failed');
  });

  test(`--skip-checks ${check}: ${assertion} is wsi-basic-profile's finding again (an error under --wsi bp11)`, () => {
    const { failed, outcomes } = judged(body, status, { wsi: 'bp11', skipChecks: [check] });
    expect(failed[check]).toBeUndefined();
    expect(failed['wsi-basic-profile']).toBe('error');
    expect(messageOf(outcomes, 'wsi-basic-profile')).not.toContain('the same defect');
  });
});

test('an invalid request answered with a refused payload: xsd-valid does not judge it, so R2712 is wsi-basic-profile\'s own finding', () => {
  const { failed, outcomes, wsi } = judged(MISNAMED_RESULT, 200, { kind: 'negative' });
  expect(failed['xsd-valid']).toBeUndefined();
  expect(failed['wsi-basic-profile']).toBe('warning');
  expect(messageOf(outcomes, 'wsi-basic-profile')).not.toContain('the same defect');
  expect(wsi.find((o) => o.id === 'R2712')?.result).toBe('failed');
});

test('a correct response: both checks silent, every WS-I assertion passed or notApplicable', () => {
  for (const [body, status] of [[GOOD, 200], [FAULT, 500]] as const) {
    const { failed, outcomes, wsi } = judged(body, status, { wsi: 'bp11' });
    expect(failed['soap-no-dtd-or-pi']).toBeUndefined();
    expect(failed['fault-status']).toBeUndefined();
    // xsd-valid holds a valid request's answer to its result element: a fault is not-a-fault's to judge.
    for (const check of ['soap-body-single-child', 'soap-fault-shape', ...(body === GOOD ? ['xsd-valid'] : [])]) expect(failed[check]).toBeUndefined();
    expect(outcomes.find((o) => o.id === wsiBasicProfile.id)?.status).toBe('passed');
    expect(wsi.filter((o) => o.result !== 'passed' && o.result !== 'notApplicable')).toEqual([]);
  }
});
