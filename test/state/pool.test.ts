/** The value pool (src/state/pool.ts): deterministic picks from one record, rotation among equally
 * good records, distinct instances, and the plain data that crosses to workers. */
import { describe, expect, test } from 'vitest';
import { getOperation } from '../../src/contract/index.js';
import { recordsOf, ValuePool, type LearnedRecord } from '../../src/state/learn.js';

const rec = (from: string, fields: Record<string, string>): LearnedRecord => ({ from, fields });
const RECORDS = [
  rec('MobileContactSearch', { accountnumber: '1001', contactnumber: '2001' }),
  rec('MobileContactSearch', { emailid: '3001', email: 'a@b.c', primary: 'true' }),
  rec('MobileContactSearch', { accountnumber: '1002', contactnumber: '2002' }),
  rec('MobileContactSearch', { emailid: '3002', email: 'd@e.f', primary: 'false' }),
  rec('MobileTasksList', { sonumber: '5001', accountnumber: '1001' }),
  rec('MobileTasksList', { reptodelete: '7', sonumber: '5001' }),
  rec('MobileTasksList', { reptodelete: '7', sonumber: '5001' }),
  rec('MobileTasksList', { reptodelete: '8', sonumber: '5001' }),
  rec('MobileTasksList', { reptodelete: '7', sonumber: '5002' }),
];
const pool = () => {
  const p = new ValuePool();
  p.add(RECORDS);
  return p;
};

describe('ValuePool', () => {
  test('keeps each record once, parameters only', () => {
    const p = new ValuePool();
    expect(p.add([...RECORDS, rec('X', { accountnumber: '1001', contactnumber: '2001' }), rec('X', { colour: 'red' }), rec('X', { sig: 's' })])).toBe(8);
    expect(p.size).toBe(8);
  });

  test.each([
    // Both e-mail records cover emailid, email, primary: index rotates between them; contactnumber
    // is not in them and is filled from the values other records hold, rotated the same way.
    ['MobileContactEmailUpdate', 0, { emailid: '3001', contactnumber: '2001', email: 'a@b.c', primary: 'true' }],
    ['MobileContactEmailUpdate', 1, { emailid: '3002', contactnumber: '2002', email: 'd@e.f', primary: 'false' }],
    ['MobileContactEmailUpdate', 2, { emailid: '3001', contactnumber: '2001', email: 'a@b.c', primary: 'true' }],
    ['MobileContactEmailUpdate', -1, { emailid: '3002', contactnumber: '2002', email: 'd@e.f', primary: 'false' }],
    // Two records cover both of MobileContactEmailCreate's accountnumber and contactnumber.
    ['MobileContactEmailCreate', 1, { accountnumber: '1002', contactnumber: '2002', email: 'd@e.f', primary: 'false' }],
    // One record covers sonumber and accountnumber together.
    ['MobileTimeLogCreate', 5, { sonumber: '5001', accountnumber: '1001' }],
    ['MobileServiceOrderRepAssignedDelete', 0, { reptodelete: '7', sonumber: '5001' }],
    ['MobileServiceOrderRepAssignedDelete', 2, { reptodelete: '7', sonumber: '5002' }],
    ['MobilePriceBookSearch', 0, {}],
  ])('pick(%s, %i)', (op, index, values) => {
    expect(pool().pick(getOperation(op), index)).toEqual(values);
  });

  test('the same adds in the same order give the same picks', () => {
    const picks = (p: ValuePool) => [0, 1, 2, 3].map((i) => p.pick(getOperation('MobileTasksList'), i));
    expect(picks(pool())).toEqual(picks(pool()));
    expect(Object.keys(pool().pick(getOperation('MobileTasksList'), 0))).toEqual(['sonumber', 'accountnumber', 'contactnumber']);
  });

  test('valuesFor: distinct values, first seen first', () => {
    expect([pool().valuesFor('sonumber'), pool().valuesFor('reptodelete'), pool().valuesFor('city')]).toEqual([['5001', '5002'], ['7', '8'], []]);
  });

  test('distinct: each instance once, up to k, as values for the operation', () => {
    const op = getOperation('MobileServiceOrderRepAssignedDelete');
    expect(pool().distinct(op, ['reptodelete', 'sonumber'], 4)).toEqual([
      { reptodelete: '7', sonumber: '5001' }, { reptodelete: '8', sonumber: '5001' }, { reptodelete: '7', sonumber: '5002' },
    ]);
    expect(pool().distinct(op, ['reptodelete', 'sonumber'], 2)).toHaveLength(2);
    // The first record with sonumber 5001 has no reptodelete; values come from the record itself.
    expect(pool().distinct(op, ['sonumber'], 4)).toEqual([{ sonumber: '5001' }, { reptodelete: '7', sonumber: '5002' }]);
    expect(pool().distinct(op, ['reptodelete', 'sonumber'], 0)).toEqual([]);
    expect(pool().distinct(getOperation('MobileContactEmailDelete'), ['emailid'], 3)).toEqual([{ emailid: '3001' }, { emailid: '3002' }]);
  });

  test('crosses to a worker as plain data and picks the same there', () => {
    const p = pool();
    const data = JSON.parse(JSON.stringify(p)) as unknown;
    const back = ValuePool.fromJSON(data);
    expect(back.toJSON()).toEqual(p.toJSON());
    expect(back.pick(getOperation('MobileContactEmailUpdate'), 1)).toEqual(p.pick(getOperation('MobileContactEmailUpdate'), 1));
    expect(ValuePool.fromJSON({ records: [null, 1, { from: 'X' }, { from: 'X', fields: { sonumber: '1' } }] }).toJSON()).toEqual({ records: [{ from: 'X', fields: { sonumber: '1' } }] });
    expect(ValuePool.fromJSON('nonsense').size).toBe(0);
  });

  test('from the stateful reference answers to a pick', () => {
    const p = new ValuePool();
    p.add(recordsOf('MobileContactSearch', '{"ok":true,"records":[{"accountnumber":1001,"contactnumber":2001,"emails":[{"emailid":3001,"email":"a@b.c","primary":true}]}]}'));
    p.add(recordsOf('MobileContactEmailCreate', '{"ok":true,"id":3042}'));
    expect(p.pick(getOperation('MobileContactEmailDelete'), 1)).toEqual({ emailid: '3042' });
    expect(p.pick(getOperation('MobileContactEmailCreate'), 0)).toEqual({ accountnumber: '1001', contactnumber: '2001', email: 'a@b.c', primary: 'true' });
  });
});
