/** A fuzz property builds the request reports show only for the samples it keeps (its first, or its
 * shrunk counterexample) and for those --record sees: what it returns shows each request exactly as
 * runCase shows it, curl commands in the parity record included. */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEFAULTS, type RunSettings } from '../../src/config/settings.js';
import { getOperation } from '../../src/contract/index.js';
import { caseFor, fuzzOperation } from '../../src/engine/fuzz/fuzz.js';
import { REQUEST_NOT_SHOWN, runCase } from '../../src/engine/exchange/run-case.js';
import { createHttpClient, type HttpClient } from '../../src/http/send.js';
import type { ExchangeRecord } from '../../src/results/record.js';
import { startReferenceServer, type ReferenceServer } from '../../src/server/server.js';
import { TRANSPORT_IDS, type TransportId } from '../../src/transports/index.js';
import { useReferenceTarget } from '../support/reference-target.js';

const target = useReferenceTarget();
const op = getOperation('MobileTimeLogCreate');
// Fixed authentication values, so that the request runCase shows again is the one the sample showed.
const fixed = { timestamp: '2026-01-01T00:00:00', sig: 'sig-secret-value', mobilekey: 'mk-secret-123' };

/** What runCase itself shows for each transport record's case (sent again to the same target). */
async function shownByRunCase(settings: RunSettings & { baseUrl: string }, client: HttpClient, records: readonly ExchangeRecord[]) {
  const exchanges = records.filter((r) => r.kind !== 'parity');
  return Promise.all(exchanges.map(async (r) => (await runCase(settings, client, caseFor(op, r.values!, r.transport as TransportId, r.caseId), r.transport as TransportId)).request));
}

function expectShown(records: readonly ExchangeRecord[]) {
  for (const r of records) {
    expect(r.request, `${r.caseId} ${r.transport}`).not.toBe(REQUEST_NOT_SHOWN);
    expect(r.request.curl, `${r.caseId} ${r.transport}`).toMatch(/^curl /);
  }
  const parity = records.find((r) => r.kind === 'parity');
  expect(parity?.parity?.outcomes.map((o) => o.curl)).toEqual(records.filter((r) => r.kind !== 'parity').map((r) => r.request.curl));
}

test('a passing property returns its first sample with every request shown, as runCase shows it', async () => {
  const settings = { ...DEFAULTS, ...fixed, baseUrl: target.server.url, runs: 20 };
  const sampled: ExchangeRecord[][] = [];
  const records = await fuzzOperation(settings, target.client, op, TRANSPORT_IDS, { onSample: (rs) => sampled.push([...rs]) });
  expect(records.map((r) => r.transport)).toEqual([...TRANSPORT_IDS, 'parity']);
  expectShown(records);
  expect(records.filter((r) => r.kind !== 'parity').map((r) => r.request)).toEqual(await shownByRunCase(settings, target.client, records));
  // --record sees every sample with its requests shown too.
  expect(sampled.length).toBe(20);
  for (const rs of sampled) for (const r of rs) expect(r.request.curl).toMatch(/^curl /);
});

let mangling: ReferenceServer;
let manglingClient: HttpClient;
beforeAll(async () => {
  mangling = await startReferenceServer({ mutant: 'mangle-non-ascii-get' });
  manglingClient = createHttpClient({ baseUrl: mangling.url, timeoutMs: 5000, maxResponseBytes: 1 << 20, connections: 4 });
});
afterAll(async () => {
  await manglingClient.close();
  await mangling.close();
});

test('a failing property returns its shrunk counterexample with every request shown', async () => {
  const settings = { ...DEFAULTS, ...fixed, baseUrl: mangling.url, runs: 200, seed: 7 };
  const records = await fuzzOperation(settings, manglingClient, op, TRANSPORT_IDS);
  expect(records[0]?.fuzz?.path).toBeDefined();
  expectShown(records);
  expect(records.filter((r) => r.kind !== 'parity').map((r) => r.request)).toEqual(await shownByRunCase(settings, manglingClient, records));
});
