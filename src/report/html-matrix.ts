/**
 * The 20 x 4 matrix of report.html: each operation and transport gets one state from its records
 * (pure). Parity differences count against the transport that differed: a defect makes the cell
 * fail, an inherent ASMX behaviour marks it "inherent" (visible, not failing).
 */
import { operations } from '../contract/index.js';
import { findingsOf, noticesOf, outcomeOf } from '../results/findings.js';
import type { FailOn } from '../results/levels.js';
import type { ExchangeRecord, Records } from '../results/record.js';
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
  /** Exchanges of this operation over this transport (skipped ones included), and how many of
   * each kind, in the order the kinds first came. */
  readonly exchanges: number;
  readonly kinds: ReadonlyArray<readonly [string, number]>;
  /** Exchanges sent, and those of them with findings that fail the run. */
  readonly sent: number;
  readonly failing: number;
  /** The exchanges with a warning or an error, in order: all the page shows of a cell in full (a
   * passing exchange is only counted, so a run's passing records are never all held). */
  readonly flagged: readonly ExchangeRecord[];
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

interface Tally {
  exchanges: number;
  kinds: Map<string, number>;
  sent: number;
  failing: number;
  warnings: number;
  state: CellState;
  flagged: ExchangeRecord[];
  held?: string;
}

const emptyTally = (): Tally => ({ exchanges: 0, kinds: new Map(), sent: 0, failing: 0, warnings: 0, state: 'skipped', flagged: [] });

function count(t: Tally, r: ExchangeRecord, failOn: FailOn): void {
  t.exchanges++;
  t.kinds.set(r.kind, (t.kinds.get(r.kind) ?? 0) + 1);
  if (findingsOf(r, 'warning').length > 0) t.flagged.push(r);
  if (r.skipped) {
    t.held ??= r.skipped;
    return;
  }
  t.sent++;
  if (findingsOf(r, failOn).length > 0) t.failing++;
  t.state = worse(t.state === 'skipped' ? 'pass' : t.state, stateOf(r, failOn));
  t.warnings += noticesOf(r, failOn).filter((c) => c.level === 'warning').length;
}

/** Cells in matrix order: operations as in the contract, transports as TRANSPORT_IDS; one pass
 * over the records (they may be read from disk). */
export function matrixOf(records: Records, failOn: FailOn): Cell[][] {
  const tallies = new Map<string, Tally>();
  const diffs = new Map<string, Array<{ record: ExchangeRecord; difference: ParityDifference }>>();
  const key = (op: string, t: string) => `${op} ${t}`;
  for (const r of records) {
    if (r.parity) {
      for (const d of r.parity.differences) diffs.set(key(r.operation, d.transport), [...(diffs.get(key(r.operation, d.transport)) ?? []), { record: r, difference: d }]);
    } else if (TRANSPORT_IDS.includes(r.transport as TransportId)) {
      const k = key(r.operation, r.transport);
      if (!tallies.has(k)) tallies.set(k, emptyTally());
      count(tallies.get(k)!, r, failOn);
    }
  }
  return operations.map((op) => TRANSPORT_IDS.map((transport): Cell => {
    const t = tallies.get(key(op.name, transport)) ?? emptyTally();
    const differences = diffs.get(key(op.name, transport)) ?? [];
    let state = t.state;
    for (const { difference } of differences) state = worse(state, difference.inherent ? 'inherent' : 'fail');
    return {
      operation: op.name, transport, state, warnings: t.warnings, exchanges: t.exchanges, kinds: [...t.kinds], sent: t.sent, failing: t.failing, flagged: t.flagged, differences,
      ...(t.held !== undefined && t.sent === 0 ? { skippedBecause: t.held } : {}),
    };
  }));
}
