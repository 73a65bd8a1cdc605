/**
 * The stateful service's personalities (src/server/stateful/personality.ts), in process over real
 * loopback sockets: per personality a few requests showing its result format, its error style, its
 * strictness and its read choices, each answer asserted whole; the answer log; random:SEED.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startReferenceServer, type AnswerEntry, type ReferenceServer } from '../../../src/server/server.js';
import { findPersonality, PERSONALITIES, randomPersonality } from '../../../src/server/stateful/personality.js';
import type { TransportId } from '../../../src/transports/index.js';
import { dataPathFromLog, parseAnswerLog } from '../../support/answer-log.js';
import { call } from './call.js';

interface Row {
  readonly what: string;
  readonly transport: TransportId;
  readonly op: string;
  readonly given: Readonly<Record<string, string>>;
  readonly status: number;
  /** The result text, or for a fault or GET/POST error the reason or the text/plain body. */
  readonly answer: string;
}

const row = (what: string, transport: TransportId, op: string, given: Record<string, string>, answer: string, status = 200): Row => ({ what, transport, op, given, status, answer });
const SOAP_EXCEPTION = 'System.Web.Services.Protocols.SoapException';

const TABLES: Readonly<Record<string, readonly Row[]>> = {
  'vendor-xml-strict': [
    row('format: PascalCase XML, records two levels down, ids from 500001', 'soap11', 'MobileManagedAssetsDropDown', { accountnumber: '500001' },
      '<Response><Status>OK</Status><Records><Record><AssetID>600001</AssetID><AccountNumber>500001</AccountNumber><Description>Front office printer</Description><Model>HP LaserJet M404</Model><SerialNumber>SN048213</SerialNumber></Record>'
      + '<Record><AssetID>600013</AssetID><AccountNumber>500001</AccountNumber><Description>Server room UPS</Description><Model>APC Smart-UPS 1500</Model><SerialNumber>SN048657</SerialNumber></Record></Records></Response>'),
    row('errors in-band with Status, ErrorCode and Message', 'soap12', 'MobileContactEmailDelete', { emailid: '999' }, '<Response><Status>Error</Status><ErrorCode>404</ErrorCode><Message>Unknown emailid 999.</Message></Response>'),
    row('strict: e-mail syntax', 'post', 'MobileContactEmailCreate', { contactnumber: '510001', email: 'sample email' }, '<Response><Status>Error</Status><ErrorCode>400</ErrorCode><Message>invalid e-mail address: sample email</Message></Response>'),
    row('strict: status range', 'get', 'MobileDispatchUpdate', { taskkeyid: '540001', status: '-3' }, '<Response><Status>Error</Status><ErrorCode>400</ErrorCode><Message>invalid status -3</Message></Response>'),
    row('strict: nextfile a text flag', 'soap11', 'MobileDocumentUpload', { accountnumber: '500001', filename: 'notes.txt', base64string: 'aGk=', nextfile: 'sample nextfile' }, '<Response><Status>Error</Status><ErrorCode>400</ErrorCode><Message>invalid nextfile: sample nextfile</Message></Response>'),
    row('strict: file name extension', 'soap11', 'MobileDocumentUpload', { accountnumber: '500001', filename: 'notes', base64string: 'aGk=', nextfile: 'yes' }, '<Response><Status>Error</Status><ErrorCode>400</ErrorCode><Message>invalid filename: notes (allowed: .pdf, .jpg, .jpeg, .png, .txt, .docx)</Message></Response>'),
    row('strict: base64 without white space', 'soap11', 'MobileDocumentUpload', { accountnumber: '500001', filename: 'notes.txt', base64string: 'aG k=', nextfile: 'no' }, '<Response><Status>Error</Status><ErrorCode>400</ErrorCode><Message>base64string is not valid base64.</Message></Response>'),
    row('a create answers NewID', 'soap11', 'MobileDocumentUpload', { accountnumber: '500001', filename: 'notes.txt', base64string: 'aGk=', nextfile: 'yes' }, '<Response><Status>OK</Status><NewID>580004</NewID></Response>'),
    row('an update answers RowsAffected', 'soap12', 'MobileDispatchUpdate', { taskkeyid: '540001', status: '9' }, '<Response><Status>OK</Status><RowsAffected>1</RowsAffected></Response>'),
    row('required filter', 'post', 'MobileTimeLogList', {}, '<Response><Status>Error</Status><ErrorCode>400</ErrorCode><Message>sonumber or sologkeyid is required.</Message></Response>'),
  ],
  'vendor-faults': [
    row('format: the reference JSON, ids from 1 in every table', 'soap11', 'MobileManagedAssetsDropDown', { accountnumber: '1' },
      '{"ok":true,"records":[{"assetid":1,"accountnumber":1,"description":"Front office printer","model":"HP LaserJet M404","serialnumber":"SN048213"},{"assetid":13,"accountnumber":1,"description":"Server room UPS","model":"APC Smart-UPS 1500","serialnumber":"SN048657"}]}'),
    row('a business error is a SoapException: SOAP 1.1 soap:Client', 'soap11', 'MobileContactEmailDelete', { emailid: '999' }, 'soap:Client Unknown emailid 999.', 500),
    row('SOAP 1.2 soap:Sender', 'soap12', 'MobileContactEmailDelete', { emailid: '999' }, 'soap:Sender Unknown emailid 999.', 500),
    row('GET: text/plain 500 with the exception type', 'get', 'MobileDispatchUpdate', { taskkeyid: '1', status: '0' }, `${SOAP_EXCEPTION}: invalid status 0\r\n`, 500),
    row('POST: the same', 'post', 'MobileTimeLogList', {}, `${SOAP_EXCEPTION}: sonumber or sologkeyid is required.\r\n`, 500),
    row('e-mails: the primary address alone, flat', 'get', 'MobileContactSearch', { lastname: 'anderson' },
      '{"ok":true,"records":[{"contactnumber":1,"accountnumber":1,"accountname":"Acme Manufacturing","firstname":"Alice","lastname":"Anderson","telephone":"555-0200","title":"Office Manager","emailid":1,"email":"alice.anderson@acme.example"}]}'),
    row('sologkeyid is a paging cursor: the logs after it', 'soap11', 'MobileTimeLogList', { sologkeyid: '78', sortcolumn: 'sologkeyid' }, '{"ok":true,"records":['
      + '{"sologkeyid":79,"sonumber":40,"accountnumber":4,"repnumber":139,"startdatetime":"2024-04-08T09:00:00","enddatetime":"2024-04-08T12:00:00","elapsedhours":3,"elapsedminutes":0,"deducthours":0,"deductminutes":15,"utilizationhours":3,"utilizationminutes":0,"logcomment":"Maintenance visit: ups battery replacement","logreason":"Maintenance","internalcomments":"Customer asked for a follow-up quote","accountname":"Delta Veterinary Clinic"},'
      + '{"sologkeyid":80,"sonumber":40,"accountnumber":4,"repnumber":140,"startdatetime":"2024-04-09T09:00:00","enddatetime":"2024-04-09T13:00:00","elapsedhours":4,"elapsedminutes":0,"deducthours":0,"deductminutes":0,"utilizationhours":4,"utilizationminutes":0,"logcomment":"Travel visit: ups battery replacement","logreason":"Travel","internalcomments":"","accountname":"Delta Veterinary Clinic"}]}'),
  ],
  'vendor-pairs': [
    row('format: name=value, a record a line, 7-digit ids', 'soap11', 'MobileManagedAssetsDropDown', { accountnumber: '1000001' },
      'result=ok;count=2\nassetid=2000001;accountnumber=1000001;description=Front office printer;model=HP LaserJet M404;serialnumber=SN048213\nassetid=2000013;accountnumber=1000001;description=Server room UPS;model=APC Smart-UPS 1500;serialnumber=SN048657'),
    row('errors in-band as result=error', 'post', 'MobileContactEmailDelete', { emailid: '999' }, 'result=error;code=404;message=Unknown emailid 999.'),
    row('prefix match: "ander" finds Anderson; nested e-mails as a list', 'get', 'MobileContactSearch', { lastname: 'ander' },
      'result=ok;count=1\ncontactnumber=1100001;accountnumber=1000001;accountname=Acme Manufacturing;firstname=Alice;lastname=Anderson;telephone=555-0200;title=Office Manager;emails=emailid:1200001,email:alice.anderson@acme.example,primary:true|emailid:1200002,email:alice.anderson.home@mail.example,primary:false'),
    row('prefix match: "derson" finds nobody', 'get', 'MobileContactSearch', { lastname: 'derson' }, 'result=ok;count=0'),
    row('reps as a comma list', 'soap12', 'MobileTasksList', { taskkeyid: '1400001' },
      'result=ok;count=1\ntaskkeyid=1400001;sonumber=1500001;opportunitynumber=OPP1300001;accountnumber=1000001;accountname=Acme Manufacturing;contactnumber=1100001;subject=Printer jams on tray 2;startdate=2024-03-01T08:00:00;enddate=2024-03-02T17:00:00;priority=High;completed=true;status=0;assignedrepnumbers=101,104,107,110,113'),
    row('text limit 1000', 'soap11', 'MobileTimeLogCreate', { sonumber: '1500001', logcomment: 'x'.repeat(1001) }, 'result=error;code=400;message=logcomment is longer than 1000 characters.'),
    row('a create', 'soap11', 'MobileTimeLogCreate', { sonumber: '1500001', logcomment: 'a;b=c' }, 'result=ok;id=1600081'),
    row('"%", ";" and "=" in a value are percent-encoded', 'get', 'MobileTimeLogList', { sologkeyid: '1600081', sortcolumn: 'sologkeyid' },
      'result=ok;count=1\nsologkeyid=1600081;sonumber=1500001;accountnumber=1000001;repnumber=101;startdatetime=2024-03-05T09:00:00;enddatetime=2024-03-05T09:00:00;elapsedhours=0;elapsedminutes=0;deducthours=0;deductminutes=0;utilizationhours=0;utilizationminutes=0;logcomment=a%3Bb%3Dc;logreason=;internalcomments=;accountname=Acme Manufacturing'),
    row('required filter', 'post', 'MobilePartsUsedList', {}, 'result=error;code=400;message=sonumber is required.'),
  ],
  'vendor-linked': [
    row('a time log names a service order that exists', 'soap11', 'MobileTimeLogCreate', { sonumber: '0', accountnumber: '18' }, '{"ok":false,"error":"unknown service order 0"}'),
    row('the oldest service orders are closed', 'soap11', 'MobileTimeLogCreate', { sonumber: '162', accountnumber: '18' }, '{"ok":false,"error":"service order 162 is closed"}'),
    row("the service order's own account, quoted, 0 refused", 'soap12', 'MobileTimeLogCreate', { sonumber: '36', accountnumber: '0' }, '{"ok":false,"error":"service order 36 belongs to account 30, not 0"}'),
    row('an open service order with its own account', 'post', 'MobileTimeLogCreate', { sonumber: '36', accountnumber: '30' }, '{"ok":true,"id":257}'),
    row('an e-mail names its contact', 'get', 'MobileContactEmailCreate', { contactnumber: '0', accountnumber: '18', email: 'a@b.example' }, '{"ok":false,"error":"unknown contact 0"}'),
    row("and the contact's own account", 'soap11', 'MobileContactEmailCreate', { contactnumber: '37', accountnumber: '30', email: 'a@b.example' }, '{"ok":false,"error":"contact 37 belongs to account 18, not 30"}'),
    row('a reshaped store: 9 of 12 accounts, small random ids, kinds overlapping', 'soap11', 'MobileAccountDefaultsList', { accountnumber: '' },
      '{"ok":true,"records":[{"accountnumber":18,"defaultlocation":"Main","pricelevel":"Standard","taxcode":"US-STD","paymentterms":"Net 15","defaultrep":101},{"accountnumber":33,"defaultlocation":"Van 1","pricelevel":"Preferred","taxcode":"US-STD","paymentterms":"Net 30","defaultrep":102},{"accountnumber":30,"defaultlocation":"Van 2","pricelevel":"Standard","taxcode":"US-STD","paymentterms":"Net 30","defaultrep":103},{"accountnumber":10,"defaultlocation":"Van 2","pricelevel":"Preferred","taxcode":"US-STD","paymentterms":"Net 30","defaultrep":106},{"accountnumber":28,"defaultlocation":"Main","pricelevel":"Standard","taxcode":"US-STD","paymentterms":"Net 15","defaultrep":107},{"accountnumber":32,"defaultlocation":"Van 1","pricelevel":"Preferred","taxcode":"US-STD","paymentterms":"Net 30","defaultrep":108},{"accountnumber":39,"defaultlocation":"Van 2","pricelevel":"Standard","taxcode":"US-STD","paymentterms":"Net 30","defaultrep":109},{"accountnumber":25,"defaultlocation":"Van 1","pricelevel":"Standard","taxcode":"US-STD","paymentterms":"Net 30","defaultrep":111},{"accountnumber":31,"defaultlocation":"Van 2","pricelevel":"Preferred","taxcode":"DE-19","paymentterms":"Net 30","defaultrep":112}]}'),
  ],
  'vendor-exact': [
    row('exact match: "ander" finds nobody', 'get', 'MobileContactSearch', { lastname: 'ander' }, '{"ok":true,"records":[]}'),
    row('exact match, any case; the primary e-mail flat; ids from 70001', 'get', 'MobileContactSearch', { lastname: 'ANDERSON' },
      '{"ok":true,"records":[{"contactnumber":71001,"accountnumber":70001,"accountname":"Acme Manufacturing","firstname":"Alice","lastname":"Anderson","telephone":"555-0200","title":"Office Manager","emailid":72001,"email":"alice.anderson@acme.example"}]}'),
    row('reps by repnumber', 'post', 'MobileTasksList', { taskkeyid: '74002' },
      '{"ok":true,"records":[{"taskkeyid":74002,"sonumber":75002,"opportunitynumber":"","accountnumber":70002,"accountname":"Blue Ridge Dental","contactnumber":71004,"subject":"Replace failed RAID disk","startdate":"2024-03-02T08:00:00","enddate":"2024-03-03T17:00:00","priority":"Normal","completed":false,"status":1,'
      + '"assignedreps":[{"repnumber":108,"repname":"Technician 108"},{"repnumber":111,"repname":"Technician 111"},{"repnumber":114,"repname":"Technician 114"},{"repnumber":117,"repname":"Technician 117"},{"repnumber":120,"repname":"Technician 120"}]}]}'),
    row('strict e-mail, in-band JSON', 'soap11', 'MobileContactEmailCreate', { contactnumber: '71001', email: 'a@b' }, '{"ok":false,"error":"invalid e-mail address: a@b"}'),
    row('a valid e-mail is created', 'soap11', 'MobileContactEmailCreate', { contactnumber: '71001', email: 'a@b.example' }, '{"ok":true,"id":72041}'),
    row('lax on base64 and file names', 'soap12', 'MobileDocumentUpload', { accountnumber: '70001', filename: 'notes', base64string: 'aG k=' }, '{"ok":true,"id":78004}'),
  ],
};

