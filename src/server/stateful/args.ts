/**
 * The web method's view of its parameters and the matching rules its queries share. The spec is
 * silent on matching; these are the choices of a plausible vendor:
 * - a text search filter matches case-insensitively as "contains" (a personality may match exactly
 *   or by prefix); an empty filter is no filter;
 *   filters are AND-combined;
 * - an id filter of a list matches exactly (as text, or as an int where 0 is no filter); an empty
 *   one is no filter, and one naming nothing gives an empty list (success, not an error);
 * - a date filter is a calendar day, written YYYY-MM-DD (optionally with a time, ignored) or
 *   M/D/YYYY; empty or white space is no filter, anything else that does not parse is an in-band
 *   failure; startdate keeps records starting on or after that day, enddate records ending on or
 *   before it;
 * - sortcolumn names a field of the returned records (any case); an unknown or empty one is the
 *   default order (by id); sortdirection "desc" or "descending" (any case) reverses, anything else
 *   is ascending.
 */
import type { Typed } from '../../asmx/values.js';
import { BusinessError, type Field, type Rec } from './outcome.js';
import type { TextMatch } from './personality.js';

export class Args {
  constructor(private readonly typed: ReadonlyMap<string, Typed>) {}

  /** A text parameter; an absent SOAP element (null) reads as empty, as a vendor's `?? ""` would. */
  str(name: string): string {
    const v = this.typed.get(name);
    return typeof v === 'string' ? v : '';
  }

  int(name: string): number {
    const v = this.typed.get(name);
    return typeof v === 'number' ? v : 0;
  }

  bool(name: string): boolean {
    return this.typed.get(name) === true;
  }

  /** A dateTime parameter as its canonical text (src/asmx/values.ts). */
  dateTime(name: string): string {
    const v = this.typed.get(name);
    return typeof v === 'string' ? v : '0001-01-01T00:00:00';
  }
}

export const contains = (value: string, filter: string) => filter === '' || value.toLowerCase().includes(filter.toLowerCase());

/** A text filter's test: the reference's "contains", or a personality's exact or prefix match
 * (SQL's = and LIKE 'x%' under a case-insensitive collation); an empty filter is no filter. */
export type Match = (value: string, filter: string) => boolean;
const exact: Match = (value, filter) => filter === '' || value.toLowerCase() === filter.toLowerCase();
const prefix: Match = (value, filter) => filter === '' || value.toLowerCase().startsWith(filter.toLowerCase());
export const matcher = (kind: TextMatch): Match => (kind === 'exact' ? exact : kind === 'prefix' ? prefix : contains);

/** An exact id filter given as text: empty is no filter. */
export const idMatches = (value: number | string, filter: string) => filter === '' || String(value) === filter;

/** An exact id filter given as an int: 0 (the default of an absent value) is no filter. */
export const intIdMatches = (value: number, filter: number) => filter === 0 || value === filter;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;
const US_DAY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

function isCalendarDay(y: number, m: number, d: number): boolean {
  const day = new Date(Date.UTC(y, m - 1, d));
  return y >= 1000 && day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

/** A date filter as YYYY-MM-DD, undefined for no filter; throws BusinessError when it does not parse. */
export function dayFilter(name: string, text: string): string | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  const iso = ISO_DAY.exec(t);
  const us = US_DAY.exec(t);
  const [y, m, d] = iso ? [iso[1]!, iso[2]!, iso[3]!] : us ? [us[3]!, us[1]!.padStart(2, '0'), us[2]!.padStart(2, '0')] : [];
  if (y === undefined || !isCalendarDay(Number(y), Number(m), Number(d))) throw new BusinessError(`${name} "${text}" is not a date (use YYYY-MM-DD).`);
  return `${y}-${m}-${d}`;
}

/** Whether a record's dateTime text falls within the [start, end] day filters. */
export function withinDays(startOf: string, endOf: string, start: string | undefined, end: string | undefined): boolean {
  return (start === undefined || startOf.slice(0, 10) >= start) && (end === undefined || endOf.slice(0, 10) <= end);
}

/** Numbers by value, text case-insensitively by code point (no locale: the same order on every machine). */
function compare(a: Field | undefined, b: Field | undefined): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const [x, y] = [String(a ?? '').toLowerCase(), String(b ?? '').toLowerCase()];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Records in the order sortcolumn and sortdirection ask for; ties (and the default) by `idField`. */
export function sorted(records: readonly Rec[], idField: string, sortcolumn: string, sortdirection: string): Rec[] {
  const column = records[0] && Object.keys(records[0]).find((k) => k === sortcolumn.trim().toLowerCase() && !Array.isArray(records[0]![k]));
  const sign = /^(desc|descending)$/i.test(sortdirection.trim()) ? -1 : 1;
  return [...records].sort((a, b) => sign * (compare(a[column ?? idField], b[column ?? idField]) || compare(a[idField], b[idField])));
}
