/**
 * The WS-I Basic Profile 1.1 message assertions (checks/wsi/, issue 51) as one check of the catalog:
 * each exchange is judged by every assertion, and the failed ones are this check's finding. The
 * spec names SOAP 1.1 but not the profile, so the finding is a warning, unless the target claims
 * the profile in its WSDL or --wsi bp11 holds it (wsi/grade.ts): then an error. An Analyzer
 * `warning` (a SHOULD: R1004, R1111) weighs one level less; an assertion another selected check
 * judges as the same defect (R1008/R1009, R1126; some failures of R2712 and R9980) is named at info, pointing to it (wsi/recorded.ts,
 * wsiVerdict). Every outcome, passed ones too, goes
 * into the record compactly (wsi/recorded.ts) for reports/wsi-report.xml, the other transports'
 * exchanges' too (all notApplicable).
 *
 * Run by default, not only under --wsi: the issue asks `run` itself for reports/wsi-report.xml, and
 * by default a failure is only a warning (it fails no run but under --fail-on warning) unless the
 * target claims the profile, when holding it to its own claim is the point. --wsi bp11 changes the
 * grading only; --skip-checks wsi-basic-profile,wsi-description leaves the WS-I work out (and then
 * no ?WSDL is read for it, engine/run/wsi-wsdl.ts). The cost is one more parse-free pass over each
 * SOAP 1.1 answer's memoised tree and one validation against the SOAP 1.1 envelope schema.
 */
import { judgeMessage } from './wsi/catalog.js';
import { wsiVerdict } from './wsi/recorded.js';
import { bindingSoapAction } from './wsi/wsdl-facts.js';
import type { WsiOutcome } from './wsi/types.js';
import { responseElementName } from '../contract/index.js';
import type { Check, Exchange } from './types.js';

// Judged once per exchange: the check's verdict and the record's outcomes come from the same judging.
const judged = new WeakMap<Exchange, readonly WsiOutcome[]>();

/** Every message assertion's outcome on one exchange. */
export function wsiOutcomesOf(ex: Exchange): readonly WsiOutcome[] {
  let outcomes = judged.get(ex);
  if (!outcomes) {
    outcomes = judgeMessage({
      transport: ex.transport.id, kind: ex.kind, request: ex.request, response: ex.response,
      resultElement: { ns: ex.namespace, name: responseElementName(ex.operation) },
      bindingSoapAction: bindingSoapAction(ex.wsi, ex.operation.name),
    });
    judged.set(ex, outcomes);
  }
  return outcomes;
}

export const wsiBasicProfile: Check = {
  id: 'wsi-basic-profile',
  description: 'The exchange meets the WS-I Basic Profile 1.1 and Simple SOAP Binding Profile 1.0 message assertions (tsiws-conform checks --wsi)',
  enforces: 'WS-I Basic Profile 1.1 sections 3 and 4, Simple SOAP Binding Profile 1.0 (the assertions and their R numbers: tsiws-conform checks --wsi)',
  scope: 'exchange',
  level: 'warning',
  levelReason: "the spec does not name the Basic Profile: a warning, an error when the target's WSDL claims it (wsi:Claim) or under --wsi bp11; a SHOULD one level less; R1008/R1009, R1126 and the R2712 and R9980 failures another check finds (soap-body-single-child, soap-response-element, xsd-valid, soap-fault-shape) info when that check runs, whose error is the same defect's finding",
  // Basic Profile 1.1 binds SOAP 1.1 only: the other transports' exchanges are outside it (SSBP2403),
  // recorded as notApplicable for wsi-report.xml but never judged here.
  applies: (ex) => ex.transport.id === 'soap11',
  appliesText: 'every SOAP 1.1 exchange (SOAP 1.2, GET and POST are outside the profile, SSBP2403)',
  run: (ex) => wsiVerdict(wsiOutcomesOf(ex), ex.wsi),
};
