/**
 * The anchor store (issue 59, item 1): per operation, a request the target answered with success,
 * kept where the main process sees it succeed (discovery's reads that answered records, the value
 * search's valid requests), first come first kept. The probes built from them: cases/negative.ts.
 * A target that answered no record (an echo) has no anchors: nothing it holds can refuse the
 * values around the one changed, and its probes are judged as they always were.
 */
import { AUTH_PARAMS, getOperation, type Operation } from '../../contract/index.js';
import type { TransportId } from '../../transports/index.js';
import type { Anchor, AnchorSource, AnchorUse } from '../../results/anchor.js';
import type { Anchors } from './learned-state.js';
import type { LearnedState } from './learned-state.js';
import type { NegativeCase } from '../../cases/case.js';
import { MADE_BY, TAKEN_DISTINCT, type Instance } from './instances.js';
import type { ExchangeRecord } from '../../results/record.js';


/** The anchor of a request that succeeded: its values less the authentication parameters. */
export function anchorOf(values: Readonly<Record<string, string>>, transport: TransportId, source: AnchorSource): Anchor {
  return { values: Object.fromEntries(Object.entries(values).filter(([name]) => !AUTH_PARAMS.includes(name))), transport, source };
}

/** `anchors` with the successes given, for the operations that have none yet. */
export function withAnchors(anchors: Anchors | undefined, succeeded: ReadonlyArray<{ readonly op: Operation; readonly values: Readonly<Record<string, string>> }>, transport: TransportId, source: AnchorSource): Anchors {
  const out: Record<string, Anchor> = { ...anchors };
  for (const { op, values } of succeeded) out[op.name] ??= anchorOf(values, transport, source);
  return out;
}

type Learned = Pick<LearnedState, 'pool' | 'anchors' | 'search'>;

/** The anchor of `operation`'s probes, or why it has none; undefined where no anchors are kept
 * (the run learned nothing from the target, or the target answered no record). */
export function anchorUse(learned: Learned | undefined, operation: string): AnchorUse | undefined {
  if (!learned || learned.pool.records.length === 0) return undefined;
  const anchor = learned.anchors?.[operation];
  return anchor ? { anchor } : { anchorMissing: missingAnchor(learned, operation) };
}

/** Which anchor was missing, and what the run knows of why. */
function missingAnchor(learned: Learned, operation: string): string {
  const blocked = learned.search?.blocked[operation];
  const why = blocked ? `the value search left it blocked${blocked.param ? ` at ${blocked.param}` : ''}: '${blocked.message}'`
    : getOperation(operation).class === 'delete' ? 'deletes are never searched, since one that succeeds removes the record it found'
    : 'neither discovery nor the value search saw a request of it answered with success';
  return `no anchor for ${operation}: no request of it is known to succeed (${why}), so a refusal may be the other values' doing`;
}

/** Whether a probe with no anchor is made on a record of its own instead: a delete (or an update)
 * whose record a create makes. Its anchor is never kept (a delete that succeeded removed its
 * record), so each probe's record is made first, as the valid case's is (instances.ts). */
export const probesOwnInstance = (c: NegativeCase): boolean => c.anchorMissing !== undefined && (MADE_BY[c.operation] !== undefined || TAKEN_DISTINCT[c.operation] !== undefined);

/** Whether a probe's own record is a learned one no create makes (a rep's assignment): a refusal
 * on it is confirmed by the valid delete on the same record afterwards (run-unit.ts, confirm.ts). */
export const probeConfirmed = (c: NegativeCase): boolean => c.anchorMissing !== undefined && TAKEN_DISTINCT[c.operation] !== undefined;

/** The probe on its own record: the record's values with the probe's one change, and no missing
 * anchor; or, where the record was not made, still missing one, saying so. */
export function probeOnInstance(c: NegativeCase, instance: Instance): NegativeCase {
  if (instance.notApplicable !== undefined) return { ...c, anchorMissing: `${c.anchorMissing!}; nor was a record of its own ${MADE_BY[c.operation] ? 'made' : 'left to take'}: ${instance.setup}` };
  const spoiled = c.param !== undefined && c.scenario !== 'missing-parameter' ? { [c.param]: c.values[c.param]! } : {};
  const { anchorMissing: _none, ...probe } = c;
  return { ...probe, values: { ...c.values, ...instance.values, ...spoiled } };
}

/** Where the run saw a success the anchors do not hold yet: a valid case answered with success (a
 * delete's, on a record of its own), or a confirmation that succeeded (confirm.ts). Shown in the
 * reports as the operation's anchor; `anchors` with the record's, when it brings one. */
export function withSeenAnchor(anchors: Anchors, r: ExchangeRecord): Anchors {
  if (anchors[r.operation] !== undefined || r.transport === 'parity' || r.transport === 'wsdl' || r.sequence) return anchors;
  const values = r.confirmation?.succeeded ? r.confirmation.values : r.kind === 'positive' && r.dataPath === 'success' ? r.values : undefined;
  return values ? { ...anchors, [r.operation]: anchorOf(values, r.transport as TransportId, 'run') } : anchors;
}
