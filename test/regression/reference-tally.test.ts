/** The run's verdict against --reference-url: noise learned over the whole run and every transport,
 * differences beyond it per field, host refusals on one side noted, and the checks that judge it. */
import { describe, expect, test } from 'vitest';
import { matchesReference, referenceOutcomeExplained } from '../../src/checks/matches-reference.js';
import { ReferenceTally } from '../../src/regression/reference-tally.js';
import type { ExchangeRecord } from '../../src/results/record.js';
import { OUTCOME_FIELD } from '../../src/results/reference.js';
import { compared, REFERENCE_EXCHANGES, referenceRecordsOf } from '../support/reference-records.js';

const tallied = (records = REFERENCE_EXCHANGES, hostRejections = true) => {
  const tally = new ReferenceTally({ hostRejections });
  for (const r of records) tally.add(r);
  return tally;
};
const verdictOf = (tally: ReferenceTally, operation: string, transport: string) => tally.verdicts().find((v) => v.operation === operation && v.transport === transport)!;

describe('ReferenceTally', () => {
  test('noise learned on one transport, after the difference was seen, excuses the field on every transport', () => {
    const { summary } = verdictOf(tallied(), 'MobileAccountSearch', 'soap11');
    expect(summary.noiseFields).toEqual([{ field: '$.modified', times: 1 }]);
    expect(summary.differences.map((d) => d.field)).toEqual(['$.name']);
    expect(verdictOf(tallied(), 'MobileAccountSearch', 'get').summary).toMatchObject({ compared: 1, same: 0, noise: 1, different: 0, differences: [] });
  });

  test('a field stable on the reference and different on the candidate is counted, with both values of its first example', () => {
    const v = verdictOf(tallied(), 'MobileAccountSearch', 'soap11');
    expect(v.summary).toMatchObject({ compared: 3, same: 0, noise: 1, different: 2 });
    expect(v.summary.differences).toEqual([{ field: '$.name', different: 2, compared: 3, example: { field: '$.name', reference: '"Acme"', candidate: '"ACME"', caseId: 'search-1' } }]);
    // The example's request, for replay from the report alone.
    expect(v.request.curl).toContain('# search-1');
  });

  test('without noise learned, the same difference is beyond noise', () => {
    const alone = tallied([compared({ differences: [{ field: '$.modified', reference: '1', candidate: '2' }] })]);
    expect(verdictOf(alone, 'MobileAccountSearch', 'soap11').summary).toMatchObject({ different: 1, differences: [{ field: '$.modified' }] });
  });

  test('an operation the reference answered once each (a delete) goes by the noise of the operations asked again', () => {
    const stamp = { field: '$.servedAt', reference: '"t1"', candidate: '"t2"' };
    const once = (over: Partial<ExchangeRecord>) => compared({ operation: 'MobileContactEmailDelete', caseId: 'delete-1', differences: [stamp], over });
    const askedOnce = once({});
    const onlyOnce = { ...askedOnce, reference: { ...askedOnce.reference!, answers: askedOnce.reference!.answers.slice(0, 1) } };
    const search = compared({ noise: ['$.servedAt'] });
    const v = verdictOf(tallied([onlyOnce, search]), 'MobileContactEmailDelete', 'soap11');
    expect(v.summary).toMatchObject({ different: 0, noise: 1, noiseFromOtherOperations: true, noiseFields: [{ field: '$.servedAt', times: 1 }] });
    // Without another operation's noise the same answer differs, and the search keeps its own.
    expect(verdictOf(tallied([onlyOnce]), 'MobileContactEmailDelete', 'soap11').summary).toMatchObject({ different: 1, noiseFromOtherOperations: true });
    expect(verdictOf(tallied([onlyOnce, search]), 'MobileAccountSearch', 'soap11').summary.noiseFromOtherOperations).toBeUndefined();
  });

  test('one exchange judged alone (a fuzz sample) goes by the noise learned so far, the tally left as it was', () => {
    const sample = compared({ caseId: 'fuzz-3', differences: [{ field: '$.modified', reference: '"10:00"', candidate: '"10:01"' }] });
    const fresh = tallied([]);
    expect(fresh.judgeAlone(sample)?.summary).toMatchObject({ compared: 1, different: 1, differences: [{ field: '$.modified', different: 1, compared: 1, example: { caseId: 'fuzz-3' } }] });
    // The noise learned on another transport excuses it; the tally's own cells did not count it.
    const learned = tallied();
    expect(learned.judgeAlone(sample)?.summary).toMatchObject({ compared: 1, noise: 1, different: 0, differences: [] });
    expect(verdictOf(learned, 'MobileAccountSearch', 'soap11').summary.compared).toBe(3);
    expect(fresh.judgeAlone(compared({ notCompared: 'mutating case' }))).toBeUndefined();
  });

  test('run counts add every operation and transport', () => {
    expect(tallied().counts('http://reference')).toEqual({ url: 'http://reference', compared: 6, same: 2, noise: 2, different: 2 });
  });

  test('records without a reference side, parity records and earlier verdicts are let by', () => {
    const { reference: _none, ...plain } = compared({});
    expect(tallied([plain, { ...compared({ differences: [{ field: '$.a', reference: '1', candidate: '2' }] }), kind: 'parity', transport: 'parity' }]).verdicts()).toEqual([]);
  });

  test('exchanges the reference was not asked for are no comparison, and the reason is kept', () => {
    const v = verdictOf(tallied([compared({ notCompared: 'mutating case: pass --allow-mutations' })]), 'MobileAccountSearch', 'soap11');
    expect(v.summary.compared).toBe(0);
    expect(v.notCompared).toBe('mutating case: pass --allow-mutations');
  });

  // As a run records it: the refusal page in the response (a record with findings keeps its body).
  const refusedGet = refusedGetOf({ response: { status: 500, headers: {}, body: 'A potentially dangerous Request.QueryString value was detected from the client', bodyBytes: 80, truncated: false, elapsedMs: 1 } });

  test('an outcome difference the host refusal explains is noted, not failed, under asmx', () => {
    const { summary } = verdictOf(tallied([refusedGet]), 'MobileAccountSearch', 'get');
    expect(summary).toMatchObject({ compared: 1, noise: 1, different: 0, differences: [] });
    expect(summary.explained.map((e) => e.example.caseId)).toEqual(['markup']);
  });

  test('under strict the same refusal is a difference', () => {
    const { summary } = verdictOf(tallied([refusedGet], false), 'MobileAccountSearch', 'get');
    expect(summary).toMatchObject({ different: 1, explained: [], differences: [{ field: OUTCOME_FIELD, example: { reference: 'result', candidate: 'rejected' } }] });
  });

  test('an outcome difference with no refusal on either side is not explained', () => {
    const rejected = compared({ transport: 'get', differences: [{ field: OUTCOME_FIELD, reference: 'result', candidate: 'rejected' }] });
    expect(verdictOf(tallied([rejected]), 'MobileAccountSearch', 'get').summary).toMatchObject({ different: 1, explained: [] });
  });
});

