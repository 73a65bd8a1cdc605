/** Valid cases with learned values in place (src/engine/learn/learned-cases.ts, pool-values.ts). */
import { expect, test } from 'vitest';
import { getOperation } from '../../../src/contract/index.js';
import { learnedCase, poolOf } from '../../../src/engine/learn/learned-cases.js';
import { fillFromPool, ID_PARAMS } from '../../../src/engine/learn/pool-values.js';
import { ValuePool } from '../../../src/state/learn.js';

const pool = new ValuePool();
pool.add([
  { from: 'MobileAccountSearch', fields: { accountnumber: '1001', accountname: 'Acme Manufacturing', email: 'info@acme.example' } },
  { from: 'MobileContactSearch', fields: { contactnumber: '2001', accountnumber: '1001', email: 'alice@acme.example' } },
  { from: 'MobileContactSearch', fields: { contactnumber: '2004', accountnumber: '1002', email: 'bob@b.example' } },
  { from: 'legacy', fields: { accountnumber: 'A-17' } },
  { from: 'legacy', fields: { accountname: 'Gate\u0001code' } },
]);

test('a search takes its filters from one learned record and leaves the others empty', () => {
  expect(learnedCase(getOperation('MobileAccountSearch'), pool).values).toEqual({ accountname: 'Acme Manufacturing', contactname: '', telephone: '', email: 'info@acme.example' });
});

test('a create keeps its own values and takes ids that belong together, rotating by index', () => {
  const op = getOperation('MobileContactEmailCreate');
  expect(learnedCase(op, pool, 0).values).toMatchObject({ accountnumber: '1001', contactnumber: '2001', email: 'sample email', primary: 'true' });
  expect(learnedCase(op, pool, 1).values).toMatchObject({ accountnumber: '1002', contactnumber: '2004' });
});

test('a learned value invalid for the type, or holding a character XML cannot carry, is not used', () => {
  const op = getOperation('MobileAccountUpdate');
  const odd = new ValuePool();
  odd.add([{ from: 'legacy', fields: { accountnumber: 'A-17', accountname: 'Gate\u0001code', city: 'Wichita' } }]);
  expect(fillFromPool(op, { accountnumber: '100', accountname: 'sample', city: 'x' }, odd, 0)).toEqual({ accountnumber: '100', accountname: 'sample', city: 'Wichita' });
  expect(fillFromPool(op, { accountnumber: '100', city: 'x' }, odd, 0, ID_PARAMS)).toEqual({ accountnumber: '100', city: 'x' });
});

test('a run that learned no record (an echo) has no pool: the hand-picked values stay', () => {
  expect(poolOf({ pool: { records: [] }, discovery: { sent: 12, records: 0, probes: 0, transport: 'soap11' } })).toBeUndefined();
  expect(poolOf(undefined)).toBeUndefined();
});
