import { expect, test } from 'vitest';
import { visibleControls } from '../../src/results/visible-controls.js';

test.each([
  ['plain text', 'plain text'],
  ['', ''],
  // Kept: the console's own line breaks, and tabs (they move the cursor right, nothing more).
  ['two\nlines', 'two\nlines'],
  ['a\tb', 'a\tb'],
  // A window title, a screen clear, a colour, a bell.
  ['\x1b]0;PWNED-TERM\x07', '\\x1b]0;PWNED-TERM\\x07'],
  ['\x1b[2J\x1b[31mred', '\\x1b[2J\\x1b[31mred'],
  ['over\rwritten', 'over\\rwritten'],
  ['crlf\r\n', 'crlf\\r\n'],
  ['\0\x01\x08\x0b\x0c\x1f', '\\x00\\x01\\x08\\x0b\\x0c\\x1f'],
  // DEL and the C1 controls (U+009B: a one-byte CSI), written as JSON reads them.
  ['\x7f\x80\x85\x9b\x9f', '\\u007f\\u0080\\u0085\\u009b\\u009f'],
  // Bidi embeddings, overrides and isolates; the marks beside them are left alone.
  ['abc\u202edcba', 'abc\\u202edcba'],
  ['\u202a\u202b\u202c\u202d\u2066\u2067\u2068\u2069', '\\u202a\\u202b\\u202c\\u202d\\u2066\\u2067\\u2068\\u2069'],
  ['\u200e\u200f\u2029', '\u200e\u200f\u2029'],
  // Printable text beyond ASCII is not touched, nor are backslashes already there.
  ['café ü € 日本 😀 \\x1b', 'café ü € 日本 😀 \\x1b'],
  ['\u00a0\u00ff', '\u00a0\u00ff'],
])('visibleControls(%j) is %j', (text, shown) => {
  expect(visibleControls(text)).toBe(shown);
});

test('what it shows is JSON-safe: a JSON document stays one, with the same values', () => {
  const doc = JSON.stringify({ message: 'a\x1b[2J\x7f\x85\u202eb\r\n' });
  expect(JSON.parse(visibleControls(doc))).toEqual(JSON.parse(doc));
});
