/** The anchor store (src/engine/learn/anchors.ts) and the probes built from an anchor (src/cases/negative.ts):
 * every probe is the anchor with exactly one change; without an anchor, the probe says which was missing. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULTS } from '../../../src/config/settings.js';
import { discover } from '../../../src/engine/learn/discover.js';
import { searchValues } from '../../../src/engine/learn/value-search.js';
import { runCase } from '../../../src/engine/exchange/run-case.js';
import { runCaseUnit } from '../../../src/engine/exchange/run-unit.js';
import { createHttpClient } from '../../../src/http/send.js';
import { startReferenceServer, type ReferenceServer } from '../../../src/server/server.js';
import { REPO } from '../../support/cli.js';
import { getOperation } from '../../../src/contract/index.js';
import { exampleCase } from '../../../src/cases/examples.js';
import { negativeCases } from '../../../src/cases/negative.js';
import { anchorOf, anchorUse, probeConfirmed, probeOnInstance, probesOwnInstance, withAnchors } from '../../../src/engine/learn/anchors.js';
import type { LearnedState } from '../../../src/engine/learn/learned-state.js';

const DELETE = getOperation('MobileContactEmailDelete');
const UPDATE = getOperation('MobileContactEmailUpdate');
const ANCHOR_VALUES = { emailid: '3001', contactnumber: '2001', email: 'a@acme.example', primary: 'true' };
const POOL = { records: [{ from: 'MobileContactSearch', fields: { contactnumber: '2001' } }] } as unknown as LearnedState['pool'];

test('an anchor keeps the values less the authentication parameters, and the first success of an operation is kept', () => {
  const signed = { ...ANCHOR_VALUES, repnumber: '101', timestamp: '2026-11-29T04:00:00Z', sig: 'abc', mobilekey: 'k' };
  expect(anchorOf(signed, 'soap11', 'search')).toEqual({ values: ANCHOR_VALUES, transport: 'soap11', source: 'search' });
  const first = withAnchors(undefined, [{ op: UPDATE, values: ANCHOR_VALUES }], 'soap11', 'discovery');
  const both = withAnchors(first, [{ op: UPDATE, values: { ...ANCHOR_VALUES, email: 'b@acme.example' } }, { op: DELETE, values: { emailid: '3001' } }], 'soap12', 'search');
  expect(both).toEqual({
    MobileContactEmailUpdate: { values: ANCHOR_VALUES, transport: 'soap11', source: 'discovery' },
    MobileContactEmailDelete: { values: { emailid: '3001' }, transport: 'soap12', source: 'search' },
  });
});

test('anchorUse: the anchor, or which was missing and why; nothing where the target answered no record (an echo)', () => {
  const anchor = anchorOf(ANCHOR_VALUES, 'soap11', 'search');
  const learned = { pool: POOL, anchors: { MobileContactEmailUpdate: anchor }, search: { budget: 60, sent: 9, solved: [], blocked: { MobileContactEmailCreate: { message: 'invalid e-mail address: x', param: 'email' } } } } as const;
  expect(anchorUse(learned, 'MobileContactEmailUpdate')).toEqual({ anchor });
  expect(anchorUse(learned, 'MobileContactEmailCreate')).toEqual({ anchorMissing: "no anchor for MobileContactEmailCreate: no request of it is known to succeed (the value search left it blocked at email: 'invalid e-mail address: x'), so a refusal may be the other values' doing" });
  expect(anchorUse(learned, 'MobileContactEmailDelete')).toEqual({ anchorMissing: "no anchor for MobileContactEmailDelete: no request of it is known to succeed (deletes are never searched, since one that succeeds removes the record it found), so a refusal may be the other values' doing" });
  expect(anchorUse(learned, 'MobileAccountSearch')).toEqual({ anchorMissing: "no anchor for MobileAccountSearch: no request of it is known to succeed (neither discovery nor the value search saw a request of it answered with success), so a refusal may be the other values' doing" });
  expect(anchorUse({ pool: { ...POOL, records: [] } as LearnedState['pool'] }, 'MobileContactEmailUpdate')).toBeUndefined();
  expect(anchorUse(undefined, 'MobileContactEmailUpdate')).toBeUndefined();
});

/** The parameters whose value differs between two value sets, either side. */
const changed = (a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): string[] =>
  [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => a[k] !== b[k]);

