/** matches-baseline: one recorded answer against the candidate's, table-driven. */
import { describe, expect, test } from 'vitest';
import { matchesBaseline } from '../../src/checks/matches-baseline.js';
import { NAMED_RULES } from '../../src/parity/rules.js';
import type { RecordedAnswer } from '../../src/regression/format.js';
import { compareWithBaseline } from '../../src/regression/compare.js';

const SOAP = 'text/xml; charset=utf-8';
const result = (text: string, over: Partial<RecordedAnswer> = {}): RecordedAnswer => ({ case: 'c', transport: 'soap11', outcome: 'result', status: 200, contentType: SOAP, text, ...over });
const fault = (code: string, over: Partial<RecordedAnswer> = {}): RecordedAnswer => ({ case: 'c', transport: 'soap11', outcome: 'rejected', status: 500, contentType: SOAP, text: `${code}: Server was unable to read request.`, faultCode: code, ...over });

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
  });
});
