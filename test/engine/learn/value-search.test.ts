/** The search for values that succeed (src/engine/learn/value-search.ts) against a strict variant of the
 * stateful service that rejects hand-picked values in-band, in the words of the vendor of issue 49. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULTS, type RunSettings } from '../../../src/config/settings.js';
import { getOperation } from '../../../src/contract/index.js';
import { discover } from '../../../src/engine/learn/discover.js';
import type { LearnedState } from '../../../src/engine/learn/learned-state.js';
import { learnedCase, poolOf } from '../../../src/engine/learn/learned-cases.js';
import { runCase } from '../../../src/engine/exchange/run-case.js';
import { idGroups, searchValues } from '../../../src/engine/learn/value-search.js';
import { ValuePool } from '../../../src/state/learn.js';
import { createHttpClient, type HttpClient } from '../../../src/http/send.js';
import type { Service } from '../../../src/server/behaviour.js';
import { createStatefulService } from '../../../src/server/stateful/service.js';
import { outcomeText } from '../../../src/server/stateful/outcome.js';
import { PNG_BASE64 } from '../../../src/cases/name-classes.js';
import { serveWrapped, type WrappedServer } from '../../support/wrapped-service.js';

const OPERATIONS = ['MobileAccountSearch', 'MobileContactEmailCreate', 'MobileDocumentUpload', 'MobileDispatchUpdate', 'MobileAccountUpdate'];
const TEXT_FLAGS = ['true', 'false', '1', '0', 'yes', 'no'];
const SIG = 'secret-sig-4711';

/** The stateful service behind checks a vendor may make: each failure in-band, as it words it. */
function strictService(): Service & { requests: number } {
  const inner = createStatefulService({ resultFormat: 'json' });
  const reject = (error: string) => outcomeText({ ok: false, error }, 'json');
  const service = {
    requests: 0,
    answer(...args: Parameters<Service['answer']>) {
      service.requests++;
      const [op, typed, raw] = args;
      const text = (name: string) => String(typed.get(name) ?? '');
      if (op.params.some((p) => p.name === 'email') && op.class !== 'search' && !/^[^@\s]+@[^@\s]+\.[a-z]+$/i.test(text('email'))) return reject(`invalid e-mail address: ${text('email')}`);
      if (op.name === 'MobileDocumentUpload') {
        const ext = /\.(png|txt)$/i.exec(text('filename'))?.[1]?.toLowerCase();
        if (!ext) return reject(`invalid file name: ${text('filename')}`);
        if ((ext === 'png') !== (text('base64string') === PNG_BASE64)) return reject('base64string does not match the file name');
        if (!TEXT_FLAGS.includes(text('nextfile'))) return reject(`invalid nextfile: ${text('nextfile')}`);
      }
      // Codes start at 1: the learned tasks' status 0 is refused too.
      if (op.name === 'MobileDispatchUpdate' && !(Number(typed.get('status')) >= 1 && Number(typed.get('status')) <= 5)) return reject(`invalid status ${String(typed.get('status'))}`);
      // Never satisfied: what still blocks it is reported.
      // It echoes the request's sig, which the report must not show.
      if (op.name === 'MobileAccountUpdate') return reject(`accountid ${text('accountid')} is locked (sig ${raw.get('sig') ?? ''})`);
      return inner.answer(...args);
    },
  };
  return service;
}

async function startStrict(): Promise<WrappedServer & { service: ReturnType<typeof strictService> }> {
  const service = strictService();
  return { ...(await serveWrapped(service)), service };
}

let strict: Awaited<ReturnType<typeof startStrict>>;
let client: HttpClient;
let settings: RunSettings & { embedded: boolean; baseUrl: string };
let learned: LearnedState;

beforeAll(async () => {
  strict = await startStrict();
  settings = { ...DEFAULTS, baseUrl: strict.url, embedded: false, allowMutations: true, transports: ['soap11'], operations: OPERATIONS, searchBudget: 60, sig: SIG };
  client = createHttpClient({ baseUrl: strict.url, timeoutMs: 10_000, maxResponseBytes: DEFAULTS.maxResponseBytes, connections: 4, retries: 0, rate: undefined, access: settings });
  learned = await discover(settings, client);
});
afterAll(async () => {
  await client.close();
  await strict.close();
});

/** The data path of each operation's valid case, as a run classes it. */
async function dataPath(state: LearnedState): Promise<Record<string, string | undefined>> {
  const pool = poolOf(state)!;
  const out: Record<string, string | undefined> = {};
  for (const name of OPERATIONS) out[name] = (await runCase({ ...settings, learned: state } as RunSettings & { baseUrl: string }, client, learnedCase(getOperation(name), pool), 'soap11')).dataPath;
  return out;
}

