/** Runs one case over all its transports side by side and compares them: a case never leaves its
 * worker (or its --shard) half sent, and its parity record is made where its exchanges are. */
import type { Case } from '../../cases/case.js';
import type { RunSettings } from '../../config/settings.js';
import type { HttpClient } from '../../http/send.js';
import { TRANSPORT_IDS, type TransportId } from '../../transports/index.js';
import { parityRecord } from './parity.js';
import type { ExchangeRecord } from '../../results/record.js';
import { runCase } from './run-case.js';
import type { LearnedState } from '../learn/learned-state.js';
import { poolOf } from '../learn/learned-cases.js';
import { needsOwnInstance, ownInstance, TAKEN_DISTINCT, withInstance, type Instance } from '../learn/instances.js';
import { probeConfirmed, probeOnInstance, probesOwnInstance } from '../learn/anchors.js';
import { confirmOnRecord, probeSlot } from '../learn/confirm.js';
import { getOperation } from '../../contract/index.js';
import type { NegativeCase } from '../../cases/case.js';
import { learnedCase } from '../learn/learned-cases.js';
import type { ValuePool } from '../../state/learn.js';

/** Slots of the instances a valid case's transports take (instances.ts): repetition by repetition,
 * so that no two exchanges of a run take the same distinct record. */
export const slotOf = (repetition: number, transportIndex: number): number => repetition * TRANSPORT_IDS.length + transportIndex;

export async function runCaseUnit(settings: RunSettings & { baseUrl: string; learned?: LearnedState }, client: HttpClient, testCase: Case, transports: readonly TransportId[], repetition = 0): Promise<ExchangeRecord[]> {
  // Parity lists the transports in their canonical order, whatever order --transports gave.
  const ordered = TRANSPORT_IDS.filter((t) => transports.includes(t));
  const pool = poolOf(settings.learned);
  const own = pool !== undefined && (testCase.kind === 'positive' ? needsOwnInstance(testCase.operation) : probesOwnInstance(testCase));
  const confirmed = own && testCase.kind === 'negative' && probeConfirmed(testCase);
  const records = await Promise.all(ordered.map(async (t) => {
    const slot = confirmed ? probeSlot(settings, testCase, repetition, TRANSPORT_IDS.indexOf(t)) : slotOf(repetition, TRANSPORT_IDS.indexOf(t));
    const instance = own ? await ownInstance(settings, client, pool, testCase.operation, testCase.values, t, slot, settings.learned?.failure) : undefined;
    const c = !instance ? testCase : testCase.kind === 'positive' ? withInstance(testCase, instance) : probeOnInstance(testCase, instance);
    if (!confirmed || instance?.notApplicable !== undefined) return runCase(settings, client, c, t);
    return runCase(settings, client, { ...(c as NegativeCase), anchorMissing: testCase.anchorMissing! }, t, undefined, () => confirmOnRecord(settings, client, getOperation(c.operation), t, validOn(pool, c.operation, instance!), settings.learned?.failure));
  }));
  const parity = parityRecord(settings, records, testCase.id);
  return parity ? [...records, parity] : records;
}

/** The valid request on a probe's own learned record: the learned valid case with the record's ids. */
function validOn(pool: ValuePool, operation: string, instance: Instance): Record<string, string> {
  const ids = Object.fromEntries(TAKEN_DISTINCT[operation]!.map((p) => [p, instance.values[p]!]));
  return { ...learnedCase(getOperation(operation), pool).values, ...ids };
}
