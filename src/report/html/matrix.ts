/**
 * The 20 x 4 matrix of report.html: each operation and transport gets one state from its records
 * (pure). Parity differences count against the transport that differed: a defect makes the cell
 * fail, an inherent ASMX behaviour marks it "inherent" (visible, not failing).
 */
import { operations } from '../../contract/index.js';
import type { ExchangeRecord } from '../../results/record.js';
import { TRANSPORT_IDS, type TransportId } from '../../transports/index.js';
import type { RunDigest } from '../digest/digest.js';
import type { ParityDifference } from '../../results/differences.js';

export type CellState = 'pass' | 'fail' | 'error' | 'inherent' | 'skipped';

export const STATE_LABEL: Readonly<Record<CellState, string>> = {
  pass: 'pass',
  fail: 'fail',
  error: 'error',
  inherent: 'inherent difference',
  skipped: 'skipped / not run',
};

export const STATE_HELP: Readonly<Record<CellState, string>> = {
  pass: 'every exchange passed every check',
  fail: 'at least one check failed, or the transport differed from the others in a way the profile counts as a defect',
  error: 'an exchange could not complete (timeout, reset, unreadable) or a check crashed',
  inherent: 'all checks passed; the transport differs from the others only in ways every ASMX host does (see the evidence)',
  skipped: 'nothing was sent: not selected for this run, or held back (a mutating operation without --allow-mutations)',
};

const RANK: Readonly<Record<CellState, number>> = { skipped: 0, pass: 1, inherent: 2, fail: 3, error: 4 };

export const TRANSPORT_LABEL: Readonly<Record<TransportId, string>> = { soap11: 'SOAP 1.1', soap12: 'SOAP 1.2', get: 'HTTP GET', post: 'HTTP POST' };

export interface Cell {
  readonly operation: string;
  readonly transport: TransportId;
  readonly state: CellState;
  /** Warnings that did not fail the run (ASMX behaviour where the contract is silent): a badge. */
  readonly warnings: number;
  /** Exchanges of this operation over this transport (skipped ones included), how many were sent,
   * how many had findings that fail the run, and how many of each kind (in the order kinds came). */
  readonly exchanges: number;
  readonly sent: number;
  readonly withFindings: number;
  readonly byKind: ReadonlyMap<string, number>;
  /** The cell's records with findings at the warning level or above, in report order: shown in full. */
  readonly failing: readonly ExchangeRecord[];
  /** Parity differences in which this transport was the odd one out, with the case compared. */
  readonly differences: ReadonlyArray<{ readonly record: ExchangeRecord; readonly difference: ParityDifference }>;
  /** Why nothing was sent, when it was held back. */
  readonly skippedBecause?: string;
}

const worse = (a: CellState, b: CellState): CellState => (RANK[b] > RANK[a] ? b : a);

/** Cells in matrix order: operations as in the contract, transports as TRANSPORT_IDS; made from
 * the run's digest (its counts, and the records it keeps because they have findings) and the
 * parity records whose transports differed (`differing`, read back at digest.differingAt). */
export function matrixOf(digest: RunDigest, differing: Iterable<ExchangeRecord>): Cell[][] {
  const failing = new Map<string, ExchangeRecord[]>();
  const diffs = new Map<string, Array<{ record: ExchangeRecord; difference: ParityDifference }>>();
  const key = (op: string, t: string) => `${op} ${t}`;
  const push = <T>(map: Map<string, T[]>, k: string, item: T) => map.set(k, [...(map.get(k) ?? []), item]);
  // A 'reference' record is detailed in its own section (html/reference.ts), not as a cell's finding.
  for (const r of digest.kept) if (TRANSPORT_IDS.includes(r.transport as TransportId) && !r.parity && r.kind !== 'reference') push(failing, key(r.operation, r.transport), r);
  for (const r of differing) for (const d of r.parity!.differences) push(diffs, key(r.operation, d.transport), { record: r, difference: d });
  return operations.map((op) => TRANSPORT_IDS.map((transport): Cell => {
    const tally = digest.cell(op.name, transport);
    const differences = diffs.get(key(op.name, transport)) ?? [];
    const exchanges = tally?.total ?? 0;
    const sent = exchanges - (tally?.outcomes.skipped ?? 0);
    // Only sent records decide the state: error over fail over pass.
    let state: CellState = sent === 0 ? 'skipped' : tally!.outcomes.error > 0 ? 'error' : tally!.outcomes.failed > 0 ? 'fail' : 'pass';
    for (const { difference } of differences) state = worse(state, difference.inherent ? 'inherent' : 'fail');
    return {
      operation: op.name, transport, state, warnings: tally?.warnings ?? 0, exchanges, sent, withFindings: tally?.withFindings ?? 0, byKind: tally?.byKind ?? new Map(),
      failing: failing.get(key(op.name, transport)) ?? [], differences,
      ...(tally?.firstSkipped !== undefined && sent === 0 ? { skippedBecause: tally.firstSkipped } : {}),
    };
  }));
}
