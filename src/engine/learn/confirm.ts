/**
 * Probes of a delete on a learned record of its own (issue 59, item 1). A delete whose record no
 * operation of the contract makes (a rep's assignment to a service order) has no anchor: a delete
 * that succeeded removed its record, and nothing makes another. So each probe takes a distinct
 * learned record (instances.ts, TAKEN_DISTINCT), and once it is answered the valid delete is sent
 * on that same record: its success shows every value but the probe's one change was good, so the
 * probe's refusal was that change's doing (conclusive), and it is the operation's anchor in the
 * reports (anchors.ts, withSeenAnchor). A refused confirmation leaves the probe inconclusive,
 * saying so. The record is gone either way once it succeeded: the probes take their own slots.
 */
import type { SettingsOf } from '../../config/settings.js';
import { AUTH_PARAMS, getOperation, type Operation } from '../../contract/index.js';
import type { HttpClient } from '../../http/send.js';
import type { Confirmation } from '../../results/record.js';
import { isInBandFailure, type FailureSignature } from '../../state/in-band.js';
import { TRANSPORT_IDS, type TransportId, type WireValues } from '../../transports/index.js';
import { negativeCases } from '../../cases/negative.js';
import type { NegativeCase } from '../../cases/case.js';
import { sendPlain } from '../send/plain-send.js';
import type { Exchange } from '../../checks/types.js';
import { codecFor, decodedOf } from '../../checks/observe.js';
import { faultForm, isBusinessFault } from '../../state/business-fault.js';

/** The instance slot of a confirmed probe over the transport at `transportIndex`: after the valid
 * cases' slots and the first repetition's planned fuzz samples (fuzz.ts takes them from
 * slotOf(repeat, 0), one per transport a sample), one group of slots per probe of the operation and
 * repetition. A fuzz property that shrinks a failure may reach into them; its run has a finding then. */
export function probeSlot(settings: { readonly repeat: number; readonly runs: number }, c: NegativeCase, repetition: number, transportIndex: number): number {
  const ids = probeIds(c.operation);
  // A repetition's case id ends in -r2, -r3 (plan.ts, repetitionId).
  const index = Math.max(0, ids.indexOf(c.id.replace(/-r\d+$/, '')));
  // run-unit.ts's slotOf(repeat, 0): the first slot past the valid cases'.
  return (settings.repeat + settings.runs + repetition * ids.length + index) * TRANSPORT_IDS.length + transportIndex;
}

/** How many distinct records `operation` takes in a run, at most: one per slot probeSlot and the
 * valid cases' and fuzz samples' slots before them reach (discover.ts reads more when it has fewer). */
export const slotsTaken = (settings: { readonly repeat: number; readonly runs: number }, operation: string): number =>
  (settings.repeat + settings.runs + settings.repeat * probeIds(operation).length) * TRANSPORT_IDS.length;

const idsOf = new Map<string, readonly string[]>();
/** The ids of every probe of `operation`, authentication's included, in their fixed order. */
function probeIds(operation: string): readonly string[] {
  let ids = idsOf.get(operation);
  if (!ids) {
    ids = negativeCases(getOperation(operation), { auth: true }).map((c) => c.id);
    idsOf.set(operation, ids);
  }
  return ids;
}

/** Sends the valid request `values` (the probe's record, every other value valid) over `transport`
 * and says whether the target answered it with success. */
export async function confirmOnRecord(settings: SettingsOf<'target' | 'auth' | 'access' | 'reports'>, client: HttpClient, op: Operation, transport: TransportId, values: WireValues, failure: FailureSignature | undefined): Promise<Confirmation> {
  const answer = await sendPlain(settings, client, op, transport, values);
  const succeeded = answer.text !== null && !isInBandFailure(answer.text, failure);
  const record = Object.entries(values).filter(([p]) => !AUTH_PARAMS.includes(p)).map(([p, v]) => `${p} ${v}`).join(', ');
  const answered = succeeded ? 'succeeded' : `was refused (${answer.problem ?? `answer: ${answer.shown ?? ''}`})`;
  return { values: Object.fromEntries(Object.entries(values).filter(([p]) => !AUTH_PARAMS.includes(p))), succeeded, line: `the valid ${op.name} on the probe's own record (${record}) then ${answered}` };
}

/**
 * Who refused a probe, and so whether its record's confirmation is worth the record (issue 59):
 * `service`, the service's own refusal (its learned in-band failure, or a learned business fault):
 * it might be the record's doing, so the valid delete on it is sent after; `runtime`, ASMX's own
 * refusal of a value (a conversion fault, "Missing parameter" over GET/POST): conclusive as it is,
 * since the runtime reads the values before any record is looked at, and the one it could not read
 * is the probe's change (every other value is the record's, valid); `other`, a success or a crash,
 * which no confirmation makes a refusal (a success removed the record besides).
 */
export function refusalBy(ex: Exchange): 'service' | 'runtime' | 'other' {
  const decoded = decodedOf(ex);
  if (decoded.kind === 'result') return decoded.text !== null && isInBandFailure(decoded.text, ex.failure) ? 'service' : 'other';
  if (decoded.kind !== 'fault') return 'other';
  // A fault in the other SOAP version's envelope answers no web method (state/business-fault.ts).
  const fault = { code: decoded.code, reason: decoded.reason, otherVersion: ex.transport.dialect !== undefined && codecFor(ex).dialect !== ex.transport.dialect };
  if (faultForm(fault) === 'asmx') return 'runtime';
  return isBusinessFault(fault, ex.businessFault) ? 'service' : 'other';
}
