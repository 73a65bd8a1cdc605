/** One check's verdict on one exchange, case, service or baseline comparison, as recorded. */
import type { Level } from './levels.js';

/** The waiver (config/waivers.ts) that matched a failed verdict: `index` is its place in the run's
 * `waivers`; `expired` when the run's day is its expiry or later (the verdict then fails). */
export interface WaiverMark {
  readonly index: number;
  readonly reason: string;
  readonly expires: string;
  readonly ticket?: string;
  readonly expired?: true;
}

export interface CheckOutcome {
  readonly id: string;
  /** error: the check itself crashed, a defect of this tool (never of the target).
   * waived: a failed verdict a waiver accepts until its expiry (results/waivers.ts): reported with
   * its reason, never failing the run. */
  readonly status: 'passed' | 'failed' | 'skipped' | 'error' | 'waived';
  /** How much a failed (or waived) verdict weighs (src/results/levels.ts). */
  readonly level?: Level;
  readonly message?: string;
  /** The waiver that matched a waived verdict, or an expired one that matched a failed one. */
  readonly waiver?: WaiverMark;
}