describe('matches-reference and reference-outcome-explained', () => {
  const judged = (records: Parameters<typeof tallied>[0], operation = 'MobileAccountSearch', transport = 'soap11') => verdictOf(tallied(records), operation, transport);

  test('matches-reference fails naming the field, both values, how often and the case', () => {
    expect(matchesReference.run(judged(REFERENCE_EXCHANGES))).toEqual({ status: 'failed', message: '2 of 3 answers differ from the reference beyond its noise:\n$.name: reference "Acme", candidate "ACME" (2 of 3; case search-1)' });
  });

  test('matches-reference on one exchange judged alone says so in one line', () => {
    const sample = compared({ caseId: 'fuzz-3', differences: [{ field: OUTCOME_FIELD, reference: 'result', candidate: 'rejected' }, { field: '$.name', reference: '"Acme"', candidate: null }] });
    expect(matchesReference.run({ ...tallied([]).judgeAlone(sample)!, alone: true })).toEqual({ status: 'failed', message: 'the answer differs from the reference\'s beyond its noise: (outcome): reference "result", candidate "rejected"; $.name: reference "Acme", candidate (absent)' });
  });

  test('matches-reference is silent where only noise differed', () => {
    expect(matchesReference.run(judged(REFERENCE_EXCHANGES, 'MobileAccountSearch', 'get'))).toEqual({ status: 'passed' });
  });

  test('matches-reference judges nothing when nothing was compared, and says why', () => {
    expect(matchesReference.run(judged([compared({ notCompared: 'mutating case' })]))).toEqual({ status: 'skipped', message: 'nothing was compared with the reference: mutating case' });
  });

  test('reference-outcome-explained notes a refusal on one side, and is silent without one', () => {
    expect(referenceOutcomeExplained.run(judged([refusedGetOf()], 'MobileAccountSearch', 'get'))).toMatchObject({ status: 'failed', message: expect.stringMatching(/^the host refused the request on one side only:\n\(outcome\): reference "result", candidate "rejected" \(1 of 1; case markup\)$/) });
    expect(referenceOutcomeExplained.run(judged(REFERENCE_EXCHANGES))).toEqual({ status: 'passed' });
  });
});

/** A GET the candidate's host refused and the reference answered; by default compacted, as a
 * passing record is: only its data-path outcome says the host refused it. */
function refusedGetOf(over: Partial<ExchangeRecord> = { dataPath: 'refused', response: { status: 500, headers: {}, body: '', bodyBytes: 80, truncated: false, elapsedMs: 1 } }) {
  return compared({ transport: 'get', caseId: 'markup', differences: [{ field: OUTCOME_FIELD, reference: 'result', candidate: 'rejected' }], over });
}

describe('the reference records', () => {
  test('one per operation and transport compared, with the verdict, the checks and the example request', () => {
    const records = referenceRecordsOf(REFERENCE_EXCHANGES);
    expect(records.map((r) => [r.caseId, r.kind, r.transport, r.checks.map((c) => `${c.id} ${c.status} ${c.level ?? ''}`.trim())])).toEqual([
      ['reference MobileAccountSearch soap11', 'reference', 'soap11', ['matches-reference failed error', 'reference-outcome-explained passed']],
      ['reference MobileAccountSearch get', 'reference', 'get', ['matches-reference passed', 'reference-outcome-explained passed']],
      ['reference MobileGetEmployee soap11', 'reference', 'soap11', ['matches-reference passed', 'reference-outcome-explained passed']],
      ['reference MobileGetEmployee get', 'reference', 'get', ['matches-reference passed', 'reference-outcome-explained passed']],
    ]);
    expect(records[0]!.referenceSummary?.different).toBe(2);
    expect(records[0]!.request.curl).toContain('# search-1');
  });

  test('--skip-checks leaves a reference check out', () => {
    expect(referenceRecordsOf(REFERENCE_EXCHANGES, ['reference-outcome-explained'])[0]!.checks.map((c) => c.id)).toEqual(['matches-reference']);
  });
});
