/**
 * The 20 x 4 matrix of report.html: each operation and transport gets one state from its records
 * (pure). Parity differences count against the transport that differed: a defect makes the cell
 * fail, an inherent ASMX behaviour marks it "inherent" (visible, not failing).
 */
import { operations } from '../contract/index.js';
import { noticesOf, outcomeOf } from '../results/findings.js';
import type { FailOn } from '../results/levels.js';
import type { ExchangeRecord } from '../results/record.js';
import type { ParityDifference } from '../parity/compare.js';
import { TRANSPORT_IDS, type TransportId } from '../transports/index.js';

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
  /** Exchanges of this operation over this transport (skipped ones included). */
  readonly records: readonly ExchangeRecord[];
  /** Parity differences in which this transport was the odd one out, with the case compared. */
  readonly differences: ReadonlyArray<{ readonly record: ExchangeRecord; readonly difference: ParityDifference }>;
  /** Why nothing was sent, when it was held back. */
  readonly skippedBecause?: string;
}

const worse = (a: CellState, b: CellState): CellState => (RANK[b] > RANK[a] ? b : a);

function stateOf(r: ExchangeRecord, failOn: FailOn): CellState {
  const o = outcomeOf(r, failOn);
  return o === 'passed' ? 'pass' : o === 'failed' ? 'fail' : o === 'error' ? 'error' : 'skipped';
}

/** Cells in matrix order: operations as in the contract, transports as TRANSPORT_IDS. */
export function matrixOf(records: readonly ExchangeRecord[], failOn: FailOn): Cell[][] {
  const byCell = new Map<string, ExchangeRecord[]>();
  const diffs = new Map<string, Array<{ record: ExchangeRecord; difference: ParityDifference }>>();
  const key = (op: string, t: string) => `${op} ${t}`;
  for (const r of records) {
    if (r.parity) {
      for (const d of r.parity.differences) diffs.set(key(r.operation, d.transport), [...(diffs.get(key(r.operation, d.transport)) ?? []), { record: r, difference: d }]);
    } else if (TRANSPORT_IDS.includes(r.transport as TransportId)) {
      byCell.set(key(r.operation, r.transport), [...(byCell.get(key(r.operation, r.transport)) ?? []), r]);
    }
  }
  return operations.map((op) => TRANSPORT_IDS.map((transport): Cell => {
    const cellRecords = byCell.get(key(op.name, transport)) ?? [];
    const differences = diffs.get(key(op.name, transport)) ?? [];
    const sent = cellRecords.filter((r) => !r.skipped);
    let state: CellState = sent.length > 0 ? 'pass' : 'skipped';
    for (const r of sent) state = worse(state, stateOf(r, failOn));
    const warnings = sent.reduce((n, r) => n + noticesOf(r, failOn).filter((c) => c.level === 'warning').length, 0);
    for (const { difference } of differences) state = worse(state, difference.inherent ? 'inherent' : 'fail');
    const held = cellRecords.find((r) => r.skipped);
    return { operation: op.name, transport, state, warnings, records: cellRecords, differences, ...(held && sent.length === 0 ? { skippedBecause: held.skipped! } : {}) };
  }));
}
