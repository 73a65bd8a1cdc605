/**
 * The stateful reference implementation over real loopback sockets: the seeded data, a whole
 * create → list → update → visible → delete → gone sequence on every transport, byte-identical
 * texts on the four transports, in-band business errors and authentication, the XML result format,
 * and ASMX's own faults left as they are.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../../src/server/server.js';
import { TRANSPORT_IDS } from '../../../src/transports/index.js';
import { call, json, recordsOf, type Rec } from './call.js';

const SECRET = 'stateful-test-secret';
let server: ReferenceServer;
let xml: ReferenceServer;
let signed: ReferenceServer;

beforeAll(async () => {
  [server, xml, signed] = await Promise.all([
    startReferenceServer({ stateful: true }),
    startReferenceServer({ stateful: true, resultFormat: 'xml' }),
    startReferenceServer({ stateful: true, authSecret: SECRET }),
  ]);
});
afterAll(() => Promise.all([server.close(), xml.close(), signed.close()]));

/** A fresh stateful server for a test that changes the store, closed after `body`. */
async function withFresh<T>(body: (s: ReferenceServer) => Promise<T>): Promise<T> {
  const s = await startReferenceServer({ stateful: true });
  try {
    return await body(s);
  } finally {
    await s.close();
  }
}

describe('seeded data', () => {
  test('a search finds a seeded account, exactly as seeded, whatever the case of the filter', async () => {
    expect(await json(server, 'soap11', 'MobileAccountSearch', { accountname: 'MÜLLER' })).toEqual({
      ok: true,
      records: [{
        accountnumber: 1012, accountname: 'Müller & Söhne GmbH', accountid: 'ACC-012', accounttype: 'Prospect', address1: '177 Main Street', address2: '',
        city: 'München', state: 'BY', postalcode: '20747', country: 'Germany', hotnote: '', accountsource: 'Web', telephone: '555-0111',
      }],
    });
  });

  test('an empty search returns every account; filters are AND-combined', async () => {
    expect(recordsOf(await json(server, 'get', 'MobileAccountSearch')).map((r) => r['accountnumber'])).toEqual(Array.from({ length: 12 }, (_, i) => 1001 + i));
    expect(recordsOf(await json(server, 'get', 'MobileContactSearch', { firstname: 'seán', lastname: "o'brien" })).map((r) => r['contactnumber'])).toEqual([2019]);
    expect(recordsOf(await json(server, 'get', 'MobileContactSearch', { firstname: 'alice', lastname: "o'brien" }))).toEqual([]);
  });

  test('a task carries its service order\'s assigned reps; a contact its e-mails', async () => {
    const [task] = recordsOf(await json(server, 'post', 'MobileTasksList', { taskkeyid: '5001' }));
    expect(task!['assignedreps']).toEqual([101, 104, 107, 110, 113].map((reptodelete) => ({ reptodelete, sonumber: 6001 })));
    const [contact] = recordsOf(await json(server, 'post', 'MobileContactSearch', { lastname: 'anderson' }));
    expect(contact!['emails']).toEqual([
      { emailid: 3001, email: 'alice.anderson@acme.example', primary: true },
      { emailid: 3002, email: 'alice.anderson.home@mail.example', primary: false },
    ]);
  });

  test('lists filter by their ids exactly, sort on request, and an id naming nothing is an empty list', async () => {
    const logs = recordsOf(await json(server, 'soap12', 'MobileTimeLogList', { sonumber: '6002', sortcolumn: 'SOLOGKEYID', sortdirection: 'DESC' }));
    expect(logs.map((r) => r['sologkeyid'])).toEqual([7004, 7003]);
    expect(await json(server, 'soap12', 'MobileTimeLogList', { sonumber: '60021', sortcolumn: 'no-such-column' })).toEqual({ ok: true, records: [] });
    const parts = recordsOf(await json(server, 'soap12', 'MobilePartsUsedAssemblyList', { fksopartsused: '8003' }));
    expect(parts.map((r) => [r['sopartsusedkeyid'], r['fksopartsused']])).toEqual([[8004, 8003], [8005, 8003]]);
  });
});

