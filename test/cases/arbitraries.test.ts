/** The arbitraries keep their promises, checked with fast-check itself. */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { INT32_MAX, INT32_MIN, int32, valuesArbitrary, xmlText, xsBoolean, xsDateTime } from '../../src/cases/arbitraries.js';
import { convert } from '../../src/asmx/values.js';
import { AUTH_PARAMS, getOperation } from '../../src/contract/index.js';

// XML 1.0 section 2.2: characters outside #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF].
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('int32', () => {
  test('stays in the Int32 range and favours the boundaries', () => {
    fc.assert(fc.property(int32(), (s) => /^-?\d+$/.test(s) && Number(s) >= INT32_MIN && Number(s) <= INT32_MAX), { seed: 1 });
    const sample = fc.sample(int32(), { numRuns: 600, seed: 2 });
    for (const b of ['0', '-1', '1', String(INT32_MIN), String(INT32_MAX)]) expect(sample).toContain(b);
  });
});

describe('xmlText', () => {
  test('never produces a character XML 1.0 forbids, and respects maxLength', () => {
    for (const maxLength of [2000, 7, 1, 0]) {
      fc.assert(fc.property(xmlText({ maxLength }), (s) => !NOT_XML.test(s) && s.length <= maxLength), { seed: 3, numRuns: 3000 });
    }
  });

  test('stresses encoders: markup, entities, white space, non-ASCII, astral characters and long text', () => {
    const sample = fc.sample(xmlText(), { numRuns: 3000, seed: 4 });
    const has = (re: RegExp) => sample.some((s) => re.test(s));
    expect(sample).toContain('');
    for (const re of [/&/, /</, /]]>/, /&#65;/, /^ /, / $/, /\t/, /\r\n/, /[\u00a0-\u00ff]/, /[\u4e00-\u9fff]/, /[\u05d0-\u05ea]/, /[\u0300-\u036f]/, /[\uD800-\uDBFF]/]) {
      expect(has(re), String(re)).toBe(true);
    }
    expect(Math.max(...sample.map((s) => s.length))).toBeGreaterThan(1000);
  });
});

describe('xsDateTime', () => {
  test('every value is a valid xs:dateTime that .NET can hold (XmlConvert, via the ASMX model)', () => {
    const p = { name: 'startdatetime', type: 'dt' as const };
    fc.assert(fc.property(xsDateTime(), (s) => typeof convert(p, s, 'soap') === 'string'), { seed: 5, numRuns: 3000 });
    const sample = fc.sample(xsDateTime(), { numRuns: 500, seed: 6 });
    for (const re of [/Z$/, /[+-]\d\d:\d\d$/, /:\d\d$/, /\.\d+/]) expect(sample.some((s) => re.test(s)), String(re)).toBe(true);
    // 3000 conversions take 2 to 6 s on this shared 2-core machine: a budget, not a timing assertion.
  }, 30_000);
});

test('xsBoolean gives exactly the four lexical forms', () => {
  expect(new Set(fc.sample(xsBoolean(), { numRuns: 200, seed: 7 }))).toEqual(new Set(['true', 'false', '1', '0']));
});

test('valuesArbitrary covers every non-authentication parameter of the operation', () => {
  const op = getOperation('MobileTimeLogCreate');
  const [values] = fc.sample(valuesArbitrary(op), { numRuns: 1, seed: 8 });
  expect(Object.keys(values!)).toEqual(op.params.map((p) => p.name).filter((n) => !AUTH_PARAMS.includes(n)));
});
