/**
 * Which of the selected operation x transport cells a run sent nothing to, and why (pure). A run
 * that conforms but left cells out (mutating operations held back without --allow-mutations, a run
 * cut short by --max-duration or a signal, suites that send no request) only conforms partially:
 * its verdict must not read like one that covered everything.
 */
import type { ExchangeRecord } from '../../results/record.js';
import type { ShardRun } from '../../regression/merge.js';

/** What of a run section (summary.ts's RunInfo) says why a cell was not covered: named here, so that
 * summary.ts, which imports this file, is not imported back. */
type CoverageRun = Pick<ShardRun, 'configuration' | 'incomplete'> & { readonly failure?: { readonly code: string }; readonly kind?: 'observed' };

export interface NotCoveredCell {
  readonly operation: string;
  readonly transport: string;
  readonly reason: string;
}

const SENDING_SUITES = ['positive', 'negative', 'fuzz'];

const listed = (run: Pick<ShardRun, 'configuration'>, key: string): string[] => {
  const value = run.configuration[key];
  return Array.isArray(value) ? value.map(String) : [];
};

/** Why a cell without a single record got none: what the run's own settings and ending say. */
function reasonForNoRecord(run: CoverageRun): string {
  if (run.failure) return `the run ended before its first test (${run.failure.code})`;
  if (run.incomplete) return `not reached: ${run.incomplete.reason}`;
  const { baseline, traffic, shard } = run.configuration as { baseline?: string; traffic?: string; shard?: { index: number; count: number } };
  if (baseline) return `the baseline in ${baseline} recorded no case for it`;
  if (traffic) return `the captured traffic in ${traffic} has no call of it over this transport`;
  if (shard) return `dealt to another shard than ${shard.index}/${shard.count} (merge-reports joins the shards)`;
  const suites = listed(run, 'suites');
  if (suites.length > 0 && !suites.some((s) => SENDING_SUITES.includes(s))) return `--suites ${suites.join(',')} sends no request to an operation`;
  return 'no request was sent';
}

/** The selected cells (configuration.operations x configuration.transports) with no exchange sent. */
export function notCoveredCells(records: readonly ExchangeRecord[], run: CoverageRun): NotCoveredCell[] {
  const sent = new Set<string>();
  const skipReason = new Map<string, string>();
  for (const r of records) {
    if (r.kind === 'service' || r.kind === 'reference' || r.transport === 'parity') continue;
    const key = `${r.operation} ${r.transport}`;
    if (!r.skipped) sent.add(key);
    else if (!skipReason.has(key)) skipReason.set(key, r.skipped);
  }
  return notCoveredOf((key) => sent.has(key), (key) => skipReason.get(key), run);
}

/** The selected cells not sent, given which `<operation> <transport>` were sent and the first
 * skip reason of each (kept by notCoveredCells, or by the run digest as records arrive). */
export function notCoveredOf(wasSent: (key: string) => boolean, skipped: (key: string) => string | undefined, run: CoverageRun): NotCoveredCell[] {
  const cells: NotCoveredCell[] = [];
  // Observed traffic (tsiws-conform proxy) selects nothing: a cell no client used is no gap in it.
  if (run.kind === 'observed') return cells;
  for (const operation of listed(run, 'operations')) {
    for (const transport of listed(run, 'transports')) {
      const key = `${operation} ${transport}`;
      if (!wasSent(key)) cells.push({ operation, transport, reason: skipped(key)?.replace(/^not sent: /, '') ?? reasonForNoRecord(run) });
    }
  }
  return cells;
}

/** Cells grouped for reading: one line per reason and set of transports, listing the operations. */
export function notCoveredGroups(cells: readonly NotCoveredCell[]): Array<{ operations: string[]; transports: string[]; reason: string }> {
  const byOperation = new Map<string, { transports: string[]; reason: string }>();
  for (const c of cells) {
    const key = `${c.operation}\n${c.reason}`;
    const entry = byOperation.get(key) ?? { transports: [], reason: c.reason };
    entry.transports.push(c.transport);
    byOperation.set(key, entry);
  }
  const groups = new Map<string, { operations: string[]; transports: string[]; reason: string }>();
  for (const [key, { transports, reason }] of byOperation) {
    const group = `${reason}\n${transports.join(',')}`;
    const entry = groups.get(group) ?? { operations: [], transports, reason };
    entry.operations.push(key.split('\n')[0]!);
    groups.set(group, entry);
  }
  return [...groups.values()];
}
