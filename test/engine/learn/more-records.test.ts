/** More distinct records for an operation that takes one of its own each time (src/engine/learn/more-records.ts):
 * the list that yielded them read again, once per other learned value of a filter it accepted. */
import { expect, test } from 'vitest';
import { getOperation, type Operation } from '../../../src/contract/index.js';
import { extraReads, MAX_EXTRA_READS, readMore, type Read } from '../../../src/engine/learn/more-records.js';
import { ValuePool } from '../../../src/state/learn.js';

const TASKS = getOperation('MobileTasksList');
const PARAMS = ['reptodelete', 'sonumber'];
const defaultsOf = (op: Operation) => Object.fromEntries(op.params.map((p) => [p.name, p.type === 'int' ? '0' : '']));
/** A task list that needs a filter answered accountnumber 1 with service order 11's five reps. */
const assignments = (account: number) => [1, 2, 3, 4, 5].map((rep) => ({ from: TASKS.name, fields: { accountnumber: String(account), sonumber: String(account * 10 + 1), reptodelete: String(100 + rep) } }));
function learned(): { pool: ValuePool; yielded: Map<string, Record<string, string>> } {
  const pool = new ValuePool();
  pool.add([1, 2, 3, 4].map((a) => ({ from: 'MobileAccountSearch', fields: { accountnumber: String(a) } })));
  pool.add([{ from: 'MobileAccountSearch', fields: { accountnumber: 'A-17' } }]);
  pool.add(assignments(1));
  return { pool, yielded: new Map([[TASKS.name, { ...defaultsOf(TASKS), accountnumber: '1' }]]) };
}

test('the list that yielded the records is read again once per other learned value of the filter it accepted', () => {
  const { pool, yielded } = learned();
  const reads = extraReads(pool, PARAMS, yielded, defaultsOf);
  // accountnumber 1 is read already (the list's records carry it); the other filters stay at their default.
  expect(reads.map((r) => r.values['accountnumber'])).toEqual(['2', '3', '4', 'A-17']);
  expect(reads.every((r) => r.op === TASKS && r.values['taskkeyid'] === '' && r.values['contactnumber'] === '')).toBe(true);
  // An int filter takes digits only: a learned "A-17" is no value to read an int-filtered list by.
  const LOGS = getOperation('MobileTimeLogList');
  pool.add([{ from: LOGS.name, fields: { sologkeyid: '70', sonumber: '11', reptodelete: '101' } }, { from: 'MobilePartsUsedList', fields: { sologkeyid: 'L-1' } }, { from: 'MobilePartsUsedList', fields: { sologkeyid: '71' } }]);
  const byInt = new Map([[LOGS.name, { ...defaultsOf(LOGS), sologkeyid: '70' }]]);
  expect(extraReads(pool, PARAMS, byInt, defaultsOf).map((r) => r.values['sologkeyid'])).toEqual(['71']);
  // No list yielded them: nothing to read again.
  expect(extraReads(pool, PARAMS, new Map(), defaultsOf)).toEqual([]);
});

test('reads until the records suffice, and no more', async () => {
  const { pool, yielded } = learned();
  const sent: Read[] = [];
  const read = async (batch: readonly Read[]) => {
    sent.push(...batch);
    for (const r of batch) if (/^\d+$/.test(r.values['accountnumber']!)) pool.add(assignments(Number(r.values['accountnumber'])));
  };
  const spent = await readMore(pool, [{ operation: 'MobileServiceOrderRepAssignedDelete', params: PARAMS, needed: 12 }], yielded, defaultsOf, read);
  // One batch of four reads brings 15 more records: 20 in all, enough for 12.
  expect(spent).toBe(4);
  expect(pool.distinct(getOperation('MobileServiceOrderRepAssignedDelete'), PARAMS, 100)).toHaveLength(20);
  // Enough already: nothing is sent.
  expect(await readMore(pool, [{ operation: 'MobileServiceOrderRepAssignedDelete', params: PARAMS, needed: 12 }], yielded, defaultsOf, read)).toBe(0);
});

test('the extra reads stop at their cap', async () => {
  const { pool, yielded } = learned();
  pool.add(Array.from({ length: 100 }, (_, i) => ({ from: 'MobileAccountSearch', fields: { accountnumber: String(1000 + i) } })));
  let sent = 0;
  // A list that answers nothing more: the reads go on only to the cap.
  const spent = await readMore(pool, [{ operation: 'MobileServiceOrderRepAssignedDelete', params: PARAMS, needed: 50 }], yielded, defaultsOf, async (batch) => { sent += batch.length; });
  expect([spent, sent]).toEqual([MAX_EXTRA_READS, MAX_EXTRA_READS]);
});
