/** Transport parity over the sequences (src/engine/sequences/sequence-parity.ts). */
import { describe, expect, test } from 'vitest';
import { SequenceParity } from '../../../src/engine/sequences/sequence-parity.js';
import type { ExchangeRecord } from '../../../src/results/record.js';

/** The account sequence's "see update" step over `transport`, its state-consistency verdict as given. */
function step(transport: string, status: 'passed' | 'failed', level?: 'warning' | 'info', repetition = ''): ExchangeRecord {
  return {
    operation: 'MobileTasksList', transport, caseId: `account-sequence-${transport}${repetition}-4-see-update`, kind: 'positive',
    request: { method: 'POST', url: 'http://x', headers: {}, curl: 'curl x' }, response: { status: 200, headers: {}, body: 'a long answer' },
    checks: [{ id: 'state-consistency', status, ...(level ? { level } : {}), ...(status === 'failed' ? { message: 'accountname is "x Müller", not " x Müller "' } : {}) }],
    sequence: { id: `account-sequence-${transport}${repetition}`, name: 'account', step: 4, of: 5, action: 'see update', ids: { accountnumber: '11' } },
  } as unknown as ExchangeRecord;
}

describe('sequence parity', () => {
  test('a step that held over some transports and broke over another: one parity warning naming both, with no answer text', () => {
    const p = new SequenceParity();
    for (const t of ['soap11', 'get', 'post']) p.add(step(t, 'passed'));
    p.add(step('soap12', 'failed', 'warning'));
    const records = p.records();
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ transport: 'parity', kind: 'parity', caseId: 'account-sequence-see-update-parity', operation: 'MobileTasksList' });
    expect(records[0]!.checks).toEqual([{ id: 'transport-parity', status: 'failed', level: 'warning', message: 'soap12 differs from soap11: the account sequence\'s "see update" step held over soap11, get, post and not over soap12: accountname is "x Müller", not " x Müller "' }]);
    expect(JSON.stringify(records[0])).not.toContain('a long answer');
  });

  test('silent where every transport held, every one broke, or a step was only inconclusive (info)', () => {
    const p = new SequenceParity();
    for (const t of ['soap11', 'soap12']) p.add(step(t, 'passed'));
    for (const t of ['soap11', 'soap12']) p.add(step(t, 'failed', 'warning', '-r2'));
    const q = new SequenceParity();
    q.add(step('soap11', 'passed'));
    q.add(step('soap12', 'failed', 'info'));
    expect([...p.records(), ...q.records()]).toEqual([]);
  });

  test('repetitions are compared apart', () => {
    const p = new SequenceParity();
    p.add(step('soap11', 'passed'));
    p.add(step('soap12', 'failed', 'warning', '-r2'));
    expect(p.records()).toEqual([]);
  });
});
