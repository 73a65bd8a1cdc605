/** Comparing one case's outcomes: the reference, the differences, inherent versus defect. */
import { describe, expect, test } from 'vitest';
import { transportParity } from '../../src/checks/transport-parity.js';
import { compareOutcomes } from '../../src/parity/compare.js';
import { NAMED_RULES } from '../../src/parity/rules.js';
import { PROFILES } from '../../src/profiles/expectations.js';
import type { TransportOutcome } from '../../src/results/transport-outcome.js';

const result = (transport: TransportOutcome['transport'], text: string): TransportOutcome => ({ transport, status: 200, outcome: 'result', text });
const rejected = (transport: TransportOutcome['transport'], text: string): TransportOutcome => ({ transport, status: 500, outcome: 'rejected', text });
const options = { rules: [], recogniseInherent: true };

describe('compareOutcomes', () => {
  test('four equal results agree', () => {
    expect(compareOutcomes(['soap11', 'soap12', 'get', 'post'].map((t) => result(t as 'get', 'x')), {}, options)).toEqual([]);
  });

  test('the odd one out is compared with the majority, with a character diff', () => {
    const d = compareOutcomes([result('soap11', 'café'), result('soap12', 'café'), result('get', 'caf?'), result('post', 'café')], {}, options);
    expect(d).toEqual([{ transport: 'get', reference: 'soap11', class: 'encoding', detail: 'non-ASCII characters replaced by "?"', diff: [{ op: '=', text: 'caf' }, { op: '-', text: 'é' }, { op: '+', text: '?' }] }]);
  });

  test('rejections in each protocol\'s own shape agree', () => {
    expect(compareOutcomes([rejected('soap11', 'soap:Client: Server was unable to read request.'), rejected('get', 'System.ArgumentException: Cannot convert')], {}, options)).toEqual([]);
  });

  test('ASP.NET request validation is inherent when recognised, a defect when not', () => {
    const outcomes = [result('soap11', 'ok'), result('soap12', 'ok'), rejected('get', 'System.Web.HttpRequestValidationException: A potentially dangerous Request.QueryString value was detected from the client (x="<x")'), result('post', 'ok')];
    const [inherent] = compareOutcomes(outcomes, { x: '<x' }, options);
    expect(inherent).toMatchObject({ transport: 'get', class: 'rejection', inherent: { id: 'aspnet-request-validation' } });
    const [defect] = compareOutcomes(outcomes, { x: '<x' }, { rules: [], recogniseInherent: false });
    expect(defect).toMatchObject({ transport: 'get', class: 'rejection' });
    expect(defect!.inherent).toBeUndefined();
  });

  test('normalisation rules hide volatile content', () => {
    const outcomes = [result('soap11', 'id 2024-01-01T00:00:00Z'), result('get', 'id 2024-06-30T12:00:00Z')];
    expect(compareOutcomes(outcomes, {}, options)).toHaveLength(1);
    expect(compareOutcomes(outcomes, {}, { rules: [NAMED_RULES['timestamps']!], recogniseInherent: true })).toEqual([]);
  });
});

describe('transport-parity', () => {
  const outcomes = [result('soap11', 'ok'), result('soap12', 'ok'), result('get', 'ok'), result('post', 'o')];
  test('fires on a defect, naming transport, reference and class', () => {
    expect(transportParity.run({ outcomes, values: {}, profile: PROFILES.asmx, rules: [] }).verdict).toEqual({ status: 'failed', message: 'post differs from soap11: truncation: cut after 1 of 2 characters' });
  });
  test('silent when the transports agree', () => {
    expect(transportParity.run({ outcomes: outcomes.slice(0, 3), values: {}, profile: PROFILES.asmx, rules: [] }).verdict).toEqual({ status: 'passed' });
  });
});