const servers = new Map<string, ReferenceServer>();
const logs = new Map<string, AnswerEntry[]>();
beforeAll(async () => {
  for (const name of Object.keys(TABLES)) {
    const log: AnswerEntry[] = [];
    logs.set(name, log);
    servers.set(name, await startReferenceServer({ stateful: true, personality: name, answerLog: (e) => log.push(e) }));
  }
});
afterAll(() => Promise.all([...servers.values()].map((s) => s.close())));

test('every named personality but the reference has a table here', () => {
  expect(Object.keys(TABLES).sort()).toEqual(PERSONALITIES.map((p) => p.name).filter((n) => n !== 'reference').sort());
});

test('NAME:SEED reshapes the store of a personality that has a store seed; the others take none', async () => {
  const s = await startReferenceServer({ stateful: true, personality: 'vendor-linked:7' });
  try {
    expect((await call(s, 'soap11', 'MobileAccountDefaultsList', { accountnumber: '' })).shown).not.toBe(TABLES['vendor-linked']!.at(-1)!.answer);
  } finally {
    await s.close();
  }
  expect(findPersonality('vendor-linked:7')).toMatchObject({ name: 'vendor-linked:7', storeSeed: 7, owners: 'own' });
  expect(findPersonality('vendor-faults:7')).toBeUndefined();
});

