/** The guard a valid case passes before it is sent (src/cases/valid-values.ts). */
import { describe, expect, test } from 'vitest';
import { invalidValueReason } from '../../src/cases/valid-values.js';
import { getOperation } from '../../src/contract/index.js';

const rep = getOperation('MobileServiceOrderRepAssignedDelete');
const timeLog = getOperation('MobileTimeLogCreate');
const email = getOperation('MobileContactEmailCreate');

describe('invalidValueReason', () => {
  test.each([
    ['an empty int', rep, { reptodelete: '', sonumber: '0' }, 'reptodelete "" is not a valid int value'],
    ['a learned text id for an int', rep, { reptodelete: 'A-17', sonumber: '12' }, 'reptodelete "A-17" is not a valid int value'],
    ['an int beyond Int32', rep, { reptodelete: '2147483648', sonumber: '12' }, 'reptodelete "2147483648" is not a valid int value'],
    ['a dateTime without T', timeLog, { startdatetime: '2024-05-17 09:30' }, 'startdatetime "2024-05-17 09:30" is not a valid dt value'],
    ['a boolean written True', email, { primary: 'True' }, 'primary "True" is not a valid bool value'],
  ])('refuses %s, naming the parameter and the value', (_, op, values, reason) => {
    expect(invalidValueReason(op, values)).toMatch(new RegExp(`^${reason.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(.+\\)$`));
  });

  test.each([
    ['ints, with the white space xs:int collapses', rep, { reptodelete: ' 110 ', sonumber: '6001' }],
    ['a boolean 1 (xs:boolean\'s lexical space)', email, { primary: '1', email: '' }],
    ['any text, empty included, and authentication values', email, { email: '', sig: '', repnumber: '' }],
    ['a dateTime with a zone', timeLog, { startdatetime: '2024-05-17T09:30:00Z' }],
    ['parameters not given', rep, {}],
  ])('lets %s through', (_, op, values) => {
    expect(invalidValueReason(op, values)).toBeUndefined();
  });
});
