/** Which reads a sequence tries and what an answer shows of its entity (src/engine/sequences/sequence-reads.ts),
 * and which learned record it takes (sequence-take.ts). Pure: no server. */
import { describe, expect, test } from 'vitest';
import { candidateReads, readValues, sightOf, type Entity } from '../../../src/engine/sequences/sequence-reads.js';
import { takeRecord } from '../../../src/engine/sequences/sequence-take.js';
import type { LearnedRecord } from '../../../src/state/learn.js';

const rec = (from: string, fields: Record<string, string>): LearnedRecord => ({ from, fields });
const EMAIL: Entity = { ids: { emailid: '3041' }, fields: { accountnumber: '1001', contactnumber: '2001', email: 't-1@example.com', primary: 'false', emailid: '3041' }, distinctive: { email: 't-1@example.com' } };
const probes = (e: Entity, learned: LearnedRecord[]) => candidateReads(e, learned).map((p) => `${p.operation} ${p.filter}`);

describe('candidateReads', () => {
  test('comes from the contract: every search and list taking a field of the entity, the value written first, in contract order', () => {
    expect(probes(EMAIL, [])).toEqual(['MobileAccountSearch email', 'MobileContactSearch email', 'MobileTasksList accountnumber', 'MobileManagedAssetsDropDown accountnumber', 'MobileAccountDefaultsList accountnumber']);
  });

  test('puts first a read whose answers held records with the entity\'s id in this run', () => {
    expect(probes(EMAIL, [rec('MobileContactSearch', { emailid: '3001', email: 'a@b.c' })])[0]).toBe('MobileContactSearch email');
  });

  test('for a learned record, the read that answered it first, filtered by its id where it takes one', () => {
    const account: Entity = { ids: { accountnumber: '1009' }, fields: { accountnumber: '1009', accountname: 'Ironwood', city: 'Tucson' }, distinctive: {}, from: 'MobileAccountSearch' };
    expect(probes(account, [rec('MobileTasksList', { taskkeyid: '5009', accountnumber: '1009' })]).slice(0, 2)).toEqual(['MobileAccountSearch accountname', 'MobileTasksList accountnumber']);
  });
});

test('readValues: one filter, the others empty or 0; none when the filter is no valid value of its type', () => {
  expect(readValues({ operation: 'MobileTimeLogList', filter: 'sologkeyid' }, '7081', 'soap11')).toEqual({ sologkeyid: '7081', sonumber: '', startdate: '', enddate: '', logreason: '', accountname: '', sortcolumn: '', sortdirection: '' });
  expect(readValues({ operation: 'MobileTimeLogList', filter: 'sologkeyid' }, '', 'soap11')).toBeUndefined();
  expect(readValues({ operation: 'MobileTimeLogList', filter: 'sologkeyid' }, 'x1', 'get')).toBeUndefined();
});

describe('sightOf', () => {
  test.each([
    ['a record with its id', [rec('r', { emailid: '3041', email: 'old@x' })], { kind: 'shown', record: { emailid: '3041', email: 'old@x' } }],
    ['the value it wrote, with no id', [rec('r', { email: 't-1@example.com' })], { kind: 'shown', record: { email: 't-1@example.com' } }],
    ['the value it wrote under another id', [rec('r', { emailid: '2001', email: 't-1@example.com' })], { kind: 'elsewhere', record: { emailid: '2001', email: 't-1@example.com' }, param: 'emailid' }],
    ['neither', [rec('r', { emailid: '3040', email: 'other@x' })], { kind: 'not shown' }],
  ])('%s', (_, records, sight) => {
    expect(sightOf(records, EMAIL)).toEqual(sight);
  });
});

describe('takeRecord', () => {
  const assignments = [rec('MobileTasksList', { reptodelete: '1', sonumber: '6001' }), rec('MobileTasksList', { reptodelete: '2', sonumber: '6001' }), rec('MobileTasksList', { reptodelete: '3', sonumber: '6002' }), rec('MobileTasksList', { reptodelete: '4', sonumber: '6003' }), rec('MobileTasksList', { reptodelete: '5', sonumber: '6003' })];
  test('with siblings: a service order per slot, those with two reps first, the second rep the sibling', () => {
    const taken = [0, 1, 2, 3].map((slot) => takeRecord(assignments, ['reptodelete', 'sonumber'], ['reptodelete', 'sonumber'], slot, true));
    expect(taken.map((t) => t && `${t.record.fields['reptodelete']}/${t.record.fields['sonumber']} beside ${t.sibling?.fields['reptodelete'] ?? '-'}`)).toEqual(['4/6003 beside 5', '1/6001 beside 2', '3/6002 beside -', undefined]);
  });

  test('of the records with the same id, the one with most of the operation\'s parameters', () => {
    const records = [rec('MobileTasksList', { accountnumber: '1001', taskkeyid: '5001' }), rec('MobileAccountSearch', { accountnumber: '1001', accountname: 'Acme', city: 'Austin' })];
    expect(takeRecord(records, ['accountnumber'], ['accountnumber', 'accountname', 'city'], 0, false)?.record.from).toBe('MobileAccountSearch');
  });
});
