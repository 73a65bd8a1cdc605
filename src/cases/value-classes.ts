/**
 * What kind of value was sent: the classes a coverage report counts, in the spirit of API fuzzers'
 * coverage reports (schemathesis), so a reader can tell a thin run from a thorough one. Pure: a
 * parameter's contract type and its wire text in, its classes out.
 *
 * "invalid" means the text is not a lexical form the contract's type admits on SOAP (XmlConvert,
 * src/asmx/values.ts); GET/POST are more lenient for dates, which the profiles judge, not this.
 */
import { convert, ConversionError } from '../asmx/values.js';
import type { Parameter, SoapType } from '../contract/index.js';
import { LOOKS_LIKE_MARKUP } from './negative.js';
import type { ValueClass } from '../results/case-labels.js';

/** Display order, and the classes each type can have: a run that sent none of some class did not
 * exercise that part of the input space. */
export const VALUE_CLASSES: readonly ValueClass[] = ['typical', 'boundary', 'empty', 'whitespace', 'markup-like', 'non-ascii', 'long', 'invalid'];

export const APPLICABLE: Readonly<Record<SoapType, readonly ValueClass[]>> = {
  int: ['typical', 'boundary', 'empty', 'invalid'],
  str: ['typical', 'empty', 'whitespace', 'markup-like', 'non-ascii', 'long'],
  dt: ['typical', 'boundary', 'empty', 'invalid'],
  bool: ['typical', 'boundary', 'empty', 'invalid'],
};

/** Strings longer than this count as long. */
export const LONG_VALUE = 256;

export const CLASS_HELP: Readonly<Record<ValueClass, string>> = {
  typical: 'an ordinary valid value',
  boundary: 'an edge of the type: Int32 0, ±1, min or max; a dateTime in year 0001 or 9999; a boolean as "1"/"0"',
  empty: 'the empty string',
  whitespace: 'white space only, at either end, or tab/CR/LF inside',
  'markup-like': 'XML-special characters (<, >, &, ]]>) or what ASP.NET request validation calls markup',
  'non-ascii': 'a character outside ASCII (accents, CJK, right-to-left, emoji)',
  long: `longer than ${LONG_VALUE} characters`,
  invalid: 'not a lexical form of the parameter\'s type (a non-number for an int, say)',
};

const INT_BOUNDARIES = new Set(['0', '1', '-1', '2147483647', '-2147483648']);

function isValid(type: SoapType, text: string): boolean {
  try {
    convert({ name: 'value', type } satisfies Parameter, text, 'soap');
    return true;
  } catch (err) {
    if (err instanceof ConversionError) return false;
    throw err;
  }
}

/** The classes of one wire value of a parameter of `type`; never empty. */
export function classifyValue(type: SoapType, text: string): ValueClass[] {
  const classes: ValueClass[] = [];
  if (text === '') classes.push('empty');
  if (type !== 'str' && !isValid(type, text)) classes.push('invalid');
  else {
    const t = text.trim();
    if (type === 'int' && INT_BOUNDARIES.has(t.replace(/^\+/, ''))) classes.push('boundary');
    if (type === 'dt' && /^(0001|9999)-/.test(t)) classes.push('boundary');
    if (type === 'bool' && (t === '1' || t === '0')) classes.push('boundary');
  }
  if (type === 'str') {
    if (text !== '' && (text.trim() !== text || /[\t\r\n]/.test(text) || text.trim() === '')) classes.push('whitespace');
    if (/[<>&]|]]>/.test(text) || LOOKS_LIKE_MARKUP.test(text)) classes.push('markup-like');
    if (/[^\x00-\x7f]/.test(text)) classes.push('non-ascii');
    if (text.length > LONG_VALUE) classes.push('long');
  }
  return classes.length > 0 ? classes : ['typical'];
}
