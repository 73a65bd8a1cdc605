/** A candidate's answer against the reference's answers: fields compared, differences, noise. */
import { describe, expect, test } from 'vitest';
import { NAMED_RULES } from '../../src/parity/rules.js';
import { fieldsOf } from '../../src/parity/fields.js';
import { compareWithReference } from '../../src/regression/reference-compare.js';
import { idKey, type ReferenceAnswer } from '../../src/results/reference.js';

const answer = (side: ReferenceAnswer['side'], text: string | null, outcome: ReferenceAnswer['outcome'] = 'result'): ReferenceAnswer => ({ side, status: outcome === 'result' ? 200 : 500, outcome, text });
const candidate = (text: string | null, outcome: ReferenceAnswer['outcome'] = 'result') => ({ outcome, text, status: outcome === 'result' ? 200 : 500 });

describe('compareWithReference', () => {
  const primary = answer('primary', '{"ok":true,"id":5,"servedAt":"2024-01-01T00:00:00.001Z"}');
  const again = answer('again', '{"ok":true,"id":5,"servedAt":"2024-01-01T00:00:00.002Z"}');

  test('the same answer: every field compared, no difference; the fields the reference changed are noise', () => {
    expect(compareWithReference(candidate(primary.text), [primary, again], [])).toEqual({ fields: 3, differences: [], noise: ['$.servedAt'] });
  });

  test('a candidate difference is reported, noise included (the run subtracts the noise)', () => {
    const c = candidate('{"ok":true,"id":6,"servedAt":"2024-01-01T00:00:00.009Z"}');
    expect(compareWithReference(c, [primary, again], [])).toEqual({
      fields: 3,
      differences: [{ field: '$.id', reference: '5', candidate: '6' }, { field: '$.servedAt', reference: '"2024-01-01T00:00:00.001Z"', candidate: '"2024-01-01T00:00:00.009Z"' }],
      noise: ['$.servedAt'],
    });
  });

  test('an outcome difference is (outcome); rejections are not compared by their messages', () => {
    expect(compareWithReference(candidate('soap:Server', 'rejected'), [primary, again], [])).toEqual({ fields: 1, differences: [{ field: '(outcome)', reference: 'result', candidate: 'rejected' }], noise: ['$.servedAt'] });
    expect(compareWithReference(candidate('at host A', 'rejected'), [answer('primary', 'at host B', 'rejected')], [])).toEqual({ fields: 1, differences: [], noise: [] });
  });

  test('outcomes differing among the reference\'s answers are noise', () => {
    expect(compareWithReference(candidate('{"ok":true}'), [answer('primary', '{"ok":true}'), answer('secondary', 'busy', 'rejected')], []).noise).toEqual(['(outcome)']);
  });

  test('the --normalise rules apply first', () => {
    const [a, b] = [answer('primary', 'made 2024-01-01T00:00:00Z'), candidate('made 2025-06-30T12:00:00Z')];
    expect(compareWithReference(b, [a], []).differences).toEqual([{ field: 'line 1 token 2', reference: '2024-01-01T00:00:00Z', candidate: '2025-06-30T12:00:00Z' }]);
    expect(compareWithReference(b, [a], [NAMED_RULES['timestamps']!]).differences).toEqual([]);
  });

  test('ids a create made on each side, mapped to each other, compare equal; any other value of the field still differs', () => {
    const ids = new Map([[idKey('emailid', '3066'), '3053']]);
    const reference = answer('primary', '{"records":[{"emailid":3053,"email":"a@x"},{"emailid":3054}]}');
    const c = candidate('{"records":[{"emailid":3066,"email":"b@x"},{"emailid":3066},{"emailid":3066}]}');
    expect(compareWithReference(c, [reference], [], { ids }).differences.map((d) => d.field)).toEqual(['$.records[0].email', '$.records[1].emailid', '$.records[2].emailid']);
    // Unmapped, the first emailid differs too; mapped under another parameter, it is another record.
    expect(compareWithReference(c, [reference], []).differences.map((d) => d.field)).toEqual(['$.records[0].emailid', '$.records[0].email', '$.records[1].emailid', '$.records[2].emailid']);
    expect(compareWithReference(c, [reference], [], { ids: new Map([[idKey('contactid', '3066'), '3053']]) }).differences).toHaveLength(4);
    // Ids kept as JSON strings are compared without their quotes; an XML text as it is.
    expect(compareWithReference(candidate('{"id":"3066"}'), [answer('primary', '{"id":"3053"}')], [], { ids }).differences).toEqual([]);
    expect(compareWithReference(candidate('<R><emailid>3066</emailid></R>'), [answer('primary', '<R><emailid>3053</emailid></R>')], [], { ids })).toEqual({ fields: 1, differences: [], noise: [] });
  });

  test('each text is parsed once: fields already parsed are read, those parsed now are kept', () => {
    const parsed = new Map([[again.text!, fieldsOf('{"ok":false,"id":5,"servedAt":"2024-01-01T00:00:00.001Z"}')]]);
    // The fields kept for `again` are used, not its text parsed again (which differs in servedAt).
    expect(compareWithReference(candidate(primary.text), [primary, again], [], { parsed }).noise).toEqual(['$.ok']);
    expect(compareWithReference(candidate(primary.text), [primary, answer('again', 'other')], [], { parsed: new Map([['other', fieldsOf(primary.text!)]]) }).noise).toEqual([]);
    expect([...parsed.keys()]).toEqual([again.text, primary.text]);
    expect([...parsed.get(primary.text!)!.values.keys()]).toEqual(['$.ok', '$.id', '$.servedAt']);
    // The candidate's text is the primary's: one entry serves both.
    expect(parsed.size).toBe(2);
  });

  test('no answer from the reference: nothing compared', () => {
    expect(compareWithReference(candidate('x'), [], [])).toEqual({ fields: 0, differences: [], noise: [] });
  });
});
