import type { ExchangeRecord } from './record.js';
import type { CheckOutcome } from './check-outcome.js';
import { failsRun, noLevels, type FailOn, type LevelCounts } from './levels.js';

/** Whether a check's verdict fails a run with `failOn`: a finding of a level it counts, or a crash. */
export const failsWith = (failOn: FailOn) => (c: CheckOutcome): boolean =>
  c.status === 'error' || (c.status === 'failed' && failsRun(c.level, failOn));

/** One line per problem of an exchange that fails the run: every failed check of a level
 * `failOn` counts, every crashed check, or the transport error. */
export function findingsOf(record: ExchangeRecord, failOn: FailOn): string[] {
  if (record.error) return [`${record.error.code}: ${record.error.message}`];
  return record.checks.filter(failsWith(failOn)).map((c) => `${c.id}: ${c.message ?? ''}`);
}

/** Failed verdicts that do not fail the run (warnings unless --fail-on warning, and info). */
export function noticesOf(record: ExchangeRecord, failOn: FailOn): CheckOutcome[] {
  return record.checks.filter((c) => c.status === 'failed' && !failsRun(c.level, failOn));
}

export type Outcome = 'passed' | 'failed' | 'error' | 'skipped';

/** The outcome of one exchange: error when it could not complete or a check crashed; failed when
 * a finding of a level `failOn` counts fired. */
export function outcomeOf(record: ExchangeRecord, failOn: FailOn): Outcome {
  if (record.skipped) return 'skipped';
  if (record.error || record.checks.some((c) => c.status === 'error')) return 'error';
  return record.checks.some(failsWith(failOn)) ? 'failed' : 'passed';
}

/** Failed check verdicts per level (a record from before levels counts as error). */
export function levelCounts(records: readonly ExchangeRecord[]): LevelCounts {
  const counts = noLevels();
  for (const r of records) for (const c of r.checks) if (c.status === 'failed') counts[c.level ?? 'error']++;
  return counts;
}
