/** Values that belong together (src/engine/learn/tuples.ts) and what a refusal says (src/engine/learn/refusal.ts). */
import { expect, test } from 'vitest';
import { getOperation } from '../../../src/contract/index.js';
import { readRefusal } from '../../../src/engine/learn/refusal.js';
import { Refused, tuplesFor } from '../../../src/engine/learn/tuples.js';
import type { LearnedRecord } from '../../../src/state/learn.js';

const timeLog = getOperation('MobileTimeLogCreate');
const PARAMS = timeLog.params.map((p) => p.name).filter((n) => !['repnumber', 'timestamp', 'sig', 'mobilekey'].includes(n));

test('a tuple is the ids of the operation one record holds together, best-covering records first', () => {
  const records: LearnedRecord[] = [
    { from: 'MobilePartsUsedList', fields: { sonumber: '6', sopartsusedkeyid: '3' } },
    { from: 'MobileTasksList', fields: { taskkeyid: '9', sonumber: '7', accountnumber: '12' } },
    { from: 'MobileTimeLogList', fields: { sologkeyid: '1', sonumber: '6', accountnumber: '45', logcomment: 'x', startdatetime: '2024-03-01T09:00:00' } },
    { from: 'MobileTasksList', fields: { taskkeyid: '10', sonumber: '6', accountnumber: '45' } },
  ];
  // The parts line holds one id of the create only: no tuple. The time log covers most parameters.
  expect(tuplesFor(timeLog, records, 'sonumber')).toEqual([{ sonumber: '6', accountnumber: '45' }, { sonumber: '7', accountnumber: '12' }]);
  // Not an id of the operation: none.
  expect(tuplesFor(timeLog, records, 'logcomment')).toEqual([]);
  // An operation with one id: the records that hold it.
  expect(tuplesFor(getOperation('MobileDispatchUpdate'), [{ from: 'MobileTasksList', fields: { taskkeyid: '9', sonumber: '7' } }], 'taskkeyid')).toEqual([{ taskkeyid: '9' }]);
});

test('a refused combination is not sent again; another with one value in common is', () => {
  const refused = new Refused();
  refused.add(['sonumber', 'accountnumber'], { sonumber: '6', accountnumber: '12', logcomment: 'a' });
  expect(refused.has({ sonumber: '6', accountnumber: '12', logcomment: 'b' })).toBe(true);
  expect(refused.has({ sonumber: '6', accountnumber: '45' })).toBe(false);
  refused.add([], { sonumber: '7' });
  expect(refused.has({ sonumber: '7' })).toBe(false);
});

test('a refusal names parameters by the values it quotes, and a quoted value not sent is a hint for the nearest', () => {
  const sent = { sonumber: '6', accountnumber: '12', logcomment: 'sample logcomment' };
  expect(readRefusal(PARAMS, 'service order 6 belongs to account 45, not 12', sent)).toEqual({ named: ['sonumber', 'accountnumber'], hints: [{ accountnumber: '45' }] });
  expect(readRefusal(PARAMS, 'unknown service order 6', sent)).toEqual({ named: ['sonumber'], hints: [] });
  // A message that names a parameter by name only quotes no value of it: no place for a hint.
  expect(readRefusal(PARAMS, 'logcomment is longer than 4000 characters.', sent)).toEqual({ named: ['logcomment'], hints: [] });
  // Nothing named: nothing read.
  expect(readRefusal(PARAMS, 'Authentication failed: code 7', sent)).toEqual({ named: [], hints: [] });
});
