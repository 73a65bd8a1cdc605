/** Values the search found seed the fuzzer (src/cases/arbitraries.ts, CaseConstraints.seeds). */
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { valuesArbitrary } from '../../src/cases/arbitraries.js';
import { getOperation } from '../../src/contract/index.js';

const op = getOperation('MobileContactEmailCreate');

test('a found value is one of the choices for its parameter; the others are drawn as ever', () => {
  const seeded = fc.sample(valuesArbitrary(op, { seeds: { email: 'ann@acme.test' } }), { seed: 7, numRuns: 200 });
  expect(seeded.filter((v) => v['email'] === 'ann@acme.test').length).toBeGreaterThan(20);
  expect(seeded.some((v) => v['email'] !== 'ann@acme.test')).toBe(true);
  const plain = fc.sample(valuesArbitrary(op), { seed: 7, numRuns: 200 });
  expect(plain.some((v) => v['email'] === 'ann@acme.test')).toBe(false);
  // Without seeds the same seed draws the same values (a run without a search is unchanged).
  expect(fc.sample(valuesArbitrary(op, {}), { seed: 7, numRuns: 200 })).toEqual(plain);
});
