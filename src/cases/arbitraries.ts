/**
 * fast-check arbitraries derived from the contract: one per SOAP type, configurable in fast-check's
 * `xxx(constraints?)` style, producing wire (lexical) values.
 *
 * Strings stress XML and HTTP encoders but never contain a character XML 1.0 forbids (section 2.2:
 * only #x9, #xA, #xD, #x20-#xD7FF, #xE000-#xFFFD, #x10000-#x10FFFF); those belong to negative cases.
 */
import fc from 'fast-check';
import { AUTH_PARAMS, type Operation, type SoapType } from '../contract/index.js';
import type { WireValues } from '../transports/index.js';

export const INT32_MIN = -2147483648;
export const INT32_MAX = 2147483647;

export interface Int32Constraints {
  /** Relative weight of the boundary values 0, -1, 1, Int32 min and max (default 1 in 3). */
  readonly boundaryWeight?: number;
}

/** The full Int32 range, boundaries favoured. */
export function int32(constraints: Int32Constraints = {}): fc.Arbitrary<string> {
  const boundaryWeight = constraints.boundaryWeight ?? 1;
  return fc.oneof(
    { arbitrary: fc.constantFrom(0, -1, 1, INT32_MIN, INT32_MAX), weight: boundaryWeight },
    { arbitrary: fc.integer({ min: INT32_MIN, max: INT32_MAX }), weight: 2 },
  ).map(String);
}

export interface XmlTextConstraints {
  /** Longest string produced (default 2000, the --max-string-length default). */
  readonly maxLength?: number;
}

/** Whole strings that break naive encoders. */
const TRICKY = [
  '', ' ', '   ', ' leading', 'trailing ', '  both  ', 'a  b   c', '\t', 'tab\tinside', 'line\nfeed', 'carriage\rreturn',
  'crlf\r\nline', '\r\n', '& < > " \'', '&amp;', ']]>', '<x>', '</x>', '<x/>', '&#65;', '&lt;', '<![CDATA[x]]>', '<!-- c -->',
  '%20', '%', '+', 'a+b=c&d', '?#', 'café', 'Ünïcödé', '日本語テキスト', 'שלום', 'مرحبا', 'e\u0301', '😀', '👍🏽', '𝄞',
];

/** One character of some class: printable ASCII, XML-special, white space, Latin-1, CJK,
 * right-to-left, combining mark, or astral plane. */
function xmlChar(): fc.Arbitrary<string> {
  const range = (min: number, max: number) => fc.integer({ min, max }).map((c) => String.fromCodePoint(c));
  return fc.oneof(
    { arbitrary: range(0x20, 0x7e), weight: 8 },
    { arbitrary: fc.constantFrom('&', '<', '>', '"', "'", ']', ';', '#', '%', '+', '='), weight: 3 },
    { arbitrary: fc.constantFrom(' ', '\t', '\n', '\r', '\r\n'), weight: 2 },
    { arbitrary: range(0xa0, 0xff), weight: 2 },
    { arbitrary: range(0x4e00, 0x9fff), weight: 1 },
    { arbitrary: range(0x5d0, 0x5ea), weight: 1 },
    { arbitrary: range(0x300, 0x36f), weight: 1 },
    { arbitrary: range(0x1f300, 0x1faff), weight: 1 },
  );
}

/** `s` cut to at most `max` UTF-16 code units without splitting a surrogate pair (a lone
 * surrogate is not an XML character). */
function cut(s: string, max: number): string {
  const t = s.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(t) ? t.slice(0, -1) : t;
}

