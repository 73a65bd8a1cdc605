/** Every kind of difference is named for what it is, and equal texts are no difference. */
import { describe, expect, test } from 'vitest';
import { classifyResults, classifyTexts } from '../../src/parity/classify.js';

describe('classifyTexts', () => {
  test.each([
    ['a\r\nb', 'a\nb', 'whitespace', 'line endings differ'],
    ['  padded  ', 'padded', 'whitespace', 'leading or trailing white space trimmed or added'],
    ['a   b\tc', 'a b c', 'whitespace', 'runs of white space collapsed'],
    ['café 😀', 'caf? ?', 'encoding', 'non-ASCII characters replaced by "?"'],
    ['café', 'caf\uFFFD', 'encoding', 'non-ASCII characters replaced by U+FFFD'],
    ['café', 'caf', 'encoding', 'non-ASCII characters dropped'],
    ['café', 'cafÃ©', 'encoding', 'UTF-8 bytes read as Latin-1 (mojibake)'],
    ['a & <b>', 'a &amp; &lt;b&gt;', 'escaping', 'markup characters escaped once too often (entities doubled)'],
    ['&lt;b&gt; &amp;', '<b> &', 'escaping', 'entities decoded once too often (escaping lost)'],
    ['a long text', 'a long', 'truncation', 'cut after 6 of 11 characters'],
    ['flag=true n=7 at 2024-01-02T03:04:05Z', 'flag=True n=007 at 2024-01-02T04:04:05+01:00', 'typed-format', 'a boolean, number or date-time is rendered differently'],
    ['apples', 'pears', 'other', 'the texts differ'],
  ])('%j vs %j: %s', (expected, actual, cls, detail) => {
    expect(classifyTexts(expected, actual)).toEqual({ class: cls, detail });
  });

  test('equal texts are no difference', () => {
    expect(classifyTexts('same', 'same')).toBeUndefined();
  });
});

describe('classifyResults', () => {
  test('JSON results (the reference echo) are compared field by field', () => {
    const a = JSON.stringify({ operation: 'X', received: { name: ' Ann ', primary: true, n: 1 } });
    const b = JSON.stringify({ operation: 'X', received: { name: 'Ann', primary: 'True', n: 1 } });
    expect(classifyResults(a, b)).toEqual({ class: 'other', detail: 'name: leading or trailing white space trimmed or added; primary: a boolean, number or date-time is rendered differently' });
    const c = JSON.stringify({ operation: 'X', received: { name: 'Ann', primary: true, n: 1 } });
    expect(classifyResults(c, b)).toEqual({ class: 'typed-format', detail: 'primary: a boolean, number or date-time is rendered differently' });
  });

  test('texts that are not JSON fall back to the text comparison', () => {
    expect(classifyResults('<r>é</r>', '<r>?</r>')).toEqual({ class: 'encoding', detail: 'non-ASCII characters replaced by "?"' });
  });
});
