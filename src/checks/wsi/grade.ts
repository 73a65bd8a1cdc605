/**
 * How much a failed WS-I assertion weighs. The spec names SOAP, XML, XSD and HTTP but not the
 * Basic Profile: a failure is a warning, unless the target claims the profile in its own WSDL (a
 * wsi:Claim, which ASMX writes into the SOAP 1.1 binding when [WebServiceBinding(ConformsTo =
 * WsiProfiles.BasicProfile1_1, EmitConformanceClaims = true)]; System.Web.Services,
 * Description/ProtocolReflector.cs) or the user holds it to the profile (--wsi bp11). Then the
 * claim is held: an error.
 */
import { parseXml, type XmlElement } from '../../decode/xml.js';
import type { Level } from '../../results/levels.js';
import type { WsiProfile } from '../../contract/vocabulary.js';

export const WSI_CLAIM_NS = 'http://ws-i.org/schemas/conformanceClaim/';
export const BASIC_PROFILE_11 = 'http://ws-i.org/profiles/basic/1.1';

/** Why a run holds the target to the profile, or undefined when it does not. */
export type WsiHeld = 'claim' | 'flag' | undefined;

/** Whether a WSDL text carries a wsi:Claim to Basic Profile 1.1, anywhere in it. Observed on Mono
 * 6.8.0.105 (Debian 12), 2026-11-28, for the generated tsiWS.asmx with EmitConformanceClaims = true:
 * one <wsi:Claim conformsTo="http://ws-i.org/profiles/basic/1.1"/> in the wsdl:documentation of the
 * SOAP 1.1 binding (tsiWSSoap), none in the SOAP 1.2 or HTTP bindings, as .NET's ProtocolReflector
 * writes it (fixtures/wsi/mono-6.8-claim.wsdl; reproduce: scripts/asmx/observe-claim.ts). Sought
 * anywhere all the same: the profile lets a claim be attached to other WSDL elements (a port, a
 * portType, an operation, a message). */
export function claimsBasicProfile(wsdlText: string): boolean {
  const parsed = parseXml(wsdlText);
  if (!parsed.ok) return false;
  const walk = (el: XmlElement): boolean =>
    (el.ns === WSI_CLAIM_NS && el.name === 'Claim' && el.attrs['conformsTo'] === BASIC_PROFILE_11) || el.children.some(walk);
  return walk(parsed.root);
}

/** The run's reason to hold the profile: --wsi bp11 or the target's own claim. */
export const heldBy = (flag: WsiProfile, claimed: boolean): WsiHeld => (claimed ? 'claim' : flag === 'bp11' ? 'flag' : undefined);

/** The level of a failed assertion's finding. */
export const wsiLevel = (held: WsiHeld): Level => (held ? 'error' : 'warning');
