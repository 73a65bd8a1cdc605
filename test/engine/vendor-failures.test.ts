/** In-band failures learned on a service this project did not shape (issue 49), case by case: the
 * stateful reference answered as XML in PascalCase and signed with the example scheme, or with its
 * business errors thrown as faults; what discovery learns, and how runCase then judges. The whole
 * runs are test/engine/vendor-runs.test.ts (a system test). */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULTS } from '../../src/config/settings.js';
import type { PositiveCase } from '../../src/cases/case.js';
import { discover } from '../../src/engine/learn/discover.js';
import { runCase } from '../../src/engine/exchange/run-case.js';
import { createHttpClient } from '../../src/http/send.js';
import { startReferenceServer, type ReferenceServer } from '../../src/server/server.js';
import { TRANSPORT_IDS } from '../../src/transports/index.js';
import { REPO } from '../support/cli.js';
import { negativeCases } from '../../src/cases/negative.js';
import { getOperation } from '../../src/contract/index.js';
import { pascalXmlService } from '../support/vendor-services.js';

const SECRET = 'vendor-test-secret';
const dir = mkdtempSync(join(tmpdir(), 'tsiws-vendor-'));
// The example signer reads its secret from the environment when loaded: this module sets it first,
// in whichever process loads it (the run's and its suites' workers).
const SIGNER = join(dir, 'signer.mjs');
writeFileSync(SIGNER, `process.env.TSIWS_AUTH_SECRET = ${JSON.stringify(SECRET)};\nconst { sign } = await import(${JSON.stringify(join(REPO, 'examples/signer.mjs'))});\nexport { sign };\n`);

const UNKNOWN: PositiveCase = { id: 'summary-unknown', operation: 'MobileOpportunitySummary', kind: 'positive', values: { opportunitynumber: 'OPP-0000' } };
const KNOWN: PositiveCase = { ...UNKNOWN, id: 'summary-known', values: { opportunitynumber: 'OPP-4001' } };
const UNREADABLE: PositiveCase = { id: 'time-log-unreadable', operation: 'MobileTimeLogList', kind: 'positive', values: { sologkeyid: '12x', sonumber: '', startdate: '', enddate: '', logreason: '', accountname: '', sortcolumn: '', sortdirection: '' } };
const BAD_SIG = negativeCases(getOperation('MobileOpportunitySummary'), { auth: true }).find((c) => c.scenario === 'auth-corrupted-sig')!;

/** Discovery against `server`, then each case over every transport: [transport, data path, the
 * verdict of `check` as status/level]. */
async function judge(server: ReferenceServer, check: string, cases: ReadonlyArray<PositiveCase | typeof BAD_SIG>) {
  const settings = { ...DEFAULTS, baseUrl: server.url, signer: SIGNER };
  const client = createHttpClient({ baseUrl: server.url, timeoutMs: 10_000, maxResponseBytes: DEFAULTS.maxResponseBytes, connections: 4, retries: 0, rate: undefined, access: settings });
  try {
    // The run's settings carry what it learned to the cases (engine/exchange/run-case.ts).
    const withLearned = { ...settings, learned: await discover({ ...settings, embedded: false }, client) };
    const judged = await Promise.all(cases.map((c) => Promise.all(TRANSPORT_IDS.map(async (t) => {
      const r = await runCase(withLearned, client, c, t);
      const v = r.checks.find((x) => x.id === check);
      return [t, r.dataPath ?? '-', v ? `${v.status}/${v.level ?? 'error'}` : '-', v?.message ?? ''];
    }))));
    return { learned: withLearned.learned, judged };
  } finally {
    await client.close();
  }
}

