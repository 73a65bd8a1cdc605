/** xml-no-external-entity in detail: internal DTD subsets pass, external entities and external DTD
 * subsets fire, however they are reached (the check table covers it per transport). */
import { expect, test } from 'vitest';
import type { Exchange } from '../../src/checks/registry.js';
import { xmlNoExternalEntity } from '../../src/checks/xml-no-external-entity.js';
import { getOperation } from '../../src/contract/index.js';
import { PROFILES } from '../../src/profiles/expectations.js';
import { getTransportById, type TransportId } from '../../src/transports/index.js';
import { response } from '../support/http.js';

const NS = 'http://www.tigerpawsoftware.com';
const DECL = '<?xml version="1.0" encoding="utf-8"?>';
const op = getOperation('MobileAccountSearch');
const envelope = (body: string) => `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><MobileAccountSearchResponse xmlns="${NS}"><MobileAccountSearchResult>${body}</MobileAccountSearchResult></MobileAccountSearchResponse></soap:Body></soap:Envelope>`;
const string = (body: string) => `<string xmlns="${NS}">${body}</string>`;

function exchange(transport: TransportId, body: string): Exchange {
  const t = getTransportById(transport);
  return {
    operation: op, transport: t, namespace: NS, kind: 'positive', profile: PROFILES.asmx,
    request: t.encode({ namespace: NS }, op, {}),
    response: response(body, `${t.responseContentType.mediaType}; charset=utf-8`),
  };
}

const rows: Array<[string, TransportId, string, ReturnType<typeof xmlNoExternalEntity.run>]> = [
  ['a plain SOAP answer', 'soap11', DECL + envelope('ok'), { status: 'passed' }],
  ['a DOCTYPE with an internal entity only (soap-no-dtd-or-pi judges the DOCTYPE)', 'soap12', `${DECL}<!DOCTYPE soap:Envelope [<!ENTITY e "ok">]>${envelope('&e;')}`, { status: 'passed' }],
  ['an external entity in a SOAP result', 'soap11', `${DECL}<!DOCTYPE soap:Envelope [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${envelope('&xxe;')}`,
    { status: 'failed', message: 'the response refers to external entity "xxe" ("file:///etc/passwd"); its content depends on a resource outside the message, which this tool never fetches' }],
  ['a GET answer with an internal DTD subset', 'get', `${DECL}\r\n<!DOCTYPE string [<!ENTITY e "ok">]>${string('&e;')}`, { status: 'passed' }],
  ['a declared but unused external entity', 'post', `${DECL}<!DOCTYPE string [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${string('ok')}`, { status: 'passed' }],
  ['an external DTD subset and an external entity used through another entity', 'post',
    `${DECL}<!DOCTYPE string SYSTEM "http://dtd.example/s.dtd" [<!ENTITY x SYSTEM "file:///x"><!ENTITY via "a&x;">]>${string('&via;')}`,
    { status: 'failed', message: 'the response refers to an external DTD subset "http://dtd.example/s.dtd" and external entity "x" ("file:///x"); its content depends on a resource outside the message, which this tool never fetches' }],
  ['a body that is not XML', 'get', '<html><br></html>', { status: 'skipped', message: 'response is not well-formed XML' }],
];

test.each(rows)('%s (%s)', (_label, transport, body, verdict) => {
  const ex = exchange(transport, body);
  expect(xmlNoExternalEntity.applies(ex)).toBe(true);
  expect(xmlNoExternalEntity.run(ex)).toEqual(verdict);
});
