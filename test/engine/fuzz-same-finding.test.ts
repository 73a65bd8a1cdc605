/** A shrunk counterexample fails the check the first failure failed (issue 37: shrinking a mutating
 * case drifted from a parity finding into a different one). */
import { describe, expect, test } from 'vitest';
import { failingChecks, recordedFuzzSlot, sameFinding } from '../../src/engine/fuzz/fuzz.js';
import type { ExchangeRecord } from '../../src/results/record.js';

const record = (checks: ExchangeRecord['checks'], error?: ExchangeRecord['error']): ExchangeRecord =>
  ({ operation: 'MobileContactEmailCreate', transport: 'soap11', caseId: 'c', kind: 'positive', request: { method: 'POST', url: '', headers: {}, curl: '' }, checks, ...(error ? { error } : {}) });

test('the failing checks of a sample: errors by default, warnings under --fail-on warning, and exchanges that got no answer', () => {
  const records = [
    record([{ id: 'transport-parity', status: 'failed', level: 'error', message: 'x' }, { id: 'state-consistency', status: 'failed', level: 'warning', message: 'y' }, { id: 'xsd-valid', status: 'passed' }]),
    record([], { code: 'UND_ERR_HEADERS_TIMEOUT', message: 'slow' }),
  ];
  expect([...failingChecks(records, 'error')]).toEqual(['transport-parity', 'error:UND_ERR_HEADERS_TIMEOUT']);
  expect([...failingChecks(records, 'warning')]).toEqual(['transport-parity', 'state-consistency', 'error:UND_ERR_HEADERS_TIMEOUT']);
});

test.each([
  [['transport-parity'], ['transport-parity'], true],
  [['transport-parity'], ['transport-parity', 'xsd-valid'], true],
  [['transport-parity'], ['xsd-valid'], false],
  [['transport-parity', 'http-status-200'], ['http-status-200'], true],
])('first %j, candidate %j: the same finding %s', (first, candidate, same) => {
  expect(sameFinding(new Set(first), new Set(candidate))).toBe(same);
});

describe('recordedFuzzSlot', () => {
  test('a replayed fuzz sample takes the instance slot it took when recorded, from its id and the recording\'s --repeat', () => {
    // Recorded with --repeat 2: the first repetition's sample 3, the second's sample 0.
    expect(recordedFuzzSlot('MobileContactEmailDelete-fuzz-3', 2)).toBe(8 + 3 * 4);
    expect(recordedFuzzSlot('MobileContactEmailDelete-r2-fuzz-0', 2)).toBe(8 + 4096 * 4);
    expect(recordedFuzzSlot('MobileContactEmailDelete-fuzz-0', 1)).toBe(4);
    expect(recordedFuzzSlot('MobileContactEmailDelete-example', 2)).toBeUndefined();
  });
});
