/**
 * What the message assertions need of the target's own WSDL, read once per run in the main process
 * (engine/run/wsi-wsdl.ts) and handed to the workers as plain data in the settings: whether it claims
 * Basic Profile 1.1 (grade.ts), and the soapAction its SOAP 1.1 binding gives each operation
 * (R2744, R2745 compare our SOAPAction header with it).
 */
import { bodyText } from '../../decode/response.js';
import { parseXml } from '../../decode/xml.js';
import type { HttpResponse } from '../../transports/index.js';
import { claimsBasicProfile, heldBy, type WsiHeld } from './grade.js';
import { kid, SOAP_BIND_NS, soapBindings } from './description.js';
import { isSelected, type CheckSelection } from '../selection.js';
import type { WsiProfile } from '../../contract/vocabulary.js';

export interface WsiWsdlFacts {
  /** The WSDL carries a wsi:Claim to Basic Profile 1.1. */
  readonly claim: boolean;
  /** Operation -> the soapAction of its soapbind:operation in the SOAP 1.1 binding, null when it
   * gives none; absent when the WSDL was not read (then `unread` says why). */
  readonly soapActions?: Readonly<Record<string, string | null>>;
  readonly unread?: string;
}

/** The facts of an answer to GET ?WSDL. */
export function wsdlFacts(response: HttpResponse): WsiWsdlFacts {
  if (response.status !== 200) return { claim: false, unread: `GET ?WSDL answered HTTP ${response.status}` };
  const text = bodyText(response);
  const parsed = parseXml(text);
  if (!parsed.ok) return { claim: false, unread: `the answer to GET ?WSDL is not XML (${parsed.error})` };
  const soapActions: Record<string, string | null> = {};
  // The first SOAP 1.1 binding that names an operation gives its soapAction (ASMX publishes one).
  for (const binding of soapBindings(parsed.root)) {
    for (const op of binding.operations) if (!(op.name in soapActions)) soapActions[op.name] = kid(op.el, SOAP_BIND_NS, 'operation')?.attrs['soapAction'] ?? null;
  }
  return { claim: claimsBasicProfile(text), soapActions };
}

/** What every WS-I check of a run reads: why it holds the target to the profile, the WSDL's facts,
 * and which assertions another check of the run judges as the same defect. */
export interface WsiContext {
  readonly held: WsiHeld;
  readonly wsdl: WsiWsdlFacts | undefined;
  /** Whether the run selected a catalog check: a failure whose defect that check finds too
   * (sameDefectAs, of the assertion or of the failure) is that check's finding. */
  readonly judgedElsewhere: (check: string) => boolean;
}

/** The soapAction the message assertions compare with: undefined when no WSDL was read (R2744 and
 * R2745 then miss their input), null when the WSDL gives the operation none. */
export function bindingSoapAction(context: WsiContext | undefined, operation: string): string | null | undefined {
  const actions = context?.wsdl?.soapActions;
  return actions ? actions[operation] ?? null : undefined;
}

// One context per run's settings object: every exchange of a worker shares it.
const contexts = new WeakMap<object, WsiContext>();

/** Whether a check the run selected finds a defect too: then that check's finding is the one. */
function judgedElsewhere(selection: Partial<CheckSelection>): (check: string) => boolean {
  const chosen: CheckSelection = { checks: selection.checks, skipChecks: selection.skipChecks ?? [] };
  return (check) => isSelected(check, chosen);
}

/** The run's WS-I context: --wsi, the facts of the target's WSDL (absent: never read) and the
 * checks selected (absent: all). */
export function wsiContextOf(settings: { readonly wsi: WsiProfile; readonly wsiWsdl?: WsiWsdlFacts } & Partial<CheckSelection>): WsiContext {
  let context = contexts.get(settings);
  if (!context) contexts.set(settings, (context = { held: heldBy(settings.wsi, settings.wsiWsdl?.claim ?? false), wsdl: settings.wsiWsdl, judgedElsewhere: judgedElsewhere(settings) }));
  return context;
}
