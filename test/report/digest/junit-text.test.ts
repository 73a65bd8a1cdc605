/** checkDetailsOf: a record's `name: value` lines for each check, made once a record, are
 * testcaseDetails' for that check. */
import { expect, test } from 'vitest';
import { checkDetailsOf, labelsOf, testcaseDetails, testcaseLabel } from '../../../src/report/digest/junit-text.js';
import type { ExchangeRecord } from '../../../src/results/record.js';
import { MIXED_RECORDS, MIXED_RUN } from '../../support/records.js';

test('each check of every record: the same lines as testcaseDetails, the check in its place', () => {
  for (const r of MIXED_RECORDS) {
    const details = checkDetailsOf(r, MIXED_RUN);
    for (const check of [...r.checks.map((c) => c.id), 'xsd-valid', '']) expect(details(check)).toBe(testcaseDetails(r, MIXED_RUN, check, false));
  }
});

test('a case id that holds the marker character is made the slow way, and still right', () => {
  const r = { ...MIXED_RECORDS[0]!, caseId: 'odd\u0000case' };
  expect(checkDetailsOf(r, MIXED_RUN)('xsd-valid')).toBe(testcaseDetails(r, MIXED_RUN, 'xsd-valid', false));
  expect(checkDetailsOf(r, MIXED_RUN)('xsd-valid')).toContain('check: xsd-valid\ncase: odd\u0000case');
});

test('a testcase label names transport, case and what was judged, the same for each repetition and apart for each transport and case', () => {
  const r = { ...MIXED_RECORDS[0]!, transport: 'get', scenario: 'int-empty', param: 'repnumber' } as ExchangeRecord;
  expect(testcaseLabel(r, 'http-status-200')).toBe('get int-empty(repnumber) http-status-200');
  expect(testcaseLabel({ ...r, caseId: `${r.caseId}-r2` }, 'http-status-200')).toBe('get int-empty(repnumber) http-status-200');
  expect(testcaseLabel({ ...r, transport: 'post' }, 'http-status-200')).toBe('post int-empty(repnumber) http-status-200');
  expect(testcaseLabel({ ...r, param: 'accountnumber' }, 'http-status-200')).toBe('get int-empty(accountnumber) http-status-200');
  expect(testcaseLabel({ ...r, scenario: undefined, param: undefined } as ExchangeRecord, 'xsd-valid')).toBe('get xsd-valid');
  expect(labelsOf(r)('')).toBe('get int-empty(repnumber)');
  expect(labelsOf({ ...r, fuzz: { runs: 1 } } as unknown as ExchangeRecord)('x')).toBe('get fuzz x');
});