test('a probe built from an anchor is the anchor with exactly one change: the spoiled parameter, or none (the request is changed)', () => {
  const anchor = anchorOf(ANCHOR_VALUES, 'soap11', 'search');
  const base = { ...exampleCase(UPDATE).values, ...ANCHOR_VALUES };
  const cases = negativeCases(UPDATE, { auth: true, anchor: { anchor } });
  expect(cases.length).toBeGreaterThan(5);
  for (const c of cases) {
    expect([c.id, changed(base, c.values)]).toEqual([c.id, c.param && !['missing-parameter'].includes(c.scenario) ? [c.param] : []]);
    expect(c.anchorMissing).toBeUndefined();
  }
  const emailid = cases.find((c) => c.id === 'MobileContactEmailUpdate-int-non-numeric-emailid')!;
  expect(emailid.values).toEqual({ ...base, emailid: 'abc' });
  expect(cases.find((c) => c.id === 'MobileContactEmailUpdate-auth-missing-mobilekey')!.values).toEqual(base);
});

test('without an anchor the probes are the examples, and the anchored scenarios say which anchor was missing', () => {
  const reason = 'no anchor for MobileContactEmailDelete (a delete is never searched)';
  const cases = negativeCases(DELETE, { auth: true, anchor: { anchorMissing: reason } });
  const example = exampleCase(DELETE).values;
  const byId = Object.fromEntries(cases.map((c) => [c.id, c]));
  expect(byId['MobileContactEmailDelete-auth-missing-mobilekey']).toMatchObject({ values: example, anchorMissing: reason });
  expect(byId['MobileContactEmailDelete-int-non-numeric-emailid']).toMatchObject({ values: { ...example, emailid: 'abc' }, anchorMissing: reason });
  expect(byId['MobileContactEmailDelete-missing-parameter-emailid']!.anchorMissing).toBe(reason);
  // Refused by the runtime before the values are read: no anchor needed.
  expect(byId['MobileContactEmailDelete-malformed-xml']!.anchorMissing).toBeUndefined();
});

