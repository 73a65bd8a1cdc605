/**
 * matches-reference is part of the fuzz property (issue 50): with a reference, a fuzz sample whose
 * answer differs from the reference's beyond the noise is a counterexample, shrunk like any other,
 * even when it is the only check selected. Two stateful services in this process: the candidate
 * with the mutant whose long logcomment is a SqlException (stateful-long-text-500), the reference
 * clean; then two clean ones, which agree on every sample.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEFAULTS, type RunSettings } from '../../../src/config/settings.js';
import { getOperation } from '../../../src/contract/index.js';
import { fuzzOperation } from '../../../src/engine/fuzz/fuzz.js';
import { attachReference, openReferenceSides } from '../../../src/engine/reference/reference-clients.js';
import { createHttpClient, type HttpClient } from '../../../src/http/send.js';
import { failureFile } from '../../../src/report/digest/failure-files.js';
import type { ExchangeRecord } from '../../../src/results/record.js';
import { startReferenceServer, type ReferenceServer } from '../../../src/server/server.js';
import type { TransportId } from '../../../src/transports/index.js';
import { REFERENCE_RUN } from '../../support/reference-records.js';

const op = getOperation('MobileTimeLogCreate');
const TRANSPORTS: TransportId[] = ['soap11', 'get'];
// The column the mutant overflows (src/server/stateful/mutants.ts). Seed 7 draws a longer
// logcomment at its fifth sample (strings up to 400 characters). Shrinking meets its budget
// (fuzz.ts SHRINK_BUDGET_MS) trying the other parameters, by then down to 256 characters.
const COLUMN = 255;

let servers: ReferenceServer[] = [];
beforeAll(async () => {
  servers = await Promise.all([startReferenceServer({ stateful: true, mutant: 'stateful-long-text-500' }), startReferenceServer({ stateful: true }), startReferenceServer({ stateful: true })]);
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

/** Fuzzes the operation against `candidate`, each sample asked of `reference` too, with only matches-reference selected. */
async function fuzzAgainst(candidate: ReferenceServer, reference: ReferenceServer): Promise<ExchangeRecord[]> {
  const settings: RunSettings & { baseUrl: string } = { ...DEFAULTS, baseUrl: candidate.url, referenceUrl: reference.url, allowMutations: true, checks: ['matches-reference'], runs: 15, seed: 7, maxStringLength: 400 };
  const client: HttpClient = createHttpClient({ baseUrl: candidate.url, timeoutMs: 5000, maxResponseBytes: 1 << 20, connections: 2 });
  const sides = openReferenceSides(settings)!;
  attachReference(client, sides);
  try {
    return await fuzzOperation(settings, client, op, TRANSPORTS);
  } finally {
    await client.close();
    await sides.close();
  }
}

const differing = (records: readonly ExchangeRecord[]) => records.filter((r) => r.checks.some((c) => c.id === 'matches-reference' && c.status === 'failed'));

test('a sample the candidate answers with a fault where the reference answers a result is a shrunk counterexample, the reference\'s answer in its failure file', async () => {
  const records = await fuzzAgainst(servers[0]!, servers[1]!);
  const found = differing(records);
  expect(found.map((r) => r.transport)).toEqual(TRANSPORTS);
  for (const r of found) {
    // Shrunk, and still over the column: the shrunk sample differs as the first failure did.
    expect(r.fuzz?.shrinks).toBeGreaterThan(0);
    expect(r.values!['logcomment']!.length).toBeGreaterThan(COLUMN);
    expect(r.values!['logcomment']!.length).toBeLessThan(COLUMN + 20);
    expect(r.checks.find((c) => c.id === 'matches-reference')).toMatchObject({ level: 'error', message: 'the answer differs from the reference\'s beyond its noise: (outcome): reference "result", candidate "rejected"' });
    const file = failureFile(r, REFERENCE_RUN, `failures/${r.caseId}.json`);
    expect(file.findings).toEqual([expect.stringMatching(/^matches-reference: the answer differs/)]);
    expect(file.reference?.answers).toEqual([{ side: 'primary', status: 200, outcome: 'result', text: expect.stringMatching(/^\{"ok":/) }]);
    expect(file.reference?.candidate).toMatchObject({ status: 500, outcome: 'rejected', text: expect.stringContaining('String or binary data would be truncated') });
  }
}, 60_000);

test('two clean services agree on every sample: the property passes, nothing differs', async () => {
  const records = await fuzzAgainst(servers[1]!, servers[2]!);
  expect(differing(records)).toEqual([]);
  expect(records[0]?.fuzz).toMatchObject({ runs: 15, interrupted: false });
  expect(records[0]?.fuzz?.path).toBeUndefined();
  // Compared indeed: the reference answered the samples.
  expect(records.filter((r) => r.kind === 'fuzz').every((r) => r.reference?.answers.length === 1)).toBe(true);
}, 60_000);
