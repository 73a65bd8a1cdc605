/**
 * Issue 59's acceptance: a refusal-guided search reaching success on a personality whose creates need
 * two related ids (vendor-linked: a time log's service order and that order's own account, the
 * oldest orders closed; an e-mail's contact and the contact's own account), from a store it has
 * never seen: the store is reshaped by a random seed, drawn here and named in the test's output.
 * Before issue 59 the search stopped with MobileTimeLogCreate blocked ("service order N is closed").
 */
import { expect, test } from 'vitest';
import { DEFAULTS, type RunSettings } from '../../src/config/settings.js';
import { discover } from '../../src/engine/learn/discover.js';
import { searchValues } from '../../src/engine/learn/value-search.js';
import { createHttpClient } from '../../src/http/send.js';
import { startReferenceServer, type AnswerEntry } from '../../src/server/server.js';

const SEED = Math.floor(Math.random() * 1_000_000);

test(`vendor-linked:${SEED}: both creates reach success, each on ids that belong together`, async () => {
  const log: AnswerEntry[] = [];
  const server = await startReferenceServer({ stateful: true, personality: `vendor-linked:${SEED}`, answerLog: (e) => log.push(e) });
  const settings = { ...DEFAULTS, baseUrl: server.url, embedded: false, allowMutations: true, searchBudget: 60 } as RunSettings & { baseUrl: string; embedded: boolean };
  const client = createHttpClient({ baseUrl: server.url, timeoutMs: 10_000, maxResponseBytes: DEFAULTS.maxResponseBytes, connections: 4, retries: 0, rate: undefined, access: settings });
  try {
    const learned = await discover(settings, client);
    // The task list is asked by a learned sonumber: its assignments keep the sonumber beside the rep.
    expect(learned.pool.records.some((r) => r.from === 'MobileTasksList' && r.fields['reptodelete'] !== undefined && r.fields['sonumber'] !== undefined), `seed ${SEED}`).toBe(true);
    const from = log.length;
    const searched = await searchValues(settings, client, learned);
    const search = searched.search!;
    expect(search.sent).toBeLessThanOrEqual(60);
    expect(search.blocked, `seed ${SEED}`).toEqual({});
    expect(search.solved, `seed ${SEED}`).toEqual(expect.arrayContaining(['MobileTimeLogCreate', 'MobileContactEmailCreate']));
    // The service's own log agrees: each create succeeded during the search.
    const successes = new Set(log.slice(from).filter((e) => e.outcome === 'success').map((e) => e.operation));
    expect(successes).toContain('MobileTimeLogCreate');
    expect(successes).toContain('MobileContactEmailCreate');
    // The tuple the target took is a record of the pool: later cases draw it together.
    const found = searched.found!['MobileTimeLogCreate']!;
    expect(searched.pool.records).toContainEqual({ from: 'MobileTimeLogCreate', fields: { sonumber: found['sonumber'], accountnumber: found['accountnumber'] } });
  } finally {
    await client.close();
    await server.close();
  }
});
