/** checkDetailsOf: a record's `name: value` lines for each check, made once a record, are
 * testcaseDetails' for that check. */
import { expect, test } from 'vitest';
import { checkDetailsOf, testcaseDetails } from '../../../src/report/digest/junit-text.js';
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
