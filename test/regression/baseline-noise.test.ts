/** Baseline noise (issue 38): a --repeat 2 recording's repetitions teach the fields that differ
 * anyway; matches-baseline ignores differences confined to them and says which it ignored. */
import { describe, expect, test } from 'vitest';
import { matchesBaseline } from '../../src/checks/matches-baseline.js';
import { baselineNoise, repetitionsOf } from '../../src/regression/baseline-noise.js';
import { compareWithBaseline } from '../../src/regression/compare.js';
import type { BaselineCase } from '../../src/regression/format.js';
import type { BaselineAnswer } from '../../src/results/transport-outcome.js';
import type { TransportId } from '../../src/transports/index.js';

const SOAP = 'text/xml; charset=utf-8';
const answer = (id: string, transport: TransportId, text: string, outcome: BaselineAnswer['outcome'] = 'result'): BaselineAnswer => ({ case: id, transport, outcome, status: outcome === 'result' ? 200 : 500, contentType: SOAP, text });
const positive = (id: string, operation = 'MobileAccountSearch', values: Record<string, string> = { accountname: 'a' }): BaselineCase => ({ id, operation, kind: 'positive', values });
const stamped = (id: number, at: string) => `{"ok":true,"id":${id},"servedAt":"${at}"}`;

function baselineOf(rows: ReadonlyArray<[BaselineCase, ReadonlyArray<[TransportId, string, BaselineAnswer['outcome']?]>]>) {
  return {
    cases: rows.map(([c]) => c),
    answers: new Map(rows.map(([c, as]) => [c.id, new Map(as.map(([t, text, outcome]) => [t, answer(c.id, t, text, outcome)] as const))])),
  };
}

describe('repetitionsOf', () => {
  test('a case and its -r<n> repetitions with the same values; not a lookalike with other values', () => {
    const cases = [positive('A'), positive('B'), positive('A-r2'), positive('B-r2', 'MobileAccountSearch', { accountname: 'other' }), positive('C-r2')];
    expect(repetitionsOf(cases).map((g) => g.map((c) => c.id))).toEqual([['A', 'A-r2']]);
  });
});

describe('baselineNoise', () => {
  test('an operation whose results were never repeated alike (rejected repetitions only) goes by the noise of the others', () => {
    const b = baselineOf([
      [positive('A'), [['soap11', stamped(1, 'a')]]],
      [positive('A-r2'), [['soap11', stamped(1, 'b')]]],
      [positive('D', 'MobileContactEmailDelete', { emailid: '1' }), [['soap11', 'soap:Client: bad', 'rejected']]],
      [positive('D-r2', 'MobileContactEmailDelete', { emailid: '1' }), [['soap11', 'soap:Client: bad', 'rejected']]],
    ]);
    expect(new Map(baselineNoise(b, []))).toEqual(new Map([['MobileAccountSearch', ['$.servedAt']], ['MobileContactEmailDelete', ['$.servedAt']]]));
    // With no noise anywhere there is nothing to go by.
    expect([...baselineNoise(baselineOf([[positive('D', 'MobileContactEmailDelete'), [['soap11', '{}']]]]), [])]).toEqual([]);
  });

  test('fields the repetitions answered differently over one transport, per operation; transports are not compared with each other', () => {
    const b = baselineOf([
      [positive('A'), [['soap11', stamped(1, 'a')], ['get', stamped(2, 'c')]]],
      [positive('A-r2'), [['soap11', stamped(1, 'b')], ['get', stamped(2, 'd')]]],
      [positive('E', 'MobileTasksList'), [['soap11', '{"ok":true}']]],
      [positive('E-r2', 'MobileTasksList'), [['soap11', '{"ok":true}']]],
    ]);
    expect([...baselineNoise(b, [])]).toEqual([['MobileAccountSearch', ['$.servedAt']]]);
  });

  test('outcomes that differ between repetitions are noise; an unrepeated baseline has none', () => {
    const b = baselineOf([[positive('A'), [['soap11', 'x']]], [positive('A-r2'), [['soap11', 'busy', 'rejected']]]]);
    expect(baselineNoise(b, []).get('MobileAccountSearch')).toEqual(['(outcome)']);
    expect(baselineNoise(baselineOf([[positive('A'), [['soap11', stamped(1, 'a')]]]]), []).size).toBe(0);
  });
});

describe('compareWithBaseline with noise', () => {
  const recorded = answer('A', 'soap11', stamped(1, 'a'));
  const how = { noise: ['$.servedAt'] };

  test('a difference confined to noise fields matches, naming the noise ignored', () => {
    expect(compareWithBaseline(recorded, answer('A', 'soap11', stamped(1, 'z')), [], how)).toEqual({ noise: ['$.servedAt'] });
    expect(matchesBaseline.run({ baseline: recorded, candidate: answer('A', 'soap11', stamped(1, 'z')), rules: [], how }).verdict).toEqual({ status: 'passed' });
  });

  test('a difference beyond the noise still fails; without noise the stamp alone fails', () => {
    expect(compareWithBaseline(recorded, answer('A', 'soap11', stamped(2, 'z')), [], how).difference).toBeDefined();
    expect(matchesBaseline.run({ baseline: recorded, candidate: answer('A', 'soap11', stamped(1, 'z')), rules: [] }).verdict.status).toBe('failed');
  });

  test('an outcome difference is ignored only when the outcome itself is noise', () => {
    const rejected = answer('A', 'soap11', 'busy', 'rejected');
    expect(compareWithBaseline(recorded, rejected, [], { noise: ['(outcome)'] })).toEqual({ noise: ['(outcome)'] });
    expect(compareWithBaseline(recorded, rejected, [], how).difference?.class).toBe('rejection');
  });
});
