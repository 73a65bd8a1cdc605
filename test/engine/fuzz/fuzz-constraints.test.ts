/** What the fuzzer learns from the failures of its samples (src/engine/fuzz/fuzz-constraints.ts). */
import { describe, expect, test } from 'vitest';
import { getOperation } from '../../../src/contract/index.js';
import type { LearnedState } from '../../../src/engine/learn/learned-state.js';
import { EXPLORE_ONE_IN, FuzzConstraints, fuzzConstraintsFor, goodValuesOf, type GoodValue } from '../../../src/engine/fuzz/fuzz-constraints.js';
import type { ExchangeRecord } from '../../../src/results/record.js';
import type { FailureSignature } from '../../../src/state/in-band.js';
import { ValuePool } from '../../../src/state/learn.js';

const FAILURE: FailureSignature = { pattern: '"ok"\\s*:\\s*false', flags: '', source: 'learned', evidence: 'test' };
const op = getOperation('MobileContactSearch');
const GOOD: GoodValue = (param) => ({ values: { [param]: `good-${param}` }, from: 'valid case' });

/** A valid request's record over soap11 with `values` sent, answered `text` in-band. */
function answered(values: Record<string, string>, text: string, dataPath: ExchangeRecord['dataPath'] = text.includes('"ok":false') ? 'failure' : 'success'): ExchangeRecord {
  return { operation: op.name, transport: 'soap11', caseId: 'c', kind: 'positive', values, dataPath, result: { kind: 'result', text }, checks: [], request: { method: 'POST', url: 'http://x', headers: {}, curl: '' } };
}
const sample = (i: number): Record<string, string> => ({ firstname: `f${i}`, lastname: `l${i}`, telephone: `t${i}`, email: `bad${i}` });
// Names the parameter, not the value: one complaint may be chance.
const rejectEmail = (v: Record<string, string>) => answered(v, '{"ok":false,"error":"the e-mail address is invalid"}');

