/** Parity and baseline comparison by outcome and shape (issue 37): a create makes a new id on each
 * transport, a case on instances of its own names other ids; the rest must still agree. */
import { describe, expect, test } from 'vitest';
import { compareOutcomes, outcomeAndShape } from '../../src/parity/compare.js';
import { compareWithBaseline } from '../../src/regression/compare.js';
import { givenFailureSignature } from '../../src/state/in-band.js';
import type { BaselineAnswer, TransportOutcome } from '../../src/results/transport-outcome.js';

const failure = givenFailureSignature('"ok"\\s*:\\s*false');
const result = (transport: TransportOutcome['transport'], text: string): TransportOutcome => ({ transport, status: 200, outcome: 'result', text });
const byOutcome = { rules: [], recogniseInherent: true, byOutcome: { failure } };
const byText = { rules: [], recogniseInherent: true };

describe('compareOutcomes by outcome and shape', () => {
  test('four creates with four new ids agree by outcome, not by text', () => {
    const outcomes = [3041, 3042, 3043, 3044].map((id, i) => result((['soap11', 'soap12', 'get', 'post'] as const)[i]!, `{"ok":true,"id":${id}}`));
    expect(compareOutcomes(outcomes, {}, byOutcome)).toEqual([]);
    expect(compareOutcomes(outcomes, {}, byText).map((d) => d.transport)).toEqual(['soap12', 'get', 'post']);
  });

  test('a success beside in-band failures of the same shape differs', () => {
    const outcomes = [result('soap11', '{"ok":true,"error":"none"}'), result('soap12', '{"ok":false,"error":"Unknown emailid 3042."}'), result('get', '{"ok":false,"error":"Unknown emailid 3043."}'), result('post', '{"ok":false,"error":"Unknown emailid 3044."}')];
    const [d] = compareOutcomes(outcomes, {}, byOutcome);
    expect(d).toMatchObject({ transport: 'soap11', reference: 'soap12', class: 'other' });
    expect(d!.detail).toMatch(/^the outcomes or shapes differ \(success .* against in-band failure /);
  });

  test('a result of another shape differs', () => {
    const outcomes = [result('soap11', '{"ok":true,"id":1}'), result('soap12', '{"ok":true,"id":2}'), result('get', '{"ok":true,"id":"3"}')];
    expect(compareOutcomes(outcomes, {}, byOutcome).map((d) => d.transport)).toEqual(['get']);
  });

  test('outcomeAndShape names the outcome and the shape, and a text that is no JSON or XML', () => {
    expect(outcomeAndShape('{"ok":false}', failure)).toMatch(/^in-band failure \{"format":"json"/);
    expect(outcomeAndShape('{"ok":true}', undefined)).toMatch(/^success \{"format":"json"/);
    expect(outcomeAndShape('Error: x', failure)).toBe('success unread json');
  });
});

describe('compareWithBaseline by outcome and shape', () => {
  const answer = (text: string): BaselineAnswer => ({ case: 'c', transport: 'soap11', outcome: 'result', status: 200, contentType: 'text/xml; charset=utf-8', text });

  test('a new id is no difference; an in-band failure where the baseline succeeded is', () => {
    const how = { byOutcome: { failure } };
    expect(compareWithBaseline(answer('{"ok":true,"id":3041}'), answer('{"ok":true,"id":3077}'), [], how)).toEqual({});
    expect(compareWithBaseline(answer('{"ok":true,"id":3041}'), answer('{"ok":true,"id":3077}'), []).difference?.class).toBe('other');
    const d = compareWithBaseline(answer('{"ok":true}'), answer('{"ok":false,"error":"Unknown emailid 5."}'), [], how).difference;
    expect(d?.class).toBe('status-or-shape');
    expect(d?.detail).toMatch(/^baseline: success .*; now: in-band failure .* \(compared by outcome and shape: the ids rightly differ\)$/);
  });
});
