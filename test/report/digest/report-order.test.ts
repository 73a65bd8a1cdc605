/** The records reports print in full come in report order (src/report/digest/report-order.ts), whatever
 * order the tests finished in: results.json and the console are the same for two runs whose
 * records arrived differently. */
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { digestOf } from '../../../src/report/digest/digest.js';
import { consoleTable } from '../../../src/report/formats/console.js';
import { resultsJson } from '../../../src/report/formats/results-json.js';
import type { ExchangeRecord } from '../../../src/results/record.js';
import { MIXED_RECORDS, MIXED_RUN } from '../../support/records.js';

const failing = MIXED_RECORDS[1]!;
const service = MIXED_RECORDS.find((r) => r.kind === 'service')!;
const at = (operation: string, transport: ExchangeRecord['transport'], caseId: string): ExchangeRecord => ({ ...failing, operation, transport, caseId });

// Contract order (MobileTimeLogCreate before MobileAccountUpdate, against the alphabet), an
// operation the contract does not have after them, transports as the matrix shows them, then case
// ids with their numbers compared as numbers.
const IN_ORDER: ExchangeRecord[] = [
  service,
  at('MobileTimeLogCreate', 'soap12', 'n2'),
  at('MobileTimeLogCreate', 'get', 'n1'),
  at('MobileAccountUpdate', 'soap11', 'n9'),
  at('MobileAccountUpdate', 'soap11', 'n10'),
  at('MobileAccountUpdate', 'post', 'n1'),
  at('MobileAccountUpdate', 'parity', 'n1'),
  at('MobileGetEmployee', 'soap11', 'n1'),
];

test('the contract lists MobileTimeLogCreate before MobileAccountUpdate (what the order below relies on)', async () => {
  const { operations } = await import('../../../src/contract/index.js');
  const names = operations.map((o) => o.name);
  expect(names.indexOf('MobileTimeLogCreate')).toBeGreaterThanOrEqual(0);
  expect(names.indexOf('MobileTimeLogCreate')).toBeLessThan(names.indexOf('MobileAccountUpdate'));
  expect(names).not.toContain('MobileGetEmployee');
});

test('kept records come in report order, and the same for any order of arrival', () => {
  fc.assert(fc.property(fc.shuffledSubarray(IN_ORDER, { minLength: IN_ORDER.length }), (arrived) => {
    expect(digestOf(arrived, 'error').kept.map((r) => `${r.operation} ${r.transport} ${r.caseId}`)).toEqual(IN_ORDER.map((r) => `${r.operation} ${r.transport} ${r.caseId}`));
  }), { seed: 20 });
});

test('results.json and the console are the same for records that arrived in another order', () => {
  const run = { ...MIXED_RUN, toolErrors: [] };
  const reversed = [...MIXED_RECORDS, ...IN_ORDER.slice(1)].reverse();
  const forward = [...MIXED_RECORDS, ...IN_ORDER.slice(1)];
  const failuresOf = (records: ExchangeRecord[]) => JSON.parse(resultsJson(records, run)).failures;
  expect(failuresOf(reversed)).toEqual(failuresOf(forward));
  const consoleOf = (records: ExchangeRecord[]) => consoleTable(digestOf(records, 'error'), ['MobileTimeLogCreate', 'MobileAccountUpdate'], ['soap11', 'soap12', 'get', 'post'], run);
  expect(consoleOf(reversed)).toBe(consoleOf(forward));
  expect(consoleOf(forward)).toMatch(/MobileTimeLogCreate soap12 [^\n]*\n\s+MobileTimeLogCreate get /);
});
