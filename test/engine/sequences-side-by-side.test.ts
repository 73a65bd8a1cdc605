/**
 * Sequences on four transports run side by side (each transport's in a lane of its own, started
 * when that lane's worker is up), so each must make its entity under a parent of its own. A service
 * that lists a contact's primary e-mail only (vendor-exact, vendor-faults) rightly stops showing one
 * transport's primary address once another transport makes a primary address for the same contact:
 * sequences sharing that contact would see their entity "lost" and warn about a correct service
 * (one fresh-clone `npm run test:personalities` run did, on vendor-exact's "see update").
 */
import { afterAll, expect, test } from 'vitest';
import { DEFAULTS } from '../../src/config/settings.js';
import { discover } from '../../src/engine/learn/discover.js';
import { runSequence, sequencePlan, type SequenceUnit } from '../../src/engine/sequences/sequences.js';
import { createHttpClient, type HttpClient } from '../../src/http/send.js';
import type { ExchangeRecord } from '../../src/results/record.js';
import { findPersonality } from '../../src/server/stateful/personality.js';
import { createStatefulService } from '../../src/server/stateful/service.js';
import { serveService, type ServiceServer } from './service-server.js';

const servers: ServiceServer[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

const consistency = (records: readonly ExchangeRecord[]) => records.flatMap((r) => r.checks.filter((c) => c.id === 'state-consistency').map((c) => `${r.sequence!.action}: ${c.status === 'passed' ? 'held' : `${c.level} ${c.message!.slice(0, 60)}`}`));

test.each(['vendor-exact', 'vendor-faults'])('%s: the post e-mail sequence, run between the SOAP 1.1 one\'s update and its read, leaves that read showing the SOAP 1.1 address', async (personality) => {
  const server = await serveService(createStatefulService({ resultFormat: 'json', personality: findPersonality(personality)! }));
  servers.push(server);
  const settings = { ...DEFAULTS, embedded: true, stateful: true, baseUrl: server.url };
  const client = createHttpClient({ baseUrl: server.url, timeoutMs: 10_000, maxResponseBytes: DEFAULTS.maxResponseBytes, connections: 4, retries: 0, rate: undefined, access: settings });
  try {
    const withLearned = { ...settings, learned: await discover(settings, client) };
    const unit = (transport: string): SequenceUnit => sequencePlan(withLearned, 0).find((u) => u.sequence === 'contact-email' && u.transport === transport)!;
    // The worst interleaving, made certain: the whole post sequence runs right before SOAP 1.1's
    // "see update" read (its contact search for the updated address) is sent.
    let other: ExchangeRecord[] = [];
    const between: HttpClient = {
      close: () => client.close(),
      async send(request, options) {
        if (other.length === 0 && request.body?.includes('<MobileContactSearch') && request.body.includes('-updated@example.com')) other = await runSequence(withLearned, client, unit('post'));
        return client.send(request, options);
      },
    };
    const soap11 = await runSequence(withLearned, between, unit('soap11'));
    expect(consistency(other)).toEqual(['find: held', 'see update: held', 'gone: held', 'delete again: held']);
    expect(consistency(soap11)).toEqual(['find: held', 'see update: held', 'gone: held', 'delete again: held']);
    // Each under a contact of its own.
    const contactOf = (records: readonly ExchangeRecord[]) => records.find((r) => r.sequence!.action === 'create')!.values!['contactnumber'];
    expect(contactOf(soap11)).not.toBe(contactOf(other));
  } finally {
    await client.close();
  }
});

test('a transport\'s create with no learned contact of its own is not sent and says why; the first transport\'s is', async () => {
  const sent: string[] = [];
  const client: HttpClient = { close: async () => {}, send: async (request) => { sent.push(request.path); return { status: 503, headers: {}, body: Buffer.from(''), elapsedMs: 0 }; } };
  const learned = { pool: { records: [{ from: 'MobileContactSearch', fields: { accountnumber: '1001', contactnumber: '2001', email: 'a@example.com' } }] }, discovery: { sent: 1, records: 1, probes: 0, transport: 'soap11' as const } };
  const settings = { ...DEFAULTS, baseUrl: 'http://127.0.0.1:9', learned, retries: 0 };
  const unit = (transport: 'soap11' | 'soap12'): SequenceUnit => ({ sequence: 'contact-email', transport, repetition: 0, exchanges: 12 });
  const soap12 = await runSequence(settings, client, unit('soap12'));
  expect(sent).toEqual([]);
  const why = 'no learned accountnumber and contactnumber left for this transport: the sequences beside it take the 1 learned';
  expect(soap12.map((r) => `${r.sequence!.action}: ${r.skipped}`)).toEqual([`create: not applicable: ${why}`, ...['update', 'delete', 'delete again', 'update unknown id', 'delete unknown id'].map((a) => `${a}: not applicable: the create was not sent: ${why}`)]);
  // The first transport takes the one contact: its create is sent (and gets HTTP 503 here).
  const soap11 = await runSequence(settings, client, unit('soap11'));
  expect(sent).toHaveLength(1);
  expect(soap11[0]!.values!['contactnumber']).toBe('2001');
});
