/** Applying waivers (issue 60, item 3): a matching failed verdict is waived until its expiry day,
 * from then on it fails again and says so; what does not match stays as it was. */
import { expect, test } from 'vitest';
import { applyWaivers, waiverMatches } from '../../src/results/waivers.js';
import type { ExchangeRecord } from '../../src/results/record.js';
import type { CheckOutcome } from '../../src/results/check-outcome.js';
import { outcomeOf } from '../../src/results/findings.js';

const failed: CheckOutcome = { id: 'content-type', status: 'failed', level: 'error', message: 'expected text/xml, got text/html' };
const record = (checks: CheckOutcome[]): ExchangeRecord => ({ operation: 'MobileAccountSearch', transport: 'get', caseId: 'c1', kind: 'positive', checks } as unknown as ExchangeRecord);
const waiver = { check: 'content-type', transport: 'get', message: 'text/html', reason: 'legacy host', expires: '2026-12-01', ticket: 'OPS-1' };

test('a matching failed verdict is waived before its expiry day and does not fail the exchange', () => {
  const r = applyWaivers(record([failed, { id: 'status-200', status: 'passed' }]), [waiver], '2026-11-30');
  expect(r.checks[0]).toEqual({ ...failed, status: 'waived', waiver: { index: 0, reason: 'legacy host', expires: '2026-12-01', ticket: 'OPS-1' } });
  expect(r.checks[1]).toEqual({ id: 'status-200', status: 'passed' });
  expect(outcomeOf(r, 'error')).toBe('passed');
});

test('from its expiry day on, the verdict fails again and says the waiver expired', () => {
  const r = applyWaivers(record([failed]), [waiver], '2026-12-01');
  expect(r.checks[0]).toMatchObject({ status: 'failed', message: 'waiver expired on 2026-12-01 (legacy host): expected text/xml, got text/html', waiver: { index: 0, expired: true } });
  expect(outcomeOf(r, 'error')).toBe('failed');
});

test('check, operation, transport and message substring must all match; a passed verdict is never waived', () => {
  const r = record([failed]);
  expect(waiverMatches(waiver, r, failed)).toBe(true);
  expect(waiverMatches({ ...waiver, check: 'status-200' }, r, failed)).toBe(false);
  expect(waiverMatches({ ...waiver, transport: 'post' }, r, failed)).toBe(false);
  expect(waiverMatches({ ...waiver, operation: 'MobileContactSearch' }, r, failed)).toBe(false);
  expect(waiverMatches({ ...waiver, message: 'TEXT/HTML' }, r, failed)).toBe(false);
  expect(waiverMatches(waiver, r, { ...failed, status: 'passed' })).toBe(false);
  // Nothing matched: the very record, not a copy.
  expect(applyWaivers(r, [{ ...waiver, check: 'xsd-valid' }], '2026-11-30')).toBe(r);
});