describe('against a service that rejects hand-picked values in-band', () => {
  test('finds values that succeed, within the budget, and the data path improves', async () => {
    expect(learned.failure).toBeDefined();
    const before = await dataPath(learned);
    expect(before).toEqual({ MobileAccountSearch: 'success', MobileContactEmailCreate: 'failure', MobileDocumentUpload: 'failure', MobileDispatchUpdate: 'failure', MobileAccountUpdate: 'failure' });
    const sentBefore = strict.service.requests;
    const searched = await searchValues(settings, client, learned);
    expect(strict.service.requests - sentBefore).toBe(searched.search!.sent);
    expect(searched.search!.sent).toBeLessThanOrEqual(60);
    expect(searched.search!.solved).toEqual(['MobileContactEmailCreate', 'MobileDocumentUpload', 'MobileDispatchUpdate']);
    // The parameter the message named was varied, one after the other (file name, then nextfile).
    expect(searched.found!['MobileDocumentUpload']).toEqual({ filename: 'tsiws-conformance.txt', nextfile: 'true' });
    expect(searched.found!['MobileContactEmailCreate']!['email']).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/i);
    expect(Object.keys(searched.found!['MobileContactEmailCreate']!)).toEqual(['email']);
    expect(searched.found!['MobileDispatchUpdate']).toEqual({ status: '1' });
    // Every candidate was tried within the budget: nothing left to try, not a budget spent.
    expect(searched.search!.blocked).toEqual({ MobileAccountUpdate: { message: expect.stringContaining('is locked'), param: 'accountid', stopped: 'exhausted' } });
    // The echoed sig is there, redacted.
    expect(searched.search!.blocked['MobileAccountUpdate']!.message).toMatch(/\(sig [^)]+\)/);
    expect(JSON.stringify(searched.search)).not.toContain(SIG);
    const after = await dataPath(searched);
    expect(after).toEqual({ ...before, MobileContactEmailCreate: 'success', MobileDocumentUpload: 'success', MobileDispatchUpdate: 'success' });
  });

  test('with budget 0 nothing is searched; without --allow-mutations no mutating operation is sent', async () => {
    const sent = strict.service.requests;
    expect(await searchValues({ ...settings, searchBudget: 0 }, client, learned)).toBe(learned);
    expect(strict.service.requests).toBe(sent);
    const guarded = await searchValues({ ...settings, allowMutations: false }, client, learned);
    // The one read selected succeeds: one request, nothing found, nothing blocked; then the length
    // probe's one request, its long text taken (length-probe.ts).
    expect(guarded.search).toEqual({ budget: 60, sent: 2, solved: [], blocked: {} });
    expect(strict.service.requests).toBe(sent + 2);
  });

  test('an operation left unsolved when the budget ran out says so, not that nothing was left to try', async () => {
    // The five valid requests, two turns and the length probe's three: too few to try all there is.
    const short = await searchValues({ ...settings, searchBudget: 10 }, client, learned);
    expect(short.search!.sent).toBeLessThanOrEqual(10);
    expect(short.search!.blocked['MobileAccountUpdate']).toMatchObject({ stopped: 'budget' });
  });
});

test('ids that belong together come from one learned record that carries them all', () => {
  const pool = new ValuePool();
  pool.add([
    { from: 'MobileAccountSearch', fields: { accountnumber: '7' } },
    { from: 'MobileContactSearch', fields: { contactnumber: '21', accountnumber: '3', email: 'a@b.example' } },
    { from: 'MobileContactSearch', fields: { contactnumber: '22', accountnumber: '4' } },
  ]);
  const create = getOperation('MobileContactEmailCreate');
  expect(idGroups(create, pool, 'contactnumber', 4)).toEqual([{ accountnumber: '3', contactnumber: '21' }, { accountnumber: '4', contactnumber: '22' }]);
  // Not an id, or an operation with one id only: no groups.
  expect(idGroups(create, pool, 'email', 4)).toEqual([]);
  expect(idGroups(getOperation('MobileDispatchUpdate'), pool, 'taskkeyid', 4)).toEqual([]);
});

describe('what the search leaves alone', () => {
  test('an answer that is not XML 1.0 (a crash or a writer\'s bug) is a finding, not a refusal to search around', async () => {
    const { startReferenceServer } = await import('../../../src/server/server.js');
    const server = await startReferenceServer({ stateful: true, mutant: 'stateful-control-char-raw' });
    const settings = { ...DEFAULTS, baseUrl: server.url, embedded: false, operations: ['MobileAccountSearch'] } as RunSettings & { baseUrl: string; embedded: boolean };
    const client = createHttpClient({ baseUrl: server.url, timeoutMs: 10_000, maxResponseBytes: DEFAULTS.maxResponseBytes, connections: 2, retries: 0, rate: undefined, access: settings });
    try {
      const learned = await searchValues(settings, client, await discover(settings, client));
      // The search would have found a filter that lists no account, and so no broken hotnote.
      expect(learned.found?.['MobileAccountSearch']).toBeUndefined();
      expect(learned.search?.solved ?? []).toEqual([]);
    } finally {
      await client.close();
      await server.close();
    }
  });
});
