/** One rule for the noise an operation goes by (src/regression/operation-noise.ts), shared by the
 * reference tally and baseline noise: its own once taught, else the union of every operation's. */
import { describe, expect, test } from 'vitest';
import { operationNoise } from '../../src/regression/operation-noise.js';

const learned = new Map([
  ['MobileAccountSearch', new Map([['$.servedAt', 3], ['$.answerId', 1]])],
  ['MobileTasksList', new Map([['$.servedAt', 2]])],
  // An untaught operation's own noise: its negative cases' outcomes differed.
  ['MobileContactEmailDelete', new Map([['(outcome)', 1]])],
]);
const taught = new Set(['MobileAccountSearch', 'MobileTasksList']);

describe('operationNoise', () => {
  test('an untaught operation goes by the union of every operation\'s noise, times added', () => {
    expect(operationNoise('MobileContactEmailDelete', learned, taught)).toEqual({
      fields: new Map([['$.servedAt', 5], ['$.answerId', 1], ['(outcome)', 1]]),
      fromOtherOperations: true,
    });
    // One never seen at all too.
    expect(operationNoise('MobileContactCreate', learned, taught).fields).toEqual(new Map([['$.servedAt', 5], ['$.answerId', 1], ['(outcome)', 1]]));
  });

  test('a taught operation keeps its own, none of the others\'', () => {
    expect(operationNoise('MobileTasksList', learned, taught)).toEqual({ fields: new Map([['$.servedAt', 2]]), fromOtherOperations: false });
    // Taught, and its results never differed: no noise, though the others have some.
    expect(operationNoise('MobileGetEmployee', learned, new Set(['MobileGetEmployee']))).toEqual({ fields: new Map(), fromOtherOperations: false });
  });

  test('with no noise learned anywhere, an untaught operation has none either', () => {
    expect(operationNoise('MobileContactEmailDelete', new Map(), new Set())).toEqual({ fields: new Map(), fromOtherOperations: true });
  });
});