describe('against the stateful service with mobilekey unchecked, signed with the example scheme', () => {
  const SECRET = 'anchors-test-secret';
  const dir = mkdtempSync(join(tmpdir(), 'tsiws-anchors-'));
  // The example signer reads its secret from the environment when loaded: set first.
  const SIGNER = join(dir, 'signer.mjs');
  writeFileSync(SIGNER, `process.env.TSIWS_AUTH_SECRET = ${JSON.stringify(SECRET)};\nconst { sign } = await import(${JSON.stringify(join(REPO, 'examples/signer.mjs'))});\nexport { sign };\n`);
  let server: ReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({ stateful: true, mutant: 'stateful-mobilekey-unchecked', authSecret: SECRET });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('discovery and the search keep anchors; the anchored probe without mobilekey is accepted (an error), the unanchored one is inconclusive and says why', async () => {
    const operations = ['MobileAccountSearch', 'MobileContactEmailUpdate', 'MobileContactEmailDelete'];
    const settings = { ...DEFAULTS, baseUrl: server.url, signer: SIGNER, allowMutations: true, operations, transports: ['soap11' as const] };
    const client = createHttpClient({ baseUrl: server.url, timeoutMs: 10_000, maxResponseBytes: DEFAULTS.maxResponseBytes, connections: 4, retries: 0, rate: undefined, access: settings });
    try {
      const learned = await searchValues({ ...settings, embedded: false }, client, await discover({ ...settings, embedded: false }, client));
      expect([learned.anchors?.['MobileAccountSearch']?.source, learned.anchors?.['MobileContactEmailUpdate']?.source, learned.anchors?.['MobileContactEmailDelete']]).toEqual(['discovery', 'search', undefined]);
      // The run's settings carry what it learned to the cases (engine/exchange/run-case.ts).
      const withLearned = { ...settings, learned };
      const verdict = async (operation: string) => {
        const probe = negativeCases(getOperation(operation), { auth: true, anchor: anchorUse(learned, operation) }).find((c) => c.scenario === 'auth-missing-mobilekey')!;
        const record = await runCase(withLearned, client, probe, 'soap11');
        return record.checks.find((c) => c.id === 'auth-enforced');
      };
      expect(await verdict('MobileContactEmailUpdate')).toEqual({ id: 'auth-enforced', status: 'failed', level: 'error', message: 'a valid request without mobilekey was accepted: HTTP 200 with a result' });
      // The hand-picked emailid is unknown: refused for that, whatever the mobilekey.
      const unanchored = await verdict('MobileContactEmailDelete');
      expect(unanchored).toMatchObject({ id: 'auth-enforced', status: 'failed', level: 'info' });
      expect(unanchored!.message).toMatch(/^inconclusive: a valid request without mobilekey was rejected in-band: ".*", but no anchor for MobileContactEmailDelete: no request of it is known to succeed \(deletes are never searched/);
      // As a run sends it (runCaseUnit): on an e-mail its create made for the probe, conclusive.
      const probe = negativeCases(DELETE, { auth: true, anchor: anchorUse(learned, DELETE.name) }).find((c) => c.scenario === 'auth-wrong-mobilekey')!;
      const [onOwn] = await runCaseUnit(withLearned, client, probe, ['soap11']);
      expect(onOwn!.checks.find((c) => c.id === 'auth-enforced')).toEqual({ id: 'auth-enforced', status: 'failed', level: 'error', message: 'a valid request whose mobilekey is wrong was accepted: HTTP 200 with a result' });
    } finally {
      await client.close();
    }
  });
});

test('a probe of a delete with no anchor is made on a record of its own: the record\'s values with the probe\'s one change', () => {
  const reason = 'no anchor for MobileContactEmailDelete';
  const cases = negativeCases(DELETE, { auth: true, anchor: { anchorMissing: reason } });
  const made = { values: { emailid: '3050' }, setup: 'MobileContactEmailCreate over soap11 made emailid 3050' };
  const spoiled = cases.find((c) => c.id === 'MobileContactEmailDelete-int-non-numeric-repnumber')!;
  expect(probesOwnInstance(spoiled)).toBe(true);
  const { anchorMissing: _reason, ...anchored } = spoiled;
  expect(probeOnInstance(spoiled, made)).toStrictEqual({ ...anchored, values: { ...spoiled.values, emailid: '3050', repnumber: 'abc' } });
  const wrongKey = cases.find((c) => c.scenario === 'auth-wrong-mobilekey')!;
  expect(probeOnInstance(wrongKey, made).values).toEqual({ ...wrongKey.values, emailid: '3050' });
  // The record was not made: still no anchor, and why.
  expect(probeOnInstance(wrongKey, { ...made, notApplicable: 'its setup did not succeed' }).anchorMissing).toBe(`${reason}; nor was a record of its own made: ${made.setup}`);
  // An operation whose records no create makes takes a learned one, its refusal confirmed
  // (engine/learn/confirm.ts); one with neither keeps its missing anchor.
  expect([probesOwnInstance({ ...wrongKey, operation: 'MobileServiceOrderRepAssignedDelete' }), probeConfirmed({ ...wrongKey, operation: 'MobileServiceOrderRepAssignedDelete' })]).toEqual([true, true]);
  expect(probeConfirmed(wrongKey)).toBe(false);
  expect(probesOwnInstance({ ...wrongKey, operation: 'MobileAccountUpdate' })).toBe(false);
});