describe.each(Object.keys(TABLES))('%s', (name) => {
  // In order: a row may see what an earlier one created.
  test.each(TABLES[name]!.map((r) => [r.what, r] as const))('%s', async (_what, r) => {
    const answer = await call(servers.get(name)!, r.transport, r.op, r.given);
    expect(answer.status).toBe(r.status);
    expect(answer.fault && r.transport.startsWith('soap') ? `${answer.fault.code} ${answer.fault.reason}` : answer.shown).toBe(r.answer);
  });
});

describe('the answer log', () => {
  test('one line per call: operation, transport, outcome, error, valid; a broken rule is not valid, an unknown id is', async () => {
    const log: AnswerEntry[] = [];
    const s = await startReferenceServer({ stateful: true, personality: 'vendor-xml-strict', authSecret: 'log-secret', answerLog: (e) => log.push(e) });
    try {
      await call(s, 'soap11', 'MobileDispatchUpdate', { taskkeyid: '540001', status: '3', sig: 'deadbeef', timestamp: '2024-01-01T00:00:00Z' });
      expect(log).toEqual([{ operation: 'MobileDispatchUpdate', transport: 'soap11', outcome: 'auth-failure', error: 'Authentication failed: The request timestamp is missing or outside the allowed window.', valid: true }]);
      expect(JSON.stringify(log)).not.toMatch(/deadbeef|2024-01-01T00/);
    } finally {
      await s.close();
    }
    expect(logs.get('vendor-faults')!.slice(1, 4)).toEqual([
      { operation: 'MobileContactEmailDelete', transport: 'soap11', outcome: 'failure', error: 'Unknown emailid 999.', valid: true },
      { operation: 'MobileContactEmailDelete', transport: 'soap12', outcome: 'failure', error: 'Unknown emailid 999.', valid: true },
      { operation: 'MobileDispatchUpdate', transport: 'get', outcome: 'failure', error: 'invalid status 0', valid: false },
    ]);
    expect(logs.get('vendor-pairs')![0]).toEqual({ operation: 'MobileManagedAssetsDropDown', transport: 'soap11', outcome: 'success', valid: true });
  });

  test('the reference personality logs too, and a value outside its own rules is not valid', async () => {
    const log: AnswerEntry[] = [];
    const s = await startReferenceServer({ stateful: true, answerLog: (e) => log.push(e) });
    try {
      await call(s, 'get', 'MobileTasksList', { completed: 'maybe' });
      await call(s, 'post', 'MobileDispatchUpdate', { taskkeyid: '5001', status: '-3' });
    } finally {
      await s.close();
    }
    expect(log).toEqual([
      { operation: 'MobileTasksList', transport: 'get', outcome: 'failure', error: 'completed "maybe" is not true or false.', valid: false },
      { operation: 'MobileDispatchUpdate', transport: 'post', outcome: 'success', valid: true },
    ]);
  });
});

