/**
 * Positive conformance: every selected operation over every selected transport with a valid
 * request. Each test records its exchange in task.meta for the reporters, and fails naming every
 * check that fired.
 */
import { afterAll, describe, inject, test } from 'vitest';
import '../src/engine/vitest-context.js';
import { exampleCase } from '../src/cases/examples.js';
import { getOperation } from '../src/contract/index.js';
import { createHttpClient } from '../src/http/send.js';
import { runCase } from '../src/engine/run-case.js';
import { findingsOf } from '../src/engine/findings.js';

const settings = inject('tsiws');
const client = createHttpClient({
  baseUrl: settings.baseUrl,
  timeoutMs: settings.timeoutMs,
  maxResponseBytes: settings.maxResponseBytes,
  connections: settings.concurrency,
});
afterAll(() => client.close());

for (const name of settings.operations) {
  const testCase = exampleCase(getOperation(name));
  describe(name, () => {
    test.concurrent.for(settings.transports)('%s', async (transport, { task, expect }) => {
      const record = await runCase(settings, client, testCase, transport);
      task.meta.tsiws = record;
      expect(findingsOf(record)).toEqual([]);
    });
  });
}
