/** The seeded store: the same on every start, one copy per server, ids from distinct ranges, and
 * enough of everything for a run to find, change and delete (300 and more rep assignments). */
import { expect, test } from 'vitest';
import { seedStore } from '../../../src/server/stateful/seed.js';

test('two seeds are equal and independent', () => {
  const [a, b] = [seedStore(), seedStore()];
  expect(a).toEqual(b);
  a.emails.splice(0, 1);
  a.accounts[0]!.accountname = 'changed';
  expect(b.emails[0]!.emailid).toBe(3001);
  expect(b.accounts[0]!.accountname).toBe('Acme Manufacturing');
});

test('counts and id ranges', () => {
  const s = seedStore();
  const perAccount = s.accounts.map((a) => s.contacts.filter((c) => c.accountnumber === a.accountnumber).length);
  const perContact = s.contacts.map((c) => s.emails.filter((e) => e.contactnumber === c.contactnumber).length);
  expect({
    accounts: s.accounts.length, contactsPerAccount: [Math.min(...perAccount), Math.max(...perAccount)], emailsPerContact: [Math.min(...perContact), Math.max(...perContact)],
    assignments: s.assignments.length, distinctAssignments: new Set(s.assignments.map((x) => `${x.reptodelete}/${x.sonumber}`)).size,
    tasks: s.tasks.length, timeLogs: s.timeLogs.length, serviceOrders: s.serviceOrders.length, documents: s.documents.length, seededMax: s.seededMax,
  }).toEqual({
    accounts: 12, contactsPerAccount: [2, 3], emailsPerContact: [1, 2], assignments: 320, distinctAssignments: 320,
    tasks: 48, timeLogs: 80, serviceOrders: 64, documents: 3, seededMax: { email: 3040, timelog: 7080, document: 9003 },
  });
  const ranges: Array<[number[], number, number]> = [
    [s.accounts.map((x) => x.accountnumber), 1001, 1999], [s.contacts.map((x) => x.contactnumber), 2001, 2999], [s.emails.map((x) => x.emailid), 3001, 3999],
    [s.opportunities.map((x) => Number(x.opportunitynumber.slice(4))), 4001, 4999], [s.tasks.map((x) => x.taskkeyid), 5001, 5999], [s.serviceOrders.map((x) => x.sonumber), 6001, 6999],
    [s.timeLogs.map((x) => x.sologkeyid), 7001, 7999], [s.partsUsed.map((x) => x.sopartsusedkeyid), 8001, 8999], [s.documents.map((x) => x.documentid), 9001, 9999],
    [s.assets.map((x) => x.assetid), 11001, 11999], [s.assignments.map((x) => x.reptodelete), 101, 140],
  ];
  for (const [ids, low, high] of ranges) expect(ids.filter((id) => id < low || id > high)).toEqual([]);
});

test('assembly components point at an assembly line of the same service order', () => {
  const s = seedStore();
  const components = s.partsUsed.filter((p) => p.fksopartsused !== 0);
  expect(components.length).toBe(20);
  for (const c of components) expect(s.partsUsed.find((p) => p.sopartsusedkeyid === c.fksopartsused)).toMatchObject({ sonumber: c.sonumber, fksopartsused: 0, itemid: 'WS-KIT-STD' });
});
