/** One check's verdict on one exchange, case, service or baseline comparison, as recorded. */
import type { Level } from './levels.js';

export interface CheckOutcome {
  readonly id: string;
  /** error: the check itself crashed, a defect of this tool (never of the target). */
  readonly status: 'passed' | 'failed' | 'skipped' | 'error';
  /** How much a failed verdict weighs (src/results/levels.ts); only on failed outcomes. */
  readonly level?: Level;
  readonly message?: string;
}
