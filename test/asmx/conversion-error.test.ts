/** ConversionError (src/asmx/values.ts): thrown for every value that does not convert, without
 * the cost of a stack trace (issue 61), and otherwise the error it was. */
import { expect, test } from 'vitest';
import { convert, ConversionError } from '../../src/asmx/values.js';
import type { Parameter } from '../../src/contract/index.js';

const intParam = { name: 'ContactID', type: 'int' } as Parameter;

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error('nothing was thrown');
}

test('a value that does not convert throws a ConversionError with its message and inner exception', () => {
  const err = thrown(() => convert(intParam, 'abc', 'soap'));
  expect(err).toBeInstanceOf(ConversionError);
  expect(err).toBeInstanceOf(Error);
  const e = err as ConversionError;
  expect([e.message, e.text, e.clrType, e.inner.type]).toEqual(['Cannot convert abc to System.Int32.', 'abc', 'System.Int32', 'System.FormatException']);
  expect(e.param).toBe(intParam);
});

test('it captures no stack frames, and leaves the stack trace limit as it was', () => {
  const before = Error.stackTraceLimit;
  const e = thrown(() => convert(intParam, '99999999999', 'http')) as ConversionError;
  expect(e.inner.type).toBe('System.OverflowException');
  expect(e.stack).not.toMatch(/\n\s+at /);
  expect(Error.stackTraceLimit).toBe(before);
  expect(new Error('x').stack).toMatch(/\n\s+at /);
});

test('a value that converts throws nothing', () => {
  expect(convert(intParam, ' 42 ', 'soap')).toBe(42);
});
