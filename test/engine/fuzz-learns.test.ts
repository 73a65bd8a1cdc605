/** The fuzzer learns which parameters a stricter vendor constrains (src/engine/fuzz/fuzz-constraints.ts):
 * against the stateful service behind an e-mail syntax check, its samples reach the data path. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULTS, type RunSettings } from '../../src/config/settings.js';
import { getOperation } from '../../src/contract/index.js';
import { discover } from '../../src/engine/learn/discover.js';
import type { LearnedState } from '../../src/engine/learn/learned-state.js';
import { fuzzOperation } from '../../src/engine/fuzz/fuzz.js';
import { createHttpClient, type HttpClient } from '../../src/http/send.js';
import { countsOf } from '../../src/results/data-path.js';
import type { Service } from '../../src/server/behaviour.js';
import { outcomeText } from '../../src/server/stateful/outcome.js';
import { createStatefulService } from '../../src/server/stateful/service.js';
import { serveWrapped, type WrappedServer } from '../support/wrapped-service.js';

const op = getOperation('MobileContactSearch');
const SIG = 'secret-sig-4711';

/** A contact search that refuses an e-mail filter that is no e-mail address, in-band: in words that
 * name the parameter, or (`vague`) in words that name nothing. */
function strictSearch(vague: { on: boolean }): Service {
  const inner = createStatefulService({ resultFormat: 'json' });
  return {
    answer(...args: Parameters<Service['answer']>) {
      const [called, typed] = args;
      const email = String(typed.get('email') ?? '');
      if (called.name === op.name && email !== '' && !/^[^@\s]+@[^@\s]+\.[a-z]+$/i.test(email)) return outcomeText({ ok: false, error: vague.on ? 'request refused' : `invalid e-mail address: ${email}` }, 'json');
      return inner.answer(...args);
    },
  };
}

const vague = { on: false };
let target: WrappedServer;
let client: HttpClient;
let settings: RunSettings & { embedded: boolean; baseUrl: string };
let learned: LearnedState;

beforeAll(async () => {
  target = await serveWrapped(strictSearch(vague));
  settings = { ...DEFAULTS, baseUrl: target.url, embedded: false, transports: ['soap11'], operations: [op.name], runs: 100, seed: 7, searchBudget: 0, sig: SIG };
  client = createHttpClient({ baseUrl: target.url, timeoutMs: 10_000, maxResponseBytes: DEFAULTS.maxResponseBytes, connections: 4, retries: 0, rate: undefined, access: settings });
  learned = await discover({ ...settings, allowMutations: true }, client);
});
afterAll(async () => {
  await client.close();
  await target.close();
});

/** Fuzzes the search once: the requests sent, in order, and the property's fuzz information. */
async function fuzzOnce() {
  const sent: string[] = [];
  const [record] = await fuzzOperation({ ...settings, learned }, client, op, ['soap11'], { onSample: (records) => sent.push(...records.map((r) => r.request.body ?? '')) });
  return { sent, fuzz: record!.fuzz! };
}

describe('against a service that checks the e-mail filter', () => {
  test('the fuzzer constrains the parameter its failures name, and its data path rises above 0.9', async () => {
    expect(learned.failure).toBeDefined();
    const first = await fuzzOnce();
    expect(first.fuzz.constrained).toEqual([{ param: 'email', because: 'name', from: 'valid case', after: expect.any(Number) }]);
    // Two of the first samples (some drew an empty filter or an address, which pass) taught it.
    expect(first.fuzz.constrained![0]!.after).toBeLessThan(10);
    const counts = countsOf(first.fuzz.dataPath!);
    expect(counts.total).toBe(100);
    expect(counts.success / counts.total).toBeGreaterThan(0.9);
    // What was sent is what the coverage counts: e-mail addresses, mostly.
    expect(first.sent.filter((body) => body.includes('@')).length).toBeGreaterThan(85);
    // The same seed against the same answers sends the same requests.
    const second = await fuzzOnce();
    expect(second.sent).toEqual(first.sent);
    expect(JSON.stringify(first)).not.toContain(SIG);
  });

  test('failures that name nothing teach nothing: the data path stays where the drawn values put it', async () => {
    vague.on = true;
    try {
      const { fuzz } = await fuzzOnce();
      expect(fuzz.constrained).toBeUndefined();
      const counts = countsOf(fuzz.dataPath!);
      expect(counts.success / counts.total).toBeLessThan(0.5);
    } finally {
      vague.on = false;
    }
  });
});
