/** The anchors a run's probes were built from (engine/learn/anchors.ts), as reports show them: per
 * operation the non-secret values of the request the target answered with success, where that was
 * seen and over which transport. The authentication parameters never are in an anchor, and fixed
 * secrets are redacted before it gets here (session/run-and-report.ts, discoveryInfo). */
import type { Anchor } from '../../results/anchor.js';
import { MADE_BY, TAKEN_DISTINCT } from '../../engine/learn/instances.js';

export type AnchorsInfo = Readonly<Record<string, Anchor>>;

const VALUE_CHARS = 40;
const clip = (s: string): string => (s.length > VALUE_CHARS ? `${s.slice(0, VALUE_CHARS)}…` : s);

/** `accountnumber=1001, email=a@b.example (search, soap11)`: one anchor in a line. */
export const anchorText = (a: Anchor): string => {
  const values = Object.entries(a.values).map(([p, v]) => `${p}=${clip(v)}`).join(', ');
  return `${values === '' ? 'no parameters' : values} (${a.source}, ${a.transport})`;
};

/** The selected operations without an anchor, and without a create to make each probe's record. */
export const withoutAnchor = (anchors: AnchorsInfo, operations: readonly string[]): string[] => operations.filter((op) => anchors[op] === undefined && madePerProbe(op) === undefined);

/** What an operation with no anchor is probed on instead, when a probe has a record of its own:
 * `a record made for each probe: MobileContactEmailCreate makes each probe's emailid` (engine/learn/anchors.ts,
 * probeOnInstance), or a learned one each probe takes, its refusal confirmed (engine/learn/confirm.ts). */
export const madePerProbe = (operation: string): string | undefined => {
  const made = MADE_BY[operation];
  const taken = TAKEN_DISTINCT[operation];
  return made ? `a record made for each probe: ${made.create} makes each probe's ${made.param}`
    : taken ? `a learned record for each probe: each takes a ${taken.join(' and ')} of its own, and the valid ${operation} on it confirms a refusal` : undefined;
};

/** `Anchors: 20 of 20 operations have a request known to succeed (discovery 10, search 8, run 2)`;
 * with some missing: `…; a refused probe of the others is inconclusive: MobileTimeLogCreate`. */
export function anchorsLine(anchors: AnchorsInfo, operations: readonly string[]): string {
  const anchored = operations.filter((op) => anchors[op] !== undefined);
  const from = (source: Anchor['source']) => anchored.filter((op) => anchors[op]!.source === source).length;
  const missing = withoutAnchor(anchors, operations);
  const made = operations.filter((op) => anchors[op] === undefined && madePerProbe(op) !== undefined);
  return `Anchors: ${anchored.length} of ${operations.length} operation${operations.length === 1 ? '' : 's'} ${anchored.length === 1 ? 'has' : 'have'} a request known to succeed (discovery ${from('discovery')}, search ${from('search')}${from('run') > 0 ? `, run ${from('run')}` : ''})${made.length > 0 ? `; probed on a record of each probe's own: ${made.join(', ')}` : ''}${missing.length > 0 ? `; a refused probe of the others is inconclusive: ${missing.join(', ')}` : ''}`;
}
