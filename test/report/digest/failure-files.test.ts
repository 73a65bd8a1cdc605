/** A failure file keeps what replaying it needs beyond the record: the result format the echo was
 * read in and the checks module whose checks ran (older files have neither: json, no module); with
 * a reference, the two answers side by side. */
import { expect, test } from 'vitest';
import { failureFile } from '../../../src/report/digest/failure-files.js';
import { MIXED_RECORDS, MIXED_RUN } from '../../support/records.js';
import { compared, REFERENCE_RUN } from '../../support/reference-records.js';

test('the result format and the checks module of the run are kept for replay', () => {
  const run = { ...MIXED_RUN, configuration: { ...MIXED_RUN.configuration, resultFormat: 'xml', checksModule: '/checks/house.mjs' } };
  expect(failureFile(MIXED_RECORDS[0]!, run, 'f.json')).toMatchObject({ resultFormat: 'xml', checksModule: '/checks/house.mjs' });
  const plain = failureFile(MIXED_RECORDS[0]!, { ...MIXED_RUN, configuration: {} }, 'f.json');
  expect(plain.resultFormat).toBe('json');
  expect(plain).not.toHaveProperty('checksModule');
});

test('with a reference, the candidate\'s answer is shown beside the reference\'s; without one, no such part', () => {
  const record = compared({ differences: [{ field: '$.name', reference: '"Acme"', candidate: '"ACME"' }], over: { result: { kind: 'result', text: '{"name":"ACME"}' } } });
  expect(failureFile(record, REFERENCE_RUN, 'f.json').reference).toEqual({
    candidate: { status: 200, outcome: 'result', text: '{"name":"ACME"}' },
    answers: record.reference!.answers,
    differences: [{ field: '$.name', reference: '"Acme"', candidate: '"ACME"' }],
  });
  expect(failureFile(MIXED_RECORDS[0]!, MIXED_RUN, 'f.json')).not.toHaveProperty('reference');
});