describe('the constraint learner', () => {
  test('a parameter blamed by two samples is constrained; later samples send its known-good value', () => {
    const c = new FuzzConstraints(op, GOOD, FAILURE);
    c.observe(sample(0), [rejectEmail(sample(0))]);
    expect(c.learned()).toEqual([]);
    expect(c.apply(sample(1))).toEqual(sample(1));
    c.observe(sample(1), [rejectEmail(sample(1))]);
    expect(c.learned()).toEqual([{ param: 'email', because: 'name', from: 'valid case', after: 2 }]);
    const sent = Array.from({ length: 200 }, (_, i) => c.apply(sample(i + 2)));
    // The other parameters are still the drawn ones; the e-mail is the good one but now and then.
    expect(sent.every((v, i) => v.firstname === `f${i + 2}` && v.lastname === `l${i + 2}`)).toBe(true);
    const explored = sent.filter((v) => v.email !== 'good-email').length;
    expect(explored).toBeGreaterThan(0);
    expect(explored).toBeLessThan((3 * 200) / EXPLORE_ONE_IN);
    // The same drawn values are always sent the same way.
    expect(c.apply(sample(7))).toEqual(c.apply(sample(7)));
  });

  test('blamed once, or by one sample over several transports, is not constrained', () => {
    const c = new FuzzConstraints(op, GOOD, FAILURE);
    c.observe(sample(0), [rejectEmail(sample(0)), { ...rejectEmail(sample(0)), transport: 'soap12' }, { ...rejectEmail(sample(0)), transport: 'get' }]);
    expect(c.learned()).toEqual([]);
    const drawn = sample(1);
    expect(c.apply(drawn)).toBe(drawn);
  });

  test('a failure naming no parameter, a success, or an answer the signature does not class as failure blames nothing', () => {
    const c = new FuzzConstraints(op, GOOD, FAILURE);
    for (let i = 0; i < 4; i++) {
      c.observe(sample(i), [answered(sample(i), '{"ok":false,"error":"service busy"}')]);
      c.observe(sample(i), [answered(sample(i), `{"ok":true,"email":"${sample(i).email}"}`)]);
    }
    expect(c.learned()).toEqual([]);
  });

  test('a message quoting the value sent blames its parameter; a business fault counts too', () => {
    const c = new FuzzConstraints(op, GOOD, FAILURE);
    c.observe(sample(0), [answered(sample(0), '{"ok":false,"error":"no such person: l0"}')]);
    const fault = { ...answered(sample(1), ''), dataPath: 'fault' as const, result: { kind: 'fault' as const, code: 'soap:Server', reason: 'Server was unable to process request. ---> no such person: l1' } };
    c.observe(sample(1), [fault]);
    expect(c.learned()).toEqual([{ param: 'lastname', because: 'value', from: 'valid case', after: 2 }]);
  });

  test('a business fault (the target\'s SoapException, a data-path failure) blames as an in-band text does', () => {
    const c = new FuzzConstraints(op, GOOD, FAILURE);
    const businessFault = (v: Record<string, string>) => ({ ...answered(v, ''), dataPath: 'failure' as const, result: { kind: 'fault' as const, code: 'soap:Server', reason: 'the e-mail address is invalid' } });
    c.observe(sample(0), [businessFault(sample(0))]);
    c.observe(sample(1), [businessFault(sample(1))]);
    expect(c.learned()).toEqual([{ param: 'email', because: 'name', from: 'valid case', after: 2 }]);
  });

  test('a failure naming the parameter and quoting the value sent constrains it at once; naming only or quoting only does not', () => {
    const certain = new FuzzConstraints(op, GOOD, FAILURE);
    certain.observe(sample(0), [answered(sample(0), '{"ok":false,"error":"invalid e-mail address: bad0"}')]);
    expect(certain.learned()).toEqual([{ param: 'email', because: 'name', from: 'valid case', after: 1 }]);
    const quoted = new FuzzConstraints(op, GOOD, FAILURE);
    quoted.observe(sample(0), [answered(sample(0), '{"ok":false,"error":"no such person: l0"}')]);
    expect(quoted.learned()).toEqual([]);
  });

  test('long texts refused by two samples set a ceiling; later samples cut every long text to it, a cut one refused halves it', () => {
    const c = new FuzzConstraints(op, GOOD, FAILURE);
    const long = (i: number, param: string, chars: number) => ({ ...sample(i), [param]: 'x'.repeat(chars) });
    const tooLong = (v: Record<string, string>, param: string) => answered(v, `{"ok":false,"error":"${param} is longer than 1000 characters"}`);
    c.observe(long(0, 'firstname', 1800), [tooLong(long(0, 'firstname', 1800), 'firstname')]);
    expect(c.lengthCeiling()).toBeUndefined();
    c.observe(long(1, 'telephone', 1500), [tooLong(long(1, 'telephone', 1500), 'telephone')]);
    expect(c.lengthCeiling()).toEqual({ chars: 750, after: 2 });
    // Cut by characters, never inside a surrogate pair; short values and most samples' drawn values stay.
    const emoji = '\u{1F600}'.repeat(900);
    const sent = Array.from({ length: 100 }, (_, i) => c.apply({ ...sample(i), lastname: emoji, firstname: `f${i}` }));
    const cut = sent.filter((v) => v.lastname !== emoji);
    expect(cut.length).toBeGreaterThan(90);
    // 750 UTF-16 code units (as .NET counts a string's length): 375 emoji, no pair split.
    expect(cut.every((v) => v.lastname!.length === 750 && Array.from(v.lastname!).length === 375 && !/[\uD800-\uDBFF]$/.test(v.lastname!))).toBe(true);
    expect(sent.every((v, i) => v.firstname === `f${i}`)).toBe(true);
    c.observe(cut[0]!, [tooLong(cut[0]!, 'lastname')]);
    // An odd ceiling never splits a pair: 749 units hold 374 emoji.
    expect(c.apply({ ...sample(3), lastname: emoji }).lastname?.length).toBeLessThanOrEqual(375);
    expect(c.lengthCeiling()).toEqual({ chars: 375, after: 2 });
  });

  test('a free-text parameter refused for its length only gets the ceiling, never a known-good value: its characters stay drawn', () => {
    const c = new FuzzConstraints(op, GOOD, FAILURE);
    const long = (i: number) => ({ ...sample(i), lastname: 'x'.repeat(1800) });
    for (let i = 0; i < 3; i++) c.observe(long(i), [answered(long(i), '{"ok":false,"error":"lastname is longer than 1000 characters"}')]);
    expect(c.learned()).toEqual([]);
    expect(c.lengthCeiling()).toEqual({ chars: 900, after: 2 });
    expect(c.apply({ ...sample(9), lastname: 'a"b<c' }).lastname).toBe('a"b<c');
  });

  test('a short value refused sets no ceiling', () => {
    const c = new FuzzConstraints(op, GOOD, FAILURE);
    for (let i = 0; i < 3; i++) c.observe(sample(i), [answered(sample(i), '{"ok":false,"error":"telephone is invalid"}')]);
    expect(c.lengthCeiling()).toBeUndefined();
  });

  test('a value a setup put in place is not the fuzzer\'s to blame', () => {
    const c = new FuzzConstraints(op, GOOD, FAILURE);
    for (let i = 0; i < 3; i++) c.observe(sample(i), [rejectEmail({ ...sample(i), email: `setup${i}` })]);
    expect(c.learned()).toEqual([]);
  });

  test('frozen at a counterexample, it learns no more; a parameter the search had to change is constrained from the first sample', () => {
    const frozen = new FuzzConstraints(op, GOOD, FAILURE);
    frozen.freeze();
    for (let i = 0; i < 3; i++) frozen.observe(sample(i), [rejectEmail(sample(i))]);
    expect(frozen.learned()).toEqual([]);
    const searched = new FuzzConstraints(op, GOOD, FAILURE, ['email']);
    expect(searched.learned()).toEqual([{ param: 'email', because: 'name', from: 'valid case', after: 0 }]);
    expect(searched.apply(sample(1)).email).toBe('good-email');
    searched.observe(sample(0), [rejectEmail(sample(0))]);
    expect(searched.learned()).toHaveLength(1);
  });
});

