/**
 * Every stateful mutant really deviates: one probe (a request or a short sequence on a fresh
 * server) that the clean server answers correctly and the mutant answers with its bug, both exact.
 */
import { createHmac } from 'node:crypto';
import { expect, test } from 'vitest';
import { DEFAULT_NAMESPACE, getOperation } from '../../../src/contract/index.js';
import { canonicalText } from '../../../src/server/auth.js';
import { parseXml } from '../../../src/decode/xml.js';
import { startReferenceServer, type ReferenceServer } from '../../../src/server/server.js';
import { STATEFUL_MUTANTS } from '../../../src/server/stateful/mutants.js';
import type { TransportId } from '../../../src/transports/index.js';
import { call, json, recordsOf, type Rec } from './call.js';

const SECRET = 'stateful-mutant-secret';
const GET_PREFIX = `<?xml version="1.0" encoding="utf-8"?>\r\n<string xmlns="${DEFAULT_NAMESPACE}">`;

interface Probe {
  /** What the probe observes; run once on a fresh clean server and once on a fresh mutant. */
  readonly observe: (s: ReferenceServer) => Promise<unknown>;
  readonly clean: unknown;
  readonly mutant: unknown;
  readonly auth?: boolean;
}

/** Status and result text (or the error body) of one call. */
const shown = async (s: ReferenceServer, t: TransportId, op: string, values: Record<string, string>) => {
  const a = await call(s, t, op, values);
  return [a.status, a.shown];
};
const accountNumbers = async (s: ReferenceServer, t: 'soap12' | 'post' | 'get', accountname: string, extra: Record<string, string> = {}) => {
  const answer = await json(s, t, 'MobileAccountSearch', { accountname, ...extra });
  return answer['ok'] ? recordsOf(answer).map((r) => r['accountnumber']) : answer;
};

const PROBES: Record<string, Probe> = {
  'stateful-long-text-500': {
    observe: (s) => shown(s, 'get', 'MobileTimeLogCreate', { sonumber: '6001', logcomment: 'x'.repeat(300) }),
    clean: [200, '{"ok":true,"id":7081}'],
    mutant: [500, 'System.Data.SqlClient.SqlException: String or binary data would be truncated.\r\nThe statement has been terminated.\r\n'],
  },
  'stateful-insert-500-past-validation': {
    // An unknown service order is refused before the insert; the same text past validation crashes.
    observe: async (s) => [await shown(s, 'get', 'MobileTimeLogCreate', { sonumber: '999', internalcomments: 'x'.repeat(300) }), await shown(s, 'get', 'MobileTimeLogCreate', { sonumber: '6001', internalcomments: 'x'.repeat(300) })],
    clean: [[200, '{"ok":false,"error":"Unknown sonumber 999."}'], [200, '{"ok":true,"id":7081}']],
    mutant: [[200, '{"ok":false,"error":"Unknown sonumber 999."}'], [500, 'System.Data.SqlClient.SqlException: String or binary data would be truncated.\r\nThe statement has been terminated.\r\n']],
  },
  'stateful-error-text-unescaped': {
    observe: (s) => shown(s, 'post', 'MobileTasksList', { startdate: '2024-01-01"x' }),
    clean: [200, '{"ok":false,"error":"startdate \\"2024-01-01\\"x\\" is not a date (use YYYY-MM-DD)."}'],
    mutant: [200, '{"ok":false,"error":"startdate "2024-01-01"x" is not a date (use YYYY-MM-DD)."}'],
  },
  'stateful-quote-in-search-500': {
    observe: async (s) => {
      const [status, text] = await shown(s, 'post', 'MobileContactSearch', { lastname: "O'Brien" });
      return [status, status === 200 ? recordsOf(JSON.parse(text as string)).map((r) => r['contactnumber']) : text];
    },
    clean: [200, [2019]],
    mutant: [500, "System.Data.SqlClient.SqlException: Incorrect syntax near 'Brien'.\r\nUnclosed quotation mark after the character string ''.\r\n"],
  },
  'stateful-control-char-raw': {
    observe: async (s) => {
      const a = await call(s, 'get', 'MobileAccountSearch', { accountname: 'Acme', contactname: '', telephone: '', email: '' });
      const body = a.response.body.toString('utf8');
      return [body.includes('\u0001'), parseXml(body).ok];
    },
    clean: [false, true],
    mutant: [true, false],
  },
  'stateful-update-not-persisted': {
    observe: async (s) => [await json(s, 'soap11', 'MobileAccountUpdate', { accountnumber: '1003', accountname: 'Cascade Freight' }), recordsOf(await json(s, 'soap11', 'MobileAccountSearch', { accountname: 'cascade' }))[0]!['accountname']],
    clean: [{ ok: true }, 'Cascade Freight'],
    mutant: [{ ok: true }, 'Cascade Logistics'],
  },
  'stateful-list-omits-created': {
    observe: async (s) => [await json(s, 'soap12', 'MobileTimeLogCreate', { sonumber: '6050', logcomment: 'Fan' }), recordsOf(await json(s, 'soap12', 'MobileTimeLogList', { sonumber: '6050' })).map((r) => r['sologkeyid'])],
    clean: [{ ok: true, id: 7081 }, [7081]],
    mutant: [{ ok: true, id: 7081 }, []],
  },
  'stateful-delete-unknown-succeeds': {
    observe: (s) => json(s, 'soap11', 'MobileContactEmailDelete', { emailid: '2999' }),
    clean: { ok: false, error: 'Unknown emailid 2999.' },
    mutant: { ok: true },
  },
  'stateful-update-unknown-succeeds': {
    observe: async (s) => [await json(s, 'soap11', 'MobileContactEmailUpdate', { emailid: '2999', email: 'x@acme.example' }), await json(s, 'soap11', 'MobileContactEmailDelete', { emailid: '2999' })],
    clean: [{ ok: false, error: 'Unknown emailid 2999.' }, { ok: false, error: 'Unknown emailid 2999.' }],
    mutant: [{ ok: true }, { ok: false, error: 'Unknown emailid 2999.' }],
  },
  'stateful-post-latin1': {
    observe: (s) => accountNumbers(s, 'post', 'Müller'),
    clean: [1012],
    mutant: [],
  },
  'stateful-trim-soap12': {
    observe: (s) => accountNumbers(s, 'soap12', ' Acme'),
    clean: [],
    mutant: [1001],
  },
  'stateful-get-unsigned': {
    auth: true,
    observe: (s) => accountNumbers(s, 'get', 'Acme', { timestamp: new Date().toISOString(), sig: 'forged' }),
    clean: { ok: false, error: 'Authentication failed: Invalid signature.' },
    mutant: [1001],
  },
  'stateful-mobilekey-unchecked': {
    auth: true,
    // Signed as the example scheme signs (src/server/auth.ts), mobilekey left empty.
    observe: (s) => {
      const params = { emailid: '2999', repnumber: '101' };
      const timestamp = new Date().toISOString();
      const sig = createHmac('sha256', SECRET).update(canonicalText(getOperation('MobileContactEmailDelete'), new Map(Object.entries({ ...params, timestamp }))), 'utf8').digest('hex');
      return json(s, 'soap11', 'MobileContactEmailDelete', { ...params, timestamp, sig, mobilekey: '' });
    },
    clean: { ok: false, error: 'Authentication failed: Invalid mobile key.' },
    mutant: { ok: false, error: 'Unknown emailid 2999.' },
  },
  'stateful-error-not-json': {
    observe: (s) => shown(s, 'get', 'MobileContactEmailDelete', { emailid: '1' }),
    clean: [200, '{"ok":false,"error":"Unknown emailid 1."}'],
    mutant: [200, 'Error: Unknown emailid 1.'],
  },
  'stateful-rep-delete-whole-order': {
    observe: async (s) => [await json(s, 'post', 'MobileServiceOrderRepAssignedDelete', { reptodelete: '101', sonumber: '6001' }), (recordsOf(await json(s, 'post', 'MobileTasksList', { taskkeyid: '5001' }))[0]!['assignedreps'] as Rec[]).map((r) => r['reptodelete'])],
    clean: [{ ok: true }, [104, 107, 110, 113]],
    mutant: [{ ok: true }, []],
  },
  'stateful-create-returns-wrong-id': {
    observe: (s) => json(s, 'get', 'MobileContactEmailCreate', { contactnumber: '2003', email: 'c@acme.example' }),
    clean: { ok: true, id: 3041 },
    mutant: { ok: true, id: 2003 },
  },
};

