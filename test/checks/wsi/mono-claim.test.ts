/**
 * The claim as Mono writes it (issue 51): fixtures/wsi/mono-6.8-claim.wsdl is the ?WSDL Mono 6.8.0.105
 * served on 2026-11-28 for the generated tsiWS.asmx declared with [WebServiceBinding(ConformsTo =
 * WsiProfiles.BasicProfile1_1, EmitConformanceClaims = true)] (scripts/asmx/observe-claim.ts). The
 * claim is found, held, and the runtime's own description meets the profile and the contract.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { claimsBasicProfile, WSI_CLAIM_NS } from '../../../src/checks/wsi/grade.js';
import { judgeDescription } from '../../../src/checks/wsi/catalog.js';
import { wsdlFacts, wsiContextOf } from '../../../src/checks/wsi/wsdl-facts.js';
import { compareWsdl } from '../../../src/wsdl/diff.js';
import { parseXml, type XmlElement } from '../../../src/decode/xml.js';
import { DEFAULT_NAMESPACE, operations, soapAction } from '../../../src/contract/index.js';
import { response } from '../../support/http.js';

const MONO = readFileSync(new URL('../../../fixtures/wsi/mono-6.8-claim.wsdl', import.meta.url), 'utf8');
const WITHOUT_CLAIM = MONO.replace(/<wsdl:documentation>\s*<wsi:Claim [^>]*\/>\s*<\/wsdl:documentation>/, '');

test('Mono writes one wsi:Claim, in the wsdl:documentation of the SOAP 1.1 binding (not the SOAP 1.2 or HTTP ones)', () => {
  const parsed = parseXml(MONO);
  if (!parsed.ok) throw new Error(parsed.error);
  const holders: string[] = [];
  const walk = (el: XmlElement, binding: string | undefined) => {
    if (el.ns === WSI_CLAIM_NS && el.name === 'Claim') holders.push(`${binding}:${el.attrs['conformsTo']}`);
    for (const c of el.children) walk(c, el.name === 'binding' ? el.attrs['name'] : binding);
  };
  walk(parsed.root, undefined);
  expect(holders).toEqual(['tsiWSSoap:http://ws-i.org/profiles/basic/1.1']);
  expect(MONO).toMatch(/<wsdl:binding name="tsiWSSoap" type="tns:tsiWSSoap">\s*<wsdl:documentation>\s*<wsi:Claim conformsTo="http:\/\/ws-i.org\/profiles\/basic\/1.1" xmlns:wsi="http:\/\/ws-i.org\/schemas\/conformanceClaim\/" \/>/);
});

test("the claim is found and held; the same WSDL without it is not held (the control)", () => {
  expect(WITHOUT_CLAIM).not.toBe(MONO);
  expect(claimsBasicProfile(MONO)).toBe(true);
  expect(claimsBasicProfile(WITHOUT_CLAIM)).toBe(false);
  const facts = wsdlFacts(response(MONO, 'text/xml; charset=utf-8', 200));
  expect(facts.claim).toBe(true);
  expect(facts.soapActions).toEqual(Object.fromEntries(operations.map((o) => [o.name, soapAction(DEFAULT_NAMESPACE, o)])));
  expect(wsiContextOf({ wsi: 'off', wsiWsdl: facts }).held).toBe('claim');
});

test("Mono's claimed description meets every description assertion and the contract", () => {
  expect(judgeDescription(MONO).filter((o) => o.result !== 'passed' && o.result !== 'notApplicable')).toEqual([]);
  expect(compareWsdl(MONO, DEFAULT_NAMESPACE)).toMatchObject({ drifts: [] });
});
