/** The bench's targets that read several figures: the median of the throughput windows, and the
 * main process's CPU per exchange at every size (issue 61). Pure, so that they are tested apart. */

/** A target as bench.json keeps it: the figure (null when not measured), what it is held to, and
 * whether it is met; `skipped` says why there is no figure. */
export interface TargetFigure {
  readonly value: number | null;
  readonly target: string;
  readonly met: boolean;
  readonly skipped?: string;
}

export const NOT_MEASURED = 'not measured (left out with --only)';

/** The median of some figures (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('the median of no figures');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The main process's CPU time over a whole run, reports included, at most this per exchange. */
export const MAIN_CPU_TARGET_MS = 0.1;

export interface MainCpuRow {
  readonly size: number;
  readonly exchanges: number;
  /** The CLI process's own CPU time over its life (child.ts, cpuAtExit); null if it was not read. */
  readonly mainCpuMs: number | null;
}

/** CPU ms per exchange, to three decimals; null without a figure or an exchange. */
export const perExchangeMs = (cpuMs: number | null, exchanges: number): number | null =>
  cpuMs === null || exchanges <= 0 ? null : Number((cpuMs / exchanges).toFixed(3));

/** The figure at each size, and the target: met only when every size has a figure within it. */
export function mainCpuTarget(rows: readonly MainCpuRow[]): TargetFigure & { readonly perSize: ReadonlyArray<{ readonly size: number; readonly value: number | null; readonly met: boolean }> } {
  const target = `<= ${MAIN_CPU_TARGET_MS} ms at every size`;
  if (rows.length === 0) return { value: null, target, met: false, skipped: NOT_MEASURED, perSize: [] };
  const perSize = rows.map((r) => {
    const value = perExchangeMs(r.mainCpuMs, r.exchanges);
    return { size: r.size, value, met: value !== null && value <= MAIN_CPU_TARGET_MS };
  });
  const values = perSize.map((p) => p.value);
  // The value is the worst size's: the one the target is held at.
  const worst = values.some((v) => v === null) ? null : Math.max(...(values as number[]));
  return { value: worst, target, met: perSize.every((p) => p.met), perSize };
}

/** The CPU one more exchange costs between two sizes: the larger run's CPU less the smaller's
 * over their difference in exchanges. What both runs spend alike (node's start-up, loading,
 * discovery) cancels out, which the per-size figure of a small run cannot separate (issue 61). */
export interface MarginalCpu {
  readonly from: number;
  readonly to: number;
  readonly value: number | null;
  readonly met: boolean;
}

/** The marginal figure between each size and the next larger one measured. */
export function marginalCpu(rows: readonly MainCpuRow[]): MarginalCpu[] {
  const sorted = [...rows].sort((a, b) => a.size - b.size);
  return sorted.slice(1).map((larger, i) => {
    const smaller = sorted[i]!;
    const extra = larger.exchanges - smaller.exchanges;
    const value = larger.mainCpuMs === null || smaller.mainCpuMs === null ? null : perExchangeMs(larger.mainCpuMs - smaller.mainCpuMs, extra);
    return { from: smaller.size, to: larger.size, value, met: value !== null && value <= MAIN_CPU_TARGET_MS };
  });
}

/** `1x 2.746 (NOT met), 16x 0.09 (met)` and, after them, `marginal 1x-16x 0.6 (NOT met)`. */
export function mainCpuText(t: ReturnType<typeof mainCpuTarget>, marginal: readonly MarginalCpu[]): string {
  const sizes = t.perSize.map((p) => `${p.size}x ${p.value ?? 'n/a'} (${p.met ? 'met' : 'NOT met'})`);
  const margins = marginal.map((m) => `marginal ${m.from}x-${m.to}x ${m.value ?? 'n/a'} (${m.met ? 'met' : 'NOT met'})`);
  return [...sizes, ...margins].join(', ');
}

/** `value (met)`, `value (NOT met)`, or why there is no figure. */
export function targetText(t: TargetFigure | undefined): string {
  if (!t || t.skipped === NOT_MEASURED) return 'not measured';
  return `${t.value ?? 'skipped'} (${t.met ? 'met' : 'NOT met'})`;
}
