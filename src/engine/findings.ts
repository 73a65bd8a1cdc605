import type { ExchangeRecord } from './record.js';

/** One line per problem of an exchange: every failed or crashed check, or the transport error. */
export function findingsOf(record: ExchangeRecord): string[] {
  if (record.error) return [`${record.error.code}: ${record.error.message}`];
  return record.checks.filter((c) => c.status === 'failed' || c.status === 'error').map((c) => `${c.id}: ${c.message ?? ''}`);
}

export type Outcome = 'passed' | 'failed' | 'error' | 'skipped';

/** The outcome of one exchange: error when it could not complete or a check crashed. */
export function outcomeOf(record: ExchangeRecord): Outcome {
  if (record.skipped) return 'skipped';
  if (record.error || record.checks.some((c) => c.status === 'error')) return 'error';
  return record.checks.some((c) => c.status === 'failed') ? 'failed' : 'passed';
}