describe('known-good values', () => {
  const pool = new ValuePool();
  pool.add([{ from: 'MobileContactSearch', fields: { contactnumber: '21', accountnumber: '3', email: 'ann@b.example', lastname: 'Ng' } }]);
  const learned: LearnedState = { pool: pool.toJSON(), failure: FAILURE, discovery: { sent: 1, records: 1, probes: 0, transport: 'soap11' } };

  test('the search\'s value first, then the valid case\'s, then the name class\'s; never a value blamed', () => {
    const searched = goodValuesOf(op, { ...learned, found: { [op.name]: { email: 'found@b.example' } } }, ['soap11', 'get'])!;
    expect(searched('email', new Set())).toEqual({ values: { email: 'found@b.example' }, from: 'search' });
    const good = goodValuesOf(op, learned, ['soap11', 'get'])!;
    expect(good('email', new Set())).toEqual({ values: { email: 'ann@b.example' }, from: 'valid case' });
    expect(good('email', new Set(['ann@b.example']))).toEqual({ values: { email: 'tsiws.conformance@example.com' }, from: 'name class' });
    // The search left the operation blocked at this parameter: its valid case is no known-good value.
    const blocked = goodValuesOf(op, { ...learned, search: { budget: 1, sent: 1, solved: [], blocked: { [op.name]: { message: 'x', param: 'email' } } } }, ['soap11'])!;
    expect(blocked('email', new Set())?.from).toBe('name class');
  });

  test('against a target without data (the echo) nothing is learned and samples are sent as drawn', () => {
    const c = fuzzConstraintsFor(op, { transports: ['soap11'] });
    for (let i = 0; i < 3; i++) c.observe(sample(i), [rejectEmail(sample(i))]);
    expect(c.learned()).toEqual([]);
    const drawn = sample(5);
    expect(c.apply(drawn)).toBe(drawn);
  });
});