describe('state changes are seen on every transport', () => {
  test.each(TRANSPORT_IDS)('%s: e-mail create → search shows it → update → visible → delete → gone → delete again fails', (t) => withFresh(async (s) => {
    const emailsOf = async () => (recordsOf(await json(s, t, 'MobileContactSearch', { lastname: 'becker' }))[0]!['emails'] as Rec[]);
    expect(await json(s, t, 'MobileContactEmailCreate', { accountnumber: '1001', contactnumber: '2002', email: 'new@acme.example', primary: 'true' })).toEqual({ ok: true, id: 3041 });
    expect(await emailsOf()).toEqual([{ emailid: 3003, email: 'bruno.becker@acme.example', primary: false }, { emailid: 3041, email: 'new@acme.example', primary: true }]);
    expect(await json(s, t, 'MobileContactEmailUpdate', { emailid: '3041', contactnumber: '2002', email: 'renamed@acme.example', primary: 'false' })).toEqual({ ok: true });
    expect((await emailsOf())[1]).toEqual({ emailid: 3041, email: 'renamed@acme.example', primary: false });
    expect(await json(s, t, 'MobileContactEmailDelete', { emailid: '3041' })).toEqual({ ok: true });
    expect((await emailsOf()).map((e) => e['emailid'])).toEqual([3003]);
    expect(await json(s, t, 'MobileContactEmailDelete', { emailid: '3041' })).toEqual({ ok: false, error: 'Unknown emailid 3041.' });
  }));

  test.each(TRANSPORT_IDS)('%s: a time log, an account update, a status and a rep deletion are seen by later reads', (t) => withFresh(async (s) => {
    expect(await json(s, t, 'MobileTimeLogCreate', { sonumber: '6050', logcomment: 'Replaced the fan', logreason: 'Repair', elapsedhours: '2' })).toEqual({ ok: true, id: 7081 });
    const [log] = recordsOf(await json(s, t, 'MobileTimeLogList', { sonumber: '6050' }));
    expect(log).toMatchObject({ sologkeyid: 7081, sonumber: 6050, accountnumber: 1002, accountname: 'Blue Ridge Dental', logcomment: 'Replaced the fan', elapsedhours: 2, startdatetime: '2024-03-05T09:00:00' });

    const update = { accountnumber: '1003', accountname: 'Cascade Freight', city: 'Seattle' };
    expect(await json(s, t, 'MobileAccountUpdate', update)).toEqual({ ok: true });
    expect(recordsOf(await json(s, t, 'MobileAccountSearch', { accountname: 'cascade' }))[0]).toMatchObject({ accountnumber: 1003, accountname: 'Cascade Freight', city: 'Seattle', address1: '' });

    expect(await json(s, t, 'MobileDispatchUpdate', { taskkeyid: '5002', status: '7' })).toEqual({ ok: true });
    expect(await json(s, t, 'MobileServiceOrderRepAssignedDelete', { reptodelete: '108', sonumber: '6002' })).toEqual({ ok: true });
    const [task] = recordsOf(await json(s, t, 'MobileTasksList', { taskkeyid: '5002' }));
    expect([task!['status'], (task!['assignedreps'] as Rec[]).map((r) => r['reptodelete'])]).toEqual([7, [111, 114, 117, 120]]);
    expect(await json(s, t, 'MobileServiceOrderRepAssignedDelete', { reptodelete: '108', sonumber: '6002' })).toEqual({ ok: false, error: 'Rep 108 is not assigned to service order 6002.' });
  }));
});

const READS: ReadonlyArray<readonly [string, Record<string, string>]> = [
  ['MobileAccountSearch', { accountname: 'müller & söhne' }],
  ['MobileContactSearch', { email: 'EXAMPLE' }],
  ['MobileOpportunitySearch', { contactname: 'alice' }],
  ['MobilePriceBookSearch', { parttype: 'part', partsearchalllocation: '1' }],
  ['MobilePriceBookQuantityEachLocation', { manufacturername: 'apc' }],
  ['MobileTasksList', { accountnumber: '1001', startdate: '2024-03-10', enddate: '4/30/2024', sortcolumn: 'priority' }],
  ['MobileTimeLogList', { logreason: 'repair', sortcolumn: 'elapsedhours', sortdirection: 'descending' }],
  ['MobilePartsUsedList', { sonumber: '6004' }],
  ['MobileOpportunitySummary', { opportunitynumber: 'OPP-4003' }],
  ['MobileAccountDefaultsList', { accountnumber: '1012' }],
  ['MobileManagedAssetsDropDown', { accountnumber: '1005' }],
  ['MobileContactEmailDelete', { emailid: '99' }],
];

describe('transport parity', () => {
  test.each(READS)('%s gives the same text, byte for byte, on all four transports', async (op, values) => {
    for (const target of [server, xml]) {
      const texts = await Promise.all(TRANSPORT_IDS.map((t) => call(target, t, op, values)));
      expect(texts.map((a) => a.status)).toEqual([200, 200, 200, 200]);
      expect(new Set(texts.map((a) => a.text)).size).toBe(1);
    }
  });
});

