/**
 * The WS-I Basic Profile 1.1 description assertions (checks/wsi/description.ts, issue 51) on the
 * target's ?WSDL, once per run, graded as the message assertions are (wsi-basic-profile.ts).
 */
import { bodyText } from '../decode/response.js';
import { judgeDescription } from './wsi/catalog.js';
import { wsiVerdict } from './wsi/recorded.js';
import type { WsiOutcome } from './wsi/types.js';
import { skip, type ServiceCheck, type ServiceExchange } from './types.js';

const judged = new WeakMap<ServiceExchange, WsiOutcome[] | undefined>();

/** Every description assertion's outcome on the WSDL; undefined when the target serves none. */
export function wsiDescriptionOutcomesOf(ex: ServiceExchange): WsiOutcome[] | undefined {
  if (!judged.has(ex)) judged.set(ex, ex.response.status === 200 ? judgeDescription(bodyText(ex.response)) : undefined);
  return judged.get(ex);
}

export const wsiDescription: ServiceCheck = {
  id: 'wsi-description',
  description: "The target's WSDL (?WSDL) meets the WS-I Basic Profile 1.1 description assertions (tsiws-conform checks --wsi)",
  enforces: 'WS-I Basic Profile 1.1 sections 4.2 to 4.7, for the SOAP 1.1 binding (the SOAP 1.2 and HTTP bindings are outside the profile)',
  scope: 'service',
  level: 'warning',
  levelReason: "the spec does not name the Basic Profile: a warning, an error when the target's WSDL claims it (wsi:Claim) or under --wsi bp11",
  appliesText: 'the service, once per run',
  run(ex) {
    const outcomes = wsiDescriptionOutcomesOf(ex);
    // The spec does not require a published WSDL (wsdl-matches-contract notes it the same way).
    return outcomes ? wsiVerdict(outcomes, ex.wsi) : skip(`the target serves no WSDL (GET ${ex.url} answered HTTP ${ex.response.status})`);
  },
};
