/**
 * Each transport its own instance (issue 37): a delete case sent over four transports must delete
 * four records, or the first transport deletes the e-mail and the three others rightly answer
 * "unknown emailid", which parity would blame on the service. So before a case of these
 * operations, its setup makes the record it works on, over the same transport, or takes a
 * distinct learned one where the contract has no operation that makes it.
 */
import type { PositiveCase } from '../../cases/case.js';
import type { SettingsOf } from '../../config/settings.js';
import { getOperation } from '../../contract/index.js';
import type { HttpClient } from '../../http/send.js';
import { isIdParam, recordsOf, type ValuePool } from '../../state/learn.js';
import { TRANSPORT_IDS, type TransportId } from '../../transports/index.js';
import { isInBandFailure, type FailureSignature } from '../../state/in-band.js';
import { learnedCase } from './learned-cases.js';
import { sendPlain } from '../send/plain-send.js';
import { mirrorSetup } from '../reference/reference.js';

/** Operations whose record a create makes: the parameter naming it, and the create. Inferred from
 * the names (the spec shows no semantics): MobileContactEmailCreate makes what emailid names. */
export const MADE_BY: Readonly<Record<string, { readonly param: string; readonly create: string }>> = {
  MobileContactEmailUpdate: { param: 'emailid', create: 'MobileContactEmailCreate' },
  MobileContactEmailDelete: { param: 'emailid', create: 'MobileContactEmailCreate' },
};

/** Deletes of records no operation of the contract makes: each transport takes a distinct learned
 * record with these parameters (the discovery step learns them from the task list's assignments). */
export const TAKEN_DISTINCT: Readonly<Record<string, readonly string[]>> = {
  MobileServiceOrderRepAssignedDelete: ['reptodelete', 'sonumber'],
};

export const needsOwnInstance = (operation: string): boolean => operation in MADE_BY || operation in TAKEN_DISTINCT;

/** The setup's outcome: the id it made (or took), or why there is none. */
export interface Instance {
  readonly values: Readonly<Record<string, string>>;
  /** One line for the report: what the setup did. */
  readonly setup: string;
  /** Why the case has no record of its own: it is then not sent (issue 49). Naming a learned record
   * instead would have four transports share one, and the first to delete it leaves the others an
   * "unknown emailid" that parity blames on the service. */
  readonly notApplicable?: string;
}

/** Makes (or takes) the record `operation`'s case works on over `transport`; `slot` tells instances
 * apart (distinct records for distinct slots), the same slot giving the same record. */
export async function ownInstance(settings: SettingsOf<'target' | 'auth' | 'access' | 'reports' | 'safety'>, client: HttpClient, pool: ValuePool, operation: string, values: Readonly<Record<string, string>>, transport: TransportId, slot: number, failure?: FailureSignature): Promise<Instance> {
  const made = MADE_BY[operation];
  if (made) {
    const create = getOperation(made.create);
    const madeWith = learnedCase(create, pool, slot).values;
    const answer = await sendPlain(settings, client, create, transport, madeWith);
    // An in-band failure is no record made, whatever ids it quotes ("contact 12 has no account 3").
    const id = answer.text === null || isInBandFailure(answer.text, failure) ? undefined : idOf(made.create, made.param, answer.text);
    if (id === undefined) {
      const setup = `${made.create} over ${transport} made no ${made.param} (${answer.problem ?? `answer: ${answer.shown ?? ''}`})`;
      return { values, setup, notApplicable: `its setup did not succeed: ${setup}` };
    }
    // The reference (issue 38) makes its own record, unless the caller does not ask it (fuzz samples).
    await mirrorSetup(settings, client, create, transport, madeWith, made.param, id);
    // The case names the record as the create made it: the e-mail's contact is the one it was made for.
    const shared = Object.fromEntries(Object.entries(madeWith).filter(([name]) => name in values && isIdParam(name)));
    return { values: { ...values, ...shared, [made.param]: id }, setup: `${made.create} over ${transport} made ${made.param} ${id}` };
  }
  const params = TAKEN_DISTINCT[operation];
  if (params) {
    const op = getOperation(operation);
    // A case's transports take their records as a group: either every one of them gets a record of
    // its own, or none does and none is sent, so that they still agree.
    const groupLast = slot - (slot % TRANSPORT_IDS.length) + TRANSPORT_IDS.length - 1;
    const group = pool.distinct(op, params, groupLast + 1);
    const taken = group.length > groupLast ? group[slot] : undefined;
    if (!taken) {
      const setup = `no distinct learned ${params.join(' and ')} for each transport (slot ${slot})`;
      return { values, setup, notApplicable: `${setup}: there is no record of its own to work on` };
    }
    const chosen = Object.fromEntries(params.map((p) => [p, taken[p]!]));
    return { values: { ...values, ...chosen }, setup: `took learned ${params.map((p) => `${p} ${chosen[p]}`).join(', ')}` };
  }
  return { values, setup: '' };
}

function idOf(create: string, param: string, text: string): string | undefined {
  return recordsOf(create, text).find((r) => r.fields[param] !== undefined)?.fields[param];
}

/** The case with its instance's values and what its setup did. */
export const withInstance = (c: PositiveCase, instance: Instance): PositiveCase =>
  ({ ...c, values: instance.values, ...(instance.setup ? { setup: instance.setup } : {}), ...(instance.notApplicable ? { notApplicable: instance.notApplicable } : {}) });