describe('random:SEED', () => {
  test('the same seed draws the same personality; another seed another', () => {
    expect(randomPersonality(7)).toEqual(randomPersonality(7));
    expect(findPersonality('random:7')).toEqual(randomPersonality(7));
    expect(new Set([1, 2, 3, 4, 5].map((seed) => JSON.stringify({ ...randomPersonality(seed), name: '', description: '' }))).size).toBe(5);
  });

  test('two servers of one seed answer the same requests alike, byte for byte', async () => {
    const [a, b] = await Promise.all([startReferenceServer({ stateful: true, personality: 'random:11' }), startReferenceServer({ stateful: true, personality: 'random:11' })]);
    try {
      for (const [op, given] of [['MobileAccountSearch', { accountname: 'acme' }], ['MobileContactEmailDelete', { emailid: '5' }], ['MobileTimeLogList', {}]] as const) {
        const [x, y] = [await call(a, 'soap11', op, given), await call(b, 'soap11', op, given)];
        expect(x.response.body.toString('utf8')).toBe(y.response.body.toString('utf8'));
      }
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  test('an unknown name is refused with the known ones', async () => {
    expect(findPersonality('random:x')).toBeUndefined();
    await expect(startReferenceServer({ stateful: true, personality: 'xml-lax' })).rejects.toThrow('unknown personality "xml-lax"; known: reference, vendor-xml-strict, vendor-faults, vendor-pairs, vendor-exact, vendor-linked, or random:SEED (a whole number)');
  });
});

describe('the data path from the answer log', () => {
  test('counts valid calls that were not refused for their credentials; a broken rule and an auth failure are left out', () => {
    const entries = parseAnswerLog([
      { operation: 'MobileTasksList', transport: 'get', outcome: 'success', valid: true },
      { operation: 'MobileTasksList', transport: 'post', outcome: 'failure', error: 'Unknown taskkeyid 1.', valid: true },
      { operation: 'MobileDispatchUpdate', transport: 'soap11', outcome: 'failure', error: 'invalid status -3', valid: false },
      { operation: 'MobileDispatchUpdate', transport: 'soap12', outcome: 'auth-failure', error: 'Authentication failed: Invalid signature.', valid: true },
      { operation: 'MobileDispatchUpdate', transport: 'get', outcome: 'success', valid: true },
    ].map((e) => JSON.stringify(e)).join('\n'));
    expect(dataPathFromLog(entries)).toEqual({ ratio: 2 / 3, perOperation: { MobileTasksList: { counted: 2, succeeded: 1 }, MobileDispatchUpdate: { counted: 1, succeeded: 1 } } });
    expect(dataPathFromLog([]).ratio).toBe(0);
  });
});
