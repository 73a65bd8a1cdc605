/** matches-baseline: one recorded answer against the candidate's, table-driven. */
import { describe, expect, test } from 'vitest';
import { matchesBaseline } from '../../src/checks/matches-baseline.js';
import { NAMED_RULES } from '../../src/parity/rules.js';
import { compareWithBaseline } from '../../src/regression/compare.js';
import type { BaselineAnswer } from '../../src/results/transport-outcome.js';

const SOAP = 'text/xml; charset=utf-8';
const result = (text: string, over: Partial<BaselineAnswer> = {}): BaselineAnswer => ({ case: 'c', transport: 'soap11', outcome: 'result', status: 200, contentType: SOAP, text, ...over });
const fault = (code: string, over: Partial<BaselineAnswer> = {}): BaselineAnswer => ({ case: 'c', transport: 'soap11', outcome: 'rejected', status: 500, contentType: SOAP, text: `${code}: Server was unable to read request.`, faultCode: code, ...over });

describe('compareWithBaseline', () => {
  test.each([
    ['the same result', result('{"a":"x"}'), result('{"a":"x"}')],
    ['the same fault class, a reworded reason', fault('soap:Client'), fault('soap:Client', { text: 'soap:Client: something else' })],
    ['a content type differing only in case and spacing', result('x'), result('x', { contentType: 'Text/XML;charset=UTF-8' })],
  ])('%s is no difference', (_, baseline, candidate) => {
    expect(compareWithBaseline(baseline, candidate, [])).toEqual({});
  });

  test.each([
    ['a result now rejected', result('x'), fault('soap:Client'), 'rejection', 'baseline: result (HTTP 200: x); now: rejected (HTTP 500, fault soap:Client: soap:Client: Server was unable to read request.)'],
    ['a result now unreadable', result('x'), { ...result('x'), outcome: 'unreadable' as const, text: 'not XML' }, 'status-or-shape', 'baseline: result (HTTP 200: x); now: unreadable (HTTP 200: not XML)'],
    ['another status', fault('soap:Client'), fault('soap:Client', { status: 400 }), 'status-or-shape', 'HTTP 500 in the baseline, 400 now'],
    ['another content type', result('x'), result('x', { contentType: 'text/plain' }), 'status-or-shape', 'Content-Type "text/xml; charset=utf-8" in the baseline, "text/plain" now'],
    ['another fault class', fault('soap:Client'), fault('soap:Server'), 'status-or-shape', 'fault code soap:Client in the baseline, soap:Server now'],
    ['a truncated echo field', result('{"received":{"name":"sample firstname"}}'), result('{"received":{"name":"sample f"}}'), 'truncation', 'name: cut after 8 of 16 characters'],
    ['a boolean rendered otherwise', result('{"received":{"b":"true"}}'), result('{"received":{"b":"True"}}'), 'typed-format', 'b: a boolean, number or date-time is rendered differently'],
    // Shape drift: the result's structure changed, not only a value in it.
    ['a field renamed', result('{"received":{"name":"x","n":1}}'), result('{"received":{"nom":"x","n":1}}'), 'shape-drift', '/received/name: field "name" is now "nom"'],
    ['a number now a string', result('{"received":{"n":1}}'), result('{"received":{"n":"1"}}'), 'shape-drift', '/received/n: was number, now string'],
    ['a field added and one removed, of other types', result('{"a":1}'), result('{"b":"x"}'), 'shape-drift', '/a: field "a" is gone; /b: field "b" is new'],
    ['an XML element gone', result('<r><a>1</a><b>2</b></r>'), result('<r><a>1</a></r>'), 'shape-drift', '/r/b: element "b" is gone'],
    ['a JSON result now plain text', result('{"a":1}'), result('OK'), 'shape-drift', `(root): the result was JSON, now it is not (Unexpected token 'O', "OK" is not valid JSON)`],
    ['more than three changes, the first three shown', result('{"a":1,"b":1,"c":1,"d":1}'), result('{}'), 'shape-drift', '/a: field "a" is gone; /b: field "b" is gone; /c: field "c" is gone; and 1 more'],
    ['an XML value changed is a value change', result('<r><a>1</a></r>'), result('<r><a>one</a></r>'), 'other', 'the texts differ'],
  ])('%s is classified', (_, baseline, candidate, cls, detail) => {
    expect(compareWithBaseline(baseline, candidate, []).difference).toMatchObject({ class: cls, detail });
  });

  test('a text difference carries a character diff of the normalised texts', () => {
    expect(compareWithBaseline(result('abc'), result('abd'), []).difference?.diff).toEqual([{ op: '=', text: 'ab' }, { op: '-', text: 'c' }, { op: '+', text: 'd' }]);
  });

  test('a difference a normalisation rule replaces is explained by that rule, not a difference', () => {
    const baseline = result('created 2024-01-01T00:00:00Z');
    const candidate = result('created 2025-06-30T12:00:00Z');
    expect(compareWithBaseline(baseline, candidate, []).difference?.class).toBe('other');
    expect(compareWithBaseline(baseline, candidate, [NAMED_RULES['guids']!, NAMED_RULES['timestamps']!])).toEqual({ explainedBy: ['timestamps'] });
  });
});

describe('the matches-baseline check', () => {
  test('passes on the same answer and fails naming the class and detail', () => {
    expect(matchesBaseline.run({ baseline: result('x'), candidate: result('x'), rules: [] }).verdict).toEqual({ status: 'passed' });
    expect(matchesBaseline.run({ baseline: fault('soap:Client'), candidate: fault('soap:Server'), rules: [] }).verdict)
      .toEqual({ status: 'failed', message: 'differs from the baseline: status-or-shape: fault code soap:Client in the baseline, soap:Server now' });
    expect(matchesBaseline.run({ baseline: result('{"n":1}'), candidate: result('{"n":"1"}'), rules: [] }).verdict)
      .toEqual({ status: 'failed', message: 'differs from the baseline: shape-drift: /n: was number, now string' });
  });
});