/** Text that stresses XML and HTTP encoders, up to `maxLength` UTF-16 code units. */
export function xmlText(constraints: XmlTextConstraints = {}): fc.Arbitrary<string> {
  const maxLength = constraints.maxLength ?? 2000;
  const fits = (s: string) => s.length <= maxLength;
  const chars = (min: number, max: number, size?: 'max') => fc.array(xmlChar(), { minLength: min, maxLength: max, ...(size ? { size } : {}) }).map((cs) => cut(cs.join(''), maxLength));
  const short = chars(0, Math.min(24, maxLength));
  return fc.oneof(
    { arbitrary: fc.constantFrom(...TRICKY.filter(fits)), weight: 3 },
    { arbitrary: short, weight: 4 },
    { arbitrary: fc.tuple(fc.constantFrom(...TRICKY.filter(fits)), short).map(([a, b]) => cut(a + b, maxLength)), weight: 2 },
    // Long text is built from chunks with no minimum length: shrinking an array that must stay
    // long makes fast-check filter candidates synchronously for minutes (seen here).
    { arbitrary: fc.array(chars(0, 100, 'max'), { maxLength: Math.ceil(maxLength / 50), size: 'max' }).map((parts) => cut(parts.join(''), maxLength)), weight: 1 },
  );
}

/** Valid xs:dateTime lexical forms across the years a .NET DateTime holds (1-9999): with Z, with
 * an offset, without a zone, with and without fractional seconds (at most 7 digits, .NET's ticks). */
export function xsDateTime(): fc.Arbitrary<string> {
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return fc.record({
    year: fc.oneof(fc.constantFrom(1, 1970, 2000, 2024, 9999), fc.integer({ min: 1, max: 9999 })),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 28 }),
    hour: fc.integer({ min: 0, max: 23 }),
    minute: fc.integer({ min: 0, max: 59 }),
    second: fc.integer({ min: 0, max: 59 }),
    fraction: fc.oneof(fc.constant(''), fc.integer({ min: 1, max: 7 }).chain((d) => fc.stringMatching(new RegExp(`^[0-9]{${d}}$`)).map((s) => `.${s}`))),
    zone: fc.oneof(fc.constant(''), fc.constant('Z'), fc.tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 14 }), fc.constantFrom(0, 30, 45))
      // XSD 1.0 (3.2.7.3) and .NET both bound an offset to 14:00: +14:45 is not a dateTime (Mono
      // refused it over GET and POST, npm run test:asmx).
      .filter(([, h, m]) => h < 14 || m === 0).map(([s, h, m]) => `${s}${pad(h)}:${pad(m)}`)),
  }).filter(({ year, month, day, hour, zone }) => {
    // Keep the instant inside .NET's range once an offset is applied at the edges of the range.
    if (!zone || zone === 'Z') return true;
    return !((year === 1 && month === 1 && day === 1 && hour < 15) || (year === 9999 && month === 12 && day >= 28 && hour > 8));
  }).map(({ year, month, day, hour, minute, second, fraction, zone }) =>
    `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(second)}${fraction}${zone}`);
}

/** xs:boolean's lexical forms. */
export function xsBoolean(): fc.Arbitrary<string> {
  return fc.constantFrom('true', 'false', '1', '0');
}

export interface CaseConstraints {
  readonly maxStringLength?: number;
  /** Values known to succeed for some parameters (the run's search for them, engine/learn/value-search.ts):
   * each is one of the constant choices for its parameter, beside the type's arbitrary. */
  readonly seeds?: Readonly<Record<string, string>>;
}

export function valueArbitrary(type: SoapType, constraints: CaseConstraints = {}): fc.Arbitrary<string> {
  switch (type) {
    case 'int': return int32();
    case 'str': return xmlText({ ...(constraints.maxStringLength !== undefined ? { maxLength: constraints.maxStringLength } : {}) });
    case 'dt': return xsDateTime();
    case 'bool': return xsBoolean();
  }
}

/** The values of one invocation of `op` (authentication parameters excluded: they come from
 * configuration or the signer). */
export function valuesArbitrary(op: Operation, constraints: CaseConstraints = {}): fc.Arbitrary<WireValues> {
  const fields: Record<string, fc.Arbitrary<string>> = {};
  for (const p of op.params) {
    if (AUTH_PARAMS.includes(p.name)) continue;
    const seed = constraints.seeds?.[p.name];
    const drawn = valueArbitrary(p.type, constraints);
    // Without a seed the draw is the same as ever, sample for sample.
    fields[p.name] = seed === undefined ? drawn : fc.oneof({ arbitrary: fc.constant(seed), weight: 1 }, { arbitrary: drawn, weight: 3 });
  }
  return fc.record(fields);
}
