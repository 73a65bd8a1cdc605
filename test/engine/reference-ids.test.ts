/** A field holding ids a create made on each side, mapped to each other, is no difference
 * (src/engine/reference.ts withIdsMapped); any other value of that field still is. */
import { expect, test } from 'vitest';
import { withIdsMapped } from '../../src/engine/reference.js';
import type { ReferenceSide } from '../../src/engine/reference-clients.js';

const side = (ids: Record<string, string>): ReferenceSide => ({ flag: '--reference-url', baseUrl: 'http://reference', client: undefined as never, ids: new Map(Object.entries(ids)) });
const compared = (...differences: Array<[string, string | null, string | null]>) => ({ differences: differences.map(([field, reference, candidate]) => ({ field, reference, candidate })) });

test('the candidate\'s new emailid where the reference shows its own is no difference; other values are', () => {
  const mapped = side({ 'emailid 3066': '3053' });
  const result = withIdsMapped(compared(['$.records[0].emailid', '3053', '3066'], ['$.records[0].email', '"a@x"', '"b@x"'], ['$.records[1].emailid', '3054', '3066'], ['$.records[2].emailid', null, '3066']), mapped);
  expect(result.differences.map((d) => d.field)).toEqual(['$.records[0].email', '$.records[1].emailid', '$.records[2].emailid']);
  // Ids kept as JSON strings are compared without their quotes.
  expect(withIdsMapped(compared(['$.id', '"3053"', '"3066"']), mapped).differences).toEqual([]);
  // Nothing mapped: the comparison is returned as it is.
  const alone = compared(['$.records[0].emailid', '3053', '3066']);
  expect(withIdsMapped(alone, side({}))).toBe(alone);
});

test('with a reference, the phases that change state go one case at a time; the reads and runs without one keep their concurrency', async () => {
  const { inReferenceOrder } = await import('../../src/engine/run.js');
  const { DEFAULTS } = await import('../../src/config/settings.js');
  const base = { ...DEFAULTS, workers: 4, concurrency: 8 };
  const withRef = { ...base, referenceUrl: 'http://reference' };
  expect(['reads', 'mutations', 'sequences'].map((phase) => inReferenceOrder({ ...withRef, phase: phase as 'reads' }))).toMatchObject([{ workers: 4, concurrency: 8 }, { workers: 1, concurrency: 1 }, { workers: 1, concurrency: 1 }]);
  expect(inReferenceOrder({ ...base, phase: 'sequences' })).toMatchObject({ workers: 4, concurrency: 8 });
});
