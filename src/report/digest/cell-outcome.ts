/** An operation and transport's outcome as the certificate shows it (certificate.ts), and how a
 * record counts for it: kept below both the certificate and the digest that tallies it (digest.ts),
 * which the certificate reads. */
import { outcomeOf, type Outcome } from '../../results/findings.js';
import type { FailOn } from '../../results/levels.js';
import type { ExchangeRecord } from '../../results/record.js';

export type CellOutcome = 'pass' | 'fail' | 'error' | 'skipped' | 'not-run';

const CELL: Record<Outcome, CellOutcome> = { passed: 'pass', failed: 'fail', error: 'error', skipped: 'skipped' };
/** As in the verdict and junit.xml: an exchange the target did not complete (timeout, reset) is a
 * finding about the target (fail). */
export const cellOf = (r: ExchangeRecord, failOn: FailOn): CellOutcome => (r.error ? 'fail' : CELL[outcomeOf(r, failOn)]);
export const CELL_RANK: Record<CellOutcome, number> = { 'not-run': 0, skipped: 1, pass: 2, fail: 3, error: 4 };