test('every stateful mutant has a probe, a stateful- name and a catalog entry to be caught by', () => {
  expect(Object.keys(PROBES).sort()).toEqual(STATEFUL_MUTANTS.map((m) => m.name).sort());
  for (const m of STATEFUL_MUTANTS) expect([m.name.startsWith('stateful-'), m.caughtBy.length > 0, m.needs?.auth === true]).toEqual([true, true, PROBES[m.name]!.auth === true]);
});

async function observeOn(options: { mutant?: string; auth?: boolean }, probe: Probe): Promise<unknown> {
  const s = await startReferenceServer({ stateful: true, ...(options.mutant ? { mutant: options.mutant } : {}), ...(options.auth ? { authSecret: SECRET } : {}) });
  try {
    return await probe.observe(s);
  } finally {
    await s.close();
  }
}

test.each(STATEFUL_MUTANTS.map((m) => m.name))('%s: the clean server answers the probe correctly, the mutant with its bug', async (name) => {
  const probe = PROBES[name]!;
  expect(await observeOn({ auth: probe.auth }, probe)).toEqual(probe.clean);
  expect(await observeOn({ mutant: name, auth: probe.auth }, probe)).toEqual(probe.mutant);
});

test('a stateful server refuses an echo mutant by name, naming the stateful ones', async () => {
  await expect(startReferenceServer({ stateful: true, mutant: 'trim-post' })).rejects.toThrow(`unknown stateful mutant "trim-post"; known: ${STATEFUL_MUTANTS.map((m) => m.name).join(', ')}`);
});

test('a crash in the web method is a soap:Server fault over SOAP 1.1 and a Receiver fault over SOAP 1.2', async () => {
  const s = await startReferenceServer({ stateful: true, mutant: 'stateful-quote-in-search-500' });
  try {
    const reason = "Server was unable to process request. ---> Incorrect syntax near 's'.\nUnclosed quotation mark after the character string ''.";
    const answers = await Promise.all((['soap11', 'soap12'] as const).map((t) => call(s, t, 'MobileOpportunitySearch', { accountname: "Keystone's" })));
    expect(answers.map((a) => [a.status, a.fault])).toEqual([[500, { code: 'soap:Server', reason }], [500, { code: 'soap:Receiver', reason }]]);
  } finally {
    await s.close();
  }
});