describe('XML PascalCase results, bad signatures rejected in-band', () => {
  let server: ReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({ service: pascalXmlService({ authSecret: SECRET }) });
  });
  afterAll(() => server?.close());

  test('the pattern is learned without mutating; the data path counts the failure; auth-enforced sees the rejection', async () => {
    const { learned, judged } = await judge(server, 'auth-enforced', [UNKNOWN, KNOWN, BAD_SIG]);
    expect(learned.failure).toMatchObject({ pattern: '', structure: { kind: 'xml-path', path: ['Response', 'Status'], value: 'Error', caseInsensitive: true }, source: 'learned' });
    const [unknown, known, badSig] = judged;
    expect(unknown!.map(([t, path]) => [t, path])).toEqual(TRANSPORT_IDS.map((t) => [t, 'failure']));
    expect(known!.map(([t, path]) => [t, path])).toEqual(TRANSPORT_IDS.map((t) => [t, 'success']));
    expect(badSig!.map(([t, , verdict, message]) => [t, verdict, message])).toEqual(TRANSPORT_IDS.map((t) => [t, 'failed/info',
      'a valid request whose sig is corrupted was rejected in-band: "<Response><Status>Error</Status><ErrorCode>401</ErrorCode><Message>Authentication failed: Invalid signature.</Message></Response>"']));
  });
});

describe('business failures thrown as faults (SoapException; text/plain 500 over GET and POST)', () => {
  let server: ReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({ service: pascalXmlService({ authSecret: SECRET, faults: true }) });
  });
  afterAll(() => server?.close());

  test('an unknown id: a business failure, noted; one ASMX cannot read: not sent', async () => {
    const { learned, judged } = await judge(server, 'not-a-fault', [UNKNOWN, UNREADABLE]);
    expect(learned.businessFault).toMatchObject({ pattern: '^thrown: ', flags: '', source: 'learned' });
    expect(learned.failureUnknown).toBeUndefined();
    const [unknown, unreadable] = judged;
    expect(unknown!.map(([t, path, verdict]) => [t, path, verdict])).toEqual(TRANSPORT_IDS.map((t) => [t, 'failure', 'failed/info']));
    // A value ASMX cannot read ("Cannot convert 12x") is never sent as a valid case (issue 49, item
    // 1): not applicable, so no fault is judged; that ASMX's own conversion faults are never
    // business failures is shown on their texts in test/state/business-fault.test.ts.
    expect(unreadable!.map(([t, path, verdict]) => [t, path, verdict])).toEqual(TRANSPORT_IDS.map((t) => [t, '-', '-']));
  });
});

/** A time log whose comment is longer than the mutant's 255-character column, on a service order that exists. */
const longComment = (sonumber: string, logcomment: string): PositiveCase => ({
  id: `time-log-${logcomment.length}`, operation: 'MobileTimeLogCreate', kind: 'positive',
  values: { sonumber, accountnumber: '0', startdatetime: '2024-05-17T09:00:00', enddatetime: '2024-05-17T10:00:00', elapsedhours: '1', elapsedminutes: '0', logcomment, logreason: '', deducthours: '0', deductminutes: '0', internalcomments: '', utilizationhours: '0', utilizationminutes: '0' },
});

describe('a crash stays an error where business failures are faults: stateful-long-text-500 (a SqlException)', () => {
  // vendor-faults numbers every table from 1; the reference's service orders from 6001 (docs/reference-servers.md).
  test.each([['vendor-faults', '1', true], ['reference', '6001', false]] as const)('%s', async (personality, sonumber, faults) => {
    const server = await startReferenceServer({ stateful: true, personality, mutant: 'stateful-long-text-500', authSecret: SECRET });
    try {
      const unknownOrder = { ...longComment('999999', 'short'), id: 'time-log-unknown-order' };
      const { learned, judged } = await judge(server, 'not-a-fault', [longComment(sonumber, 'x'.repeat(300)), unknownOrder]);
      expect(learned.businessFault !== undefined).toBe(faults);
      const [crash, business] = judged;
      expect(crash!.map(([t, path, verdict]) => [t, path, verdict])).toEqual(TRANSPORT_IDS.map((t) => [t, 'fault', 'failed/error']));
      expect(crash!.every(([, , , message]) => /String or binary data would be truncated/.test(message!))).toBe(true);
      // The control: a business failure on the same server, a fault (noted) or in-band (passed).
      expect(business!.map(([t, path, verdict]) => [t, path, verdict])).toEqual(TRANSPORT_IDS.map((t) => [t, 'failure', faults ? 'failed/info' : 'passed/error']));
    } finally {
      await server.close();
    }
  });
});
