/**
 * How an ASMX service turns parameter text into typed values, per transport family.
 *
 * SOAP (XmlSerializer): XmlConvert.ToInt32 (optional sign, digits, surrounding XML white space),
 * XmlConvert.ToBoolean ("true", "false", "1", "0" after trimming), XmlConvert.ToDateTime with
 * RoundtripKind (xs:dateTime lexical form). A missing value-type element silently becomes its
 * default (0, false, 0001-01-01T00:00:00) and a missing string null (issue 3, Microsoft reference
 * source).
 * HTTP GET/POST (ScalarFormatter.FromString): Int32.Parse, Boolean.Parse ("True"/"False" in any
 * case, not "1"/"0") and DateTime.Parse with the invariant culture, which is lenient.
 */
import type { Parameter, SoapType } from '../contract/index.js';

export type Typed = number | boolean | string | null;
export type Family = 'soap' | 'http';

/** The .NET exception a failed conversion raises, as ASMX reports it (type and message). */
export interface InnerException {
  readonly type: string;
  readonly message: string;
}

export class ConversionError extends Error {
  constructor(readonly param: Parameter, readonly text: string, readonly clrType: string, readonly inner: InnerException) {
    // An expected outcome, thrown for every value that does not convert (fuzz samples, negative
    // cases, each answer's lexical check) and always caught by its instanceof: capturing a stack
    // trace each time was the main process's largest self time of a 16x run (issue 61). Its
    // `stack` is the message alone.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      super(`Cannot convert ${text} to ${clrType}.`);
    } finally {
      Error.stackTraceLimit = limit;
    }
  }
}

const FORMAT = 'System.FormatException';
/** Messages of mscorlib and System.Xml for the failures each family can hit. */
function innerFor(type: SoapType, text: string, family: Family): InnerException {
  if (type === 'int') {
    return /^\s*[+-]?\d+\s*$/.test(text)
      ? { type: 'System.OverflowException', message: 'Value was either too large or too small for an Int32.' }
      : { type: FORMAT, message: 'Input string was not in a correct format.' };
  }
  if (family === 'soap') {
    // XmlConvert.ToBoolean / ToDateTime (Res.XmlConvert_BadFormat).
    return { type: FORMAT, message: `The string '${text}' is not a valid ${type === 'bool' ? 'Boolean' : 'AllXsd'} value.` };
  }
  return { type: FORMAT, message: `String was not recognized as a valid ${type === 'bool' ? 'Boolean' : 'DateTime'}.` };
}

export const clrTypeOf: Record<SoapType, string> = {
  int: 'System.Int32', str: 'System.String', dt: 'System.DateTime', bool: 'System.Boolean',
};

export const defaultOf: Record<SoapType, Typed> = { int: 0, bool: false, dt: '0001-01-01T00:00:00', str: null };

const INT32 = /^[ \t\r\n]*([+-]?\d+)[ \t\r\n]*$/;
const XS_DATETIME = /^(-?\d{4,})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;
// DateTime.Parse also takes a space between date and time and a missing seconds field.
const LENIENT_DATETIME = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

function toInt(text: string): number | undefined {
  const m = INT32.exec(text);
  if (!m) return undefined;
  const n = Number(m[1]);
  return n >= -2147483648 && n <= 2147483647 ? n : undefined;
}

function toBool(text: string, family: Family): boolean | undefined {
  const t = text.trim();
  if (family === 'soap') return t === 'true' || t === '1' ? true : t === 'false' || t === '0' ? false : undefined;
  const lower = t.toLowerCase();
  return lower === 'true' ? true : lower === 'false' ? false : undefined;
}

/** Canonical text of a dateTime so every transport renders the same instant the same way:
 * a zoned value as UTC with `Z`, an unzoned one as written; fractional seconds without trailing zeros. */
function canonicalDateTime(parts: { y: string; mo: string; d: string; h: string; mi: string; s: string; frac: string; zone: string }): string | undefined {
  const { y, mo, d, h, mi, s, frac, zone } = parts;
  const [Y, M, D, H, Mi, S] = [y, mo, d, h, mi, s].map(Number) as [number, number, number, number, number, number];
  if (Y < 1 || Y > 9999 || M < 1 || M > 12 || D < 1 || H > 23 || Mi > 59 || S > 59) return undefined;
  const probe = new Date(Date.UTC(2000, M - 1, D));
  if (probe.getUTCMonth() !== M - 1) return undefined; // day beyond the month (leap years below)
  if (M === 2 && D === 29 && !(Y % 4 === 0 && (Y % 100 !== 0 || Y % 400 === 0))) return undefined;
  const fraction = frac.replace(/0+$/, '');
  if (fraction.length > 8) return undefined; // .NET ticks: at most 7 fractional digits
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  if (!zone) return `${pad(Y, 4)}-${pad(M)}-${pad(D)}T${pad(H)}:${pad(Mi)}:${pad(S)}${fraction === '.' ? '' : fraction}`;
  const sign = zone.toUpperCase() === 'Z' ? 0 : zone.startsWith('-') ? -1 : 1;
  const zm = /(\d{2}):?(\d{2})/.exec(zone);
  const offsetMin = sign === 0 || !zm ? 0 : sign * (Number(zm[1]) * 60 + Number(zm[2]));
  // XSD 1.0 3.2.7.3: an offset lies within -14:00 and +14:00, its minutes below 60; .NET's
  // DateTime.Parse refuses others too ("The time zone offset must be within plus or minus 14 hours",
  // observed on Mono 6.8).
  if (zm && (Math.abs(offsetMin) > 14 * 60 || Number(zm[2]) > 59)) return undefined;
  const dt = new Date(0);
  dt.setUTCFullYear(Y, M - 1, D);
  dt.setUTCHours(H, Mi - offsetMin, S, 0);
  const iso = `${pad(dt.getUTCFullYear(), 4)}-${pad(dt.getUTCMonth() + 1)}-${pad(dt.getUTCDate())}T${pad(dt.getUTCHours())}:${pad(dt.getUTCMinutes())}:${pad(dt.getUTCSeconds())}`;
  return `${iso}${fraction === '.' ? '' : fraction}Z`;
}

function toDateTime(text: string, family: Family): string | undefined {
  const t = text.trim();
  if (family === 'soap') {
    const m = XS_DATETIME.exec(t);
    return m ? canonicalDateTime({ y: m[1]!, mo: m[2]!, d: m[3]!, h: m[4]!, mi: m[5]!, s: m[6]!, frac: m[7] ?? '', zone: m[8] ?? '' }) : undefined;
  }
  const m = LENIENT_DATETIME.exec(t);
  return m ? canonicalDateTime({ y: m[1]!, mo: m[2]!, d: m[3]!, h: m[4] ?? '0', mi: m[5] ?? '0', s: m[6] ?? '0', frac: m[7] ?? '', zone: m[8] ?? '' }) : undefined;
}

/** Converts one parameter's text (null when absent) into its typed value, or throws ConversionError. */
export function convert(param: Parameter, text: string | null, family: Family): Typed {
  if (text === null) return defaultOf[param.type];
  let value: Typed | undefined;
  switch (param.type) {
    case 'str': return text;
    case 'int': value = toInt(text); break;
    case 'bool': value = toBool(text, family); break;
    case 'dt': value = toDateTime(text, family); break;
  }
  if (value === undefined) throw new ConversionError(param, text, clrTypeOf[param.type], innerFor(param.type, text, family));
  return value;
}
