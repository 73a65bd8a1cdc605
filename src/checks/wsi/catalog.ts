/**
 * The WS-I catalog: every assertion in report order, and the runner that gives each the
 * Analyzer's result (prerequisites first, a failed one making its dependants prereqFailed).
 *
 * The test assertion ids (tad) were checked against the Analyzer itself. The WS-I test assertion
 * document (SSBP10_BP11_TAD.xml) was not readable here, so each pairing was confirmed from what the
 * Eclipse WTP port of the Analyzer (org.eclipse.wst.wsi, internal/core/profile/validator/impl)
 * implements under that id, against the requirement's text:
 *   BP1701 (BP1701.java): validates the envelope against the SOAP 1.1 schema      = R9980
 *   BP1202 (BP1202.java): "Each child element of the soap:Body is namespace qualified" = R1014
 *   BP1309 (BP1309.java): "does not have direct children after the soap:Body"     = R1011
 *   BP1006 (BP1006.java):    fails a SOAPAction header that is not quoted            = R1109
 *   BP1305 (BP1305.java): a soap:Fault must be in an HTTP 500 message             = R1126
 *   BP1011 (BP1011.java):    the soap:Body child is a doc-literal part's element     = R2712
 *   SSBP1003 and SSBP5101 (SSBP1003.java, SSBP5101.java): their assertionDescription
 *   is that of R1012/R1018 and R9702/R9703; they are catalogued under their own ids.
 * Every other entry carries only its R number: its Analyzer id was not confirmed.
 */
import { parseXml } from '../../decode/xml.js';
import { DESCRIPTION_ASSERTIONS } from './description.js';
import { ENVELOPE_ASSERTIONS } from './envelope.js';
import { MESSAGE_ASSERTIONS } from './message.js';
import { notApplicable, type WsiAssertion, type WsiAssertionInfo, type WsiDescription, type WsiJudgement, type WsiMessage, type WsiOutcome } from './types.js';

export const WSI_MESSAGE_ASSERTIONS: ReadonlyArray<WsiAssertion<WsiMessage>> = [...ENVELOPE_ASSERTIONS, ...MESSAGE_ASSERTIONS];
export const WSI_DESCRIPTION_ASSERTIONS: ReadonlyArray<WsiAssertion<WsiDescription>> = DESCRIPTION_ASSERTIONS;
export const WSI_ASSERTIONS: readonly WsiAssertionInfo[] = [...WSI_MESSAGE_ASSERTIONS, ...WSI_DESCRIPTION_ASSERTIONS];

/** Runs `assertions` in order on `subject`; an assertion whose prerequisite failed is not run. Run on
 * every SOAP 1.1 exchange: no array or spread per assertion (issue 52). */
function runAll<S>(assertions: ReadonlyArray<WsiAssertion<S>>, subject: S): WsiOutcome[] {
  const failed = new Set<string>();
  return assertions.map((a) => {
    const failedPrereq = a.prereqs.find((p) => failed.has(p));
    const judged: WsiJudgement = failedPrereq ? { result: 'prereqFailed', detail: `prerequisite ${failedPrereq} failed` } : a.judge(subject);
    if (judged.result === 'failed' || judged.result === 'prereqFailed') failed.add(a.id);
    return Object.assign({ id: a.id }, judged);
  });
}

/** The outcomes of an exchange outside the profile, the same for every such exchange: made once. */
const outsideOutcomes = new Map<string, readonly WsiOutcome[]>();

/** Basic Profile 1.1 binds SOAP 1.1 over HTTP only: SOAP 1.2, HTTP GET and HTTP POST exchanges
 * are outside it (SSBP2403), every assertion notApplicable. */
export function judgeMessage(message: WsiMessage): readonly WsiOutcome[] {
  if (message.transport === 'soap11') return runAll(WSI_MESSAGE_ASSERTIONS, message);
  const outside = message.transport === 'soap12' ? 'SOAP 1.2: Basic Profile 1.1 covers SOAP 1.1 only'
    : `HTTP ${message.transport.toUpperCase()}: a binding the profile does not cover (SSBP2403)`;
  let outcomes = outsideOutcomes.get(outside);
  if (!outcomes) outsideOutcomes.set(outside, (outcomes = Object.freeze(WSI_MESSAGE_ASSERTIONS.map((a) => Object.freeze({ id: a.id, ...notApplicable(outside) })))));
  return outcomes;
}

/** The description assertions on a WSDL text; not a WSDL: every one missingInput. */
export function judgeDescription(wsdlText: string): WsiOutcome[] {
  const parsed = parseXml(wsdlText);
  if (!parsed.ok) return WSI_DESCRIPTION_ASSERTIONS.map((a) => ({ id: a.id, result: 'missingInput', detail: `the WSDL is not well-formed XML (${parsed.error})` }));
  return runAll(WSI_DESCRIPTION_ASSERTIONS, { root: parsed.root });
}