describe('business errors are answered in-band, HTTP 200', () => {
  const long = 'x'.repeat(4001);
  test.each([
    ['MobileContactEmailUpdate', { emailid: '123', email: 'a@b.example' }, 'Unknown emailid 123.'],
    ['MobileContactEmailCreate', { contactnumber: '2001', accountnumber: '1002', email: 'a@b.example' }, 'contactnumber 2001 does not belong to accountnumber 1002.'],
    ['MobileContactEmailCreate', { contactnumber: '2001', email: '  ' }, 'email is required.'],
    ['MobileTimeLogCreate', { sonumber: '5001' }, 'Unknown sonumber 5001.'],
    ['MobileAccountUpdate', { accountnumber: '1001', accountname: long }, 'accountname is longer than 4000 characters.'],
    ['MobileDocumentUpload', { accountnumber: '1001', filename: 'a.txt', base64string: 'not base64!' }, 'base64string is not valid base64.'],
    ['MobileDocumentUpload', { accountnumber: '2001', filename: 'a.txt' }, 'Unknown accountnumber 2001.'],
    ['MobileDispatchUpdate', { taskkeyid: '6001', status: '1' }, 'Unknown taskkeyid 6001.'],
    ['MobileOpportunitySummary', { opportunitynumber: 'OPP-9' }, 'Unknown opportunitynumber OPP-9.'],
    ['MobileTasksList', { startdate: '2024-02-30' }, 'startdate "2024-02-30" is not a date (use YYYY-MM-DD).'],
    ['MobileTasksList', { completed: 'maybe' }, 'completed "maybe" is not true or false.'],
    ['MobileContactSearch', { lastname: 'a\u0001b' }, 'lastname contains a character that is not allowed (U+0001).'],
  ] as const)('%s %j', async (op, values, error) => {
    const answer = await call(server, 'post', op, values);
    expect([answer.status, answer.text]).toEqual([200, JSON.stringify({ ok: false, error })]);
  });

  test('white space is no date filter; a document with valid base64 is created', () => withFresh(async (s) => {
    expect(recordsOf(await json(s, 'get', 'MobileTasksList', { startdate: '  ', enddate: '' }))).toHaveLength(48);
    expect(await json(s, 'get', 'MobileDocumentUpload', { accountnumber: '1001', filename: 'a.txt', base64string: 'aGVs\nbG8=' })).toEqual({ ok: true, id: 9004 });
  }));
});

describe('the XML result format', () => {
  test('records, ids and errors as documents in text', async () => {
    expect((await call(xml, 'soap12', 'MobileAccountDefaultsList', { accountnumber: '1002' })).text).toBe(
      '<Result><ok>true</ok><records><record><accountnumber>1002</accountnumber><defaultlocation>Van 1</defaultlocation><pricelevel>Preferred</pricelevel><taxcode>US-STD</taxcode><paymentterms>Net 30</paymentterms><defaultrep>102</defaultrep></record></records></Result>',
    );
    expect((await call(xml, 'get', 'MobileManagedAssetsDropDown', { accountnumber: '999' })).text).toBe('<Result><ok>true</ok><records></records></Result>');
    expect((await call(xml, 'post', 'MobileContactEmailDelete', { emailid: '5' })).text).toBe('<Result><ok>false</ok><error>Unknown emailid 5.</error></Result>');
    const fresh = await startReferenceServer({ stateful: true, resultFormat: 'xml' });
    try {
      expect((await call(fresh, 'soap11', 'MobileContactEmailCreate', { contactnumber: '2001', email: 'x@acme.example' })).text).toBe('<Result><ok>true</ok><id>3041</id></Result>');
    } finally {
      await fresh.close();
    }
  });
});

describe('authentication and ASMX faults', () => {
  test('an unsigned request is refused in-band, HTTP 200, on every transport', async () => {
    for (const t of TRANSPORT_IDS) {
      const answer = await call(signed, t, 'MobileAccountSearch', { timestamp: new Date().toISOString(), sig: 'bad' });
      expect([t, answer.status, answer.text]).toEqual([t, 200, '{"ok":false,"error":"Authentication failed: Invalid signature."}']);
    }
  });

  test('a signed request is answered', async () => {
    process.env['TSIWS_AUTH_SECRET'] = SECRET;
    const { sign } = (await import(new URL('../../../examples/signer.mjs', import.meta.url).href)) as { sign: (i: object) => Record<string, string> };
    const params = { accountname: 'acme', contactname: '', telephone: '', email: '', repnumber: '101' };
    const answer = await json(signed, 'get', 'MobileAccountSearch', { ...params, ...sign({ operation: 'MobileAccountSearch', params, now: new Date() }) });
    expect(recordsOf(answer).map((r) => r['accountnumber'])).toEqual([1001]);
  });

  test('a value ASMX cannot convert, or a missing GET parameter, is still ASMX\'s fault before the method runs', async () => {
    const bad = await call(server, 'get', 'MobileDispatchUpdate', { taskkeyid: 'abc' });
    expect([bad.status, bad.shown]).toEqual([500, 'System.ArgumentException: Cannot convert abc to System.Int32.\r\nParameter name: type ---> System.FormatException: Input string was not in a correct format.\r\n']);
    const missing = await call(server, 'post', 'MobileAccountDefaultsList', { repnumber: '1' }, false);
    expect([missing.status, missing.shown]).toEqual([500, 'System.InvalidOperationException: Missing parameter: accountnumber.\r\n']);
  });
});
