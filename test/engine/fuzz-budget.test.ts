/** A --max-duration budget that runs out as a fuzz property starts: the property reports no case
 * (the suite marks it cut short), never a tool error. */
import { expect, test } from 'vitest';
import { DEFAULTS } from '../../src/config/settings.js';
import { getOperation } from '../../src/contract/index.js';
import { fuzzOperation } from '../../src/engine/fuzz/fuzz.js';
import { TRANSPORT_IDS } from '../../src/transports/index.js';
import { useReferenceTarget } from '../support/reference-target.js';

const target = useReferenceTarget();

test('interrupted before its first run: no records, no error', async () => {
  // One millisecond: fast-check stops before a sample's four exchanges can finish.
  const records = await fuzzOperation({ ...DEFAULTS, baseUrl: target.server.url, runs: 100_000 }, target.client, getOperation('MobileTimeLogCreate'), TRANSPORT_IDS, { deadline: Date.now() + 1 });
  expect(records).toEqual([]);
});

test('a budget that allows some runs: the records say the property was interrupted', async () => {
  const records = await fuzzOperation({ ...DEFAULTS, baseUrl: target.server.url, runs: 100_000 }, target.client, getOperation('MobileTimeLogCreate'), TRANSPORT_IDS, { deadline: Date.now() + 1500 });
  expect(records.length).toBeGreaterThan(0);
  expect(records.every((r) => r.fuzz?.interrupted === true && r.fuzz.runs > 0 && r.fuzz.runs < 100_000)).toBe(true);
});
