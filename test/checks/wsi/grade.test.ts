/** Grading (issue 51): a failed WS-I assertion is a warning unless the target claims the profile or --wsi bp11 holds it. */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { claimsBasicProfile, heldBy, wsiLevel } from '../../../src/checks/wsi/grade.js';

const WSDL = readFileSync(new URL('../../../wsdl/tsiWS.wsdl', import.meta.url), 'utf8');
// Where ASMX writes it with EmitConformanceClaims (System.Web.Services, Description/ProtocolReflector.cs):
// in the SOAP 1.1 binding's wsdl:documentation.
const CLAIMED = WSDL.replace('<wsdl:binding name="tsiWSSoap" type="tns:tsiWSSoap">',
  '<wsdl:binding name="tsiWSSoap" type="tns:tsiWSSoap"><wsdl:documentation><wsi:Claim conformsTo="http://ws-i.org/profiles/basic/1.1" xmlns:wsi="http://ws-i.org/schemas/conformanceClaim/"/></wsdl:documentation>');

test('a WSDL claims Basic Profile 1.1 only with a wsi:Claim to it', () => {
  expect(CLAIMED).not.toBe(WSDL);
  expect(claimsBasicProfile(CLAIMED)).toBe(true);
  expect(claimsBasicProfile(WSDL)).toBe(false);
  expect(claimsBasicProfile(CLAIMED.replace('basic/1.1', 'basic/1.0'))).toBe(false);
  expect(claimsBasicProfile('not xml')).toBe(false);
});

test.each([
  ['off', false, undefined, 'warning'],
  ['off', true, 'claim', 'error'],
  ['bp11', false, 'flag', 'error'],
  ['bp11', true, 'claim', 'error'],
] as const)('--wsi %s, claimed %s: held by %s, a failure is an %s', (flag, claimed, held, level) => {
  expect(heldBy(flag, claimed)).toBe(held);
  expect(wsiLevel(heldBy(flag, claimed))).toBe(level);
});
