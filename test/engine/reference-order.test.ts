/** A run against a reference goes one case at a time where cases change state, so that both sides
 * are sent the cases in the same order (src/engine/run/run.ts inReferenceOrder). The ids each side made
 * are compared in test/regression/reference-compare.test.ts. */
import { expect, test } from 'vitest';

test('with a reference, the phases that change state go one case at a time; the reads and runs without one keep their concurrency', async () => {
  const { inReferenceOrder } = await import('../../src/engine/run/run.js');
  const { DEFAULTS } = await import('../../src/config/settings.js');
  const base = { ...DEFAULTS, workers: 4, concurrency: 8 };
  const withRef = { ...base, referenceUrl: 'http://reference' };
  expect(['reads', 'mutations', 'sequences'].map((phase) => inReferenceOrder({ ...withRef, phase: phase as 'reads' }))).toMatchObject([{ workers: 4, concurrency: 8 }, { workers: 1, concurrency: 1 }, { workers: 1, concurrency: 1 }]);
  expect(inReferenceOrder({ ...base, phase: 'sequences' })).toMatchObject({ workers: 4, concurrency: 8 });
});
