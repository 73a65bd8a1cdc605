/**
 * The adversarial ladder against a target with data (src/engine/fuzz/ladder.ts): from the accepted
 * request, the rung that breaks a result or crashes the service is a record naming the parameter
 * and the rung; against the clean service every rung passes. Stateful services in this process,
 * each learned by discovery as a run would.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULTS, type RunSettings } from '../../../src/config/settings.js';
import { getOperation } from '../../../src/contract/index.js';
import { discover } from '../../../src/engine/learn/discover.js';
import type { LearnedState } from '../../../src/engine/learn/learned-state.js';
import { climbLadder, climbs, freeTextParams, ladderBase } from '../../../src/engine/fuzz/ladder.js';
import { createHttpClient, type HttpClient } from '../../../src/http/send.js';
import type { ExchangeRecord } from '../../../src/results/record.js';
import { startReferenceServer, type ReferenceServer } from '../../../src/server/server.js';

type Settings = RunSettings & { embedded: boolean; baseUrl: string; learned: LearnedState };

interface Target {
  readonly server: ReferenceServer;
  readonly client: HttpClient;
  readonly settings: Settings;
}

async function target(options: { mutant?: string; personality?: string }): Promise<Target> {
  const server = await startReferenceServer({ stateful: true, ...options });
  const base = { ...DEFAULTS, baseUrl: server.url, embedded: false, allowMutations: true, transports: ['soap11', 'get'] as const, seed: 3 };
  const client = createHttpClient({ baseUrl: server.url, timeoutMs: 10_000, maxResponseBytes: DEFAULTS.maxResponseBytes, connections: 4, retries: 0, rate: undefined, access: base });
  const learned = await discover(base, client);
  return { server, client, settings: { ...base, transports: ['soap11', 'get'], learned } };
}

const findings = (records: readonly ExchangeRecord[]) => records.map((r) => [r.caseId, r.transport, r.checks.filter((c) => c.status === 'failed' && c.level !== 'info').map((c) => c.id)]);

const targets: Record<string, Target> = {};
beforeAll(async () => {
  targets['clean'] = await target({});
  targets['unescaped'] = await target({ mutant: 'stateful-error-text-unescaped' });
  targets['insert'] = await target({ mutant: 'stateful-insert-500-past-validation', personality: 'vendor-pairs' });
  targets['long'] = await target({ mutant: 'stateful-long-text-500', personality: 'vendor-faults' });
});
afterAll(async () => {
  for (const t of Object.values(targets)) {
    await t.client.close();
    await t.server.close();
  }
});

describe('the ladder\'s base and parameters', () => {
  test('the base is the learned valid case over the transport discovery used; every text parameter but authentication is free text until the search says otherwise', () => {
    const { settings } = targets['clean']!;
    const op = getOperation('MobileTimeLogCreate');
    const base = ladderBase(op, settings.learned, settings.transports)!;
    expect(base.transport).toBe(settings.learned.discovery.transport);
    expect(base.from).toBe('the learned valid case');
    expect(freeTextParams(op, settings.learned)).toEqual(['logcomment', 'logreason', 'internalcomments']);
    // What the search had to find, or stopped at, is constrained: not climbed.
    const searched = { ...settings.learned, found: { [op.name]: { logreason: 'Travel' } }, search: { budget: 1, sent: 1, solved: [op.name], blocked: { MobileTimeLogList: { message: 'x', param: 'logreason' } } } };
    expect(freeTextParams(op, searched)).toEqual(['logcomment', 'internalcomments']);
    expect(freeTextParams(getOperation('MobileTimeLogList'), searched)).not.toContain('logreason');
    expect(ladderBase(getOperation('MobileTimeLogList'), searched, settings.transports)).toBeUndefined();
  });

  test('the base is the operation\'s anchor where the run kept one over a selected transport, else the learned valid case', () => {
    const { settings } = targets['clean']!;
    const op = getOperation('MobileTimeLogCreate');
    const fallback = ladderBase(op, settings.learned, settings.transports)!;
    const anchor = { values: { sonumber: '6003', accountnumber: '1007', logcomment: 'as accepted' }, transport: 'get' as const, source: 'search' as const };
    const anchored = { ...settings.learned, anchors: { ...settings.learned.anchors, [op.name]: anchor } };
    expect(ladderBase(op, anchored, settings.transports)).toEqual({ values: { ...fallback.values, ...anchor.values }, transport: 'get', from: 'the anchor (search)' });
    // Its transport not selected: the learned valid case, as without one.
    expect(ladderBase(op, anchored, ['soap11'])).toEqual({ ...fallback, transport: 'soap11' });
  });

  test('no ladder without data, for an operation whose cases need records of their own, or for a mutation beside a reference', () => {
    const { settings } = targets['clean']!;
    expect(climbs({ ...settings, learned: { ...settings.learned, pool: { ...settings.learned.pool, records: [] } } }, getOperation('MobileAccountSearch'))).toBe(false);
    expect(climbs(settings, getOperation('MobileContactEmailUpdate'))).toBe(false);
    expect(climbs({ ...settings, referenceUrl: 'http://127.0.0.1:1' }, getOperation('MobileTimeLogCreate'))).toBe(false);
    expect(climbs({ ...settings, referenceUrl: 'http://127.0.0.1:1' }, getOperation('MobileAccountSearch'))).toBe(true);
  });
});

describe('findings on the ladder', () => {
  test('an error message pasted unescaped into the JSON result: the quote, markup and line-feed rungs of a date break it, each a record naming parameter and rung', async () => {
    const { settings, client } = targets['unescaped']!;
    const records = await climbLadder(settings, client, getOperation('MobileTimeLogList'), settings.transports);
    const ids = records.map((r) => r.caseId);
    expect(ids).toContain('MobileTimeLogList-ladder-startdate-dquote');
    expect(ids).toContain('MobileTimeLogList-ladder-startdate-lf');
    for (const r of records) expect(r.checks.find((c) => c.id === 'result-format-consistent')).toMatchObject({ status: 'failed', level: 'warning' });
    const dquote = records.find((r) => r.caseId === 'MobileTimeLogList-ladder-startdate-dquote')!;
    expect(dquote.fuzz?.ladder).toEqual({ param: 'startdate', rung: 'dquote', what: 'the character "', base: 'the anchor (discovery)' });
    expect(dquote.request.curl).not.toBe('');
  });

  test('a crash only a create past validation reaches: the 256-character rung of internalcomments, on a service that takes 1,000', async () => {
    const { settings, client } = targets['insert']!;
    const records = await climbLadder(settings, client, getOperation('MobileTimeLogCreate'), settings.transports);
    expect(findings(records)).toEqual([
      ['MobileTimeLogCreate-ladder-internalcomments-len-256', settings.learned.discovery.transport, expect.arrayContaining(['not-a-fault'])],
      ['MobileTimeLogCreate-ladder-internalcomments-len-1000', settings.learned.discovery.transport, expect.arrayContaining(['not-a-fault'])],
    ]);
  });

  test('stateful-long-text-500 where business errors are faults: the 256- and 1,000-character rungs of logcomment, the 4,000 one refused as a business fault', async () => {
    const { settings, client } = targets['long']!;
    const records = await climbLadder(settings, client, getOperation('MobileTimeLogCreate'), settings.transports);
    expect(records.map((r) => r.caseId)).toEqual(['MobileTimeLogCreate-ladder-logcomment-len-256', 'MobileTimeLogCreate-ladder-logcomment-len-1000']);
    for (const r of records) expect(r.checks.find((c) => c.id === 'not-a-fault')).toMatchObject({ status: 'failed', level: 'error' });
  });

  test('the clean service answers every rung of the same operations without a finding', async () => {
    const { settings, client } = targets['clean']!;
    for (const name of ['MobileTimeLogCreate', 'MobileTimeLogList']) {
      expect(findings(await climbLadder(settings, client, getOperation(name), settings.transports))).toEqual([]);
    }
  });
});
