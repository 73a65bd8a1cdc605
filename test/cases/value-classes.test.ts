import { describe, expect, test } from 'vitest';
import type { SoapType } from '../../src/contract/index.js';
import { APPLICABLE, classifyValue, LONG_VALUE } from '../../src/cases/value-classes.js';
import type { ValueClass } from '../../src/results/case-labels.js';

const cases: ReadonlyArray<readonly [SoapType, string, readonly ValueClass[]]> = [
  ['int', '42', ['typical']],
  ['int', '0', ['boundary']],
  ['int', '-1', ['boundary']],
  ['int', '2147483647', ['boundary']],
  ['int', '-2147483648', ['boundary']],
  ['int', ' 7 ', ['typical']], // XmlConvert.ToInt32 trims XML white space
  ['int', '2147483648', ['invalid']],
  ['int', 'abc', ['invalid']],
  ['int', '', ['empty', 'invalid']],
  ['dt', '2024-05-01T10:00:00Z', ['typical']],
  ['dt', '0001-01-01T00:00:00', ['boundary']],
  ['dt', '9999-12-31T23:59:59.9999999', ['boundary']],
  ['dt', '2024-13-45T25:61:00', ['invalid']],
  ['dt', '', ['empty', 'invalid']],
  ['bool', 'true', ['typical']],
  ['bool', 'false', ['typical']],
  ['bool', '1', ['boundary']],
  ['bool', '0', ['boundary']],
  ['bool', 'maybe', ['invalid']],
  ['str', 'sample email', ['typical']],
  ['str', '', ['empty']],
  ['str', '   ', ['whitespace']],
  ['str', ' leading', ['whitespace']],
  ['str', 'tab\tinside', ['whitespace']],
  ['str', 'crlf\r\nline', ['whitespace']],
  ['str', '<x>', ['markup-like']],
  ['str', '& < > " \'', ['markup-like']],
  ['str', ']]>', ['markup-like']],
  ['str', '&#65;', ['markup-like']],
  ['str', 'café', ['non-ascii']],
  ['str', '😀', ['non-ascii']],
  ['str', 'x'.repeat(LONG_VALUE), ['typical']],
  ['str', 'x'.repeat(LONG_VALUE + 1), ['long']],
  ['str', ` <b>日本</b>${'y'.repeat(LONG_VALUE)}`, ['whitespace', 'markup-like', 'non-ascii', 'long']],
];

describe('classifyValue', () => {
  test.each(cases)('%s %j is %j', (type, value, expected) => {
    expect(classifyValue(type, value)).toEqual(expected);
  });

  test('every class a value gets is one its type admits', () => {
    for (const [type, value] of cases) for (const c of classifyValue(type, value)) expect(APPLICABLE[type]).toContain(c);
  });
});
