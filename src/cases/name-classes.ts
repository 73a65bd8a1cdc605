/**
 * Values a real service may accept, by parameter name and type (issue 49, item 4): the spec gives
 * every parameter a name and an XSD type and nothing more, and a vendor that checks its inputs
 * rejects the hand-picked "sample email" in-band (`invalid e-mail address: sample email`). As
 * EvoMaster infers formats from parameter names (email, date, uri), a name says which class of
 * value to try: an e-mail address for `email`, a small real file as base64 with a matching
 * `filename`, a text flag for `nextfile` or `completed`, a small integer for `status`, a date text
 * for `startdate`. Values the run learned from the target come first: they are the target's own.
 * Pure: the parameter and what was learned in, candidate assignments out, most likely first.
 */
import type { Operation, Parameter } from '../contract/index.js';

/** What the run learned that names a value class. */
export interface Known {
  /** The distinct learned values of a parameter, first seen first. */
  readonly values: (param: string) => readonly string[];
  /** Field names of the learned records, those the operation itself answered first (sortcolumn). */
  readonly fields: readonly string[];
}

/** One candidate: the value of the parameter, with the companions it needs (a file's name). */
export type Candidate = Readonly<Record<string, string>>;

/** Most candidates tried for one parameter. */
export const MAX_CANDIDATES = 8;

/** A 1x1 PNG: the smallest real image, so a service that checks the file's content accepts it. */
export const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
export const TEXT_BASE64 = Buffer.from('tsiws-conformance sample document\n').toString('base64');
/** Files with a name whose extension matches their content: a service may check one against the other. */
export const FILES: ReadonlyArray<{ readonly filename: string; readonly base64: string }> = [
  { filename: 'tsiws-conformance.txt', base64: TEXT_BASE64 },
  { filename: 'tsiws-conformance.png', base64: PNG_BASE64 },
];

export const EMAILS = ['tsiws.conformance@example.com', 'tsiws@example.org'];
/** Text flags as services write them: .NET's Boolean.Parse forms, bits, and words. */
export const TEXT_FLAGS = ['true', 'false', '1', '0', 'yes', 'no'];
/** Small codes first: a status or priority is mostly an index into a short list. */
export const SMALL_INTS = ['1', '0', '2', '3', '4', '5'];
export const PRIORITY_TEXTS = ['1', '2', '3', 'Normal', 'High', 'Low'];
/** ISO, then the common US forms a service built on en-US parsing accepts. */
export const DATE_TEXTS = ['2024-05-17', '2024-05-17T09:30:00', '05/17/2024', '5/17/2024'];
export const DATE_TIMES = ['2024-05-17T09:30:00', '2024-05-17T09:30:00Z'];
export const SORT_DIRECTIONS = ['ASC', 'DESC', 'asc', 'desc'];

const FLAG_NAME = /^(nextfile|completed|primary|active|closed|done|(is|has)[a-z]+)$/i;
const CODE_NAME = /(status|priority|state|level)$/i;

/** The class a parameter's name puts it in; undefined when the name says nothing. */
export function nameClass(param: Parameter): 'email' | 'file' | 'flag' | 'code' | 'priority' | 'date' | 'sortcolumn' | 'sortdirection' | undefined {
  const n = param.name.toLowerCase();
  if (param.type === 'str' && /e-?mail/.test(n)) return 'email';
  if (param.type === 'str' && (n.includes('base64') || n === 'filename')) return 'file';
  if (param.type === 'str' && FLAG_NAME.test(n)) return 'flag';
  if (param.type === 'str' && n.includes('priority')) return 'priority';
  if (param.type === 'int' && CODE_NAME.test(n)) return 'code';
  if ((param.type === 'str' || param.type === 'dt') && /date/.test(n)) return 'date';
  if (param.type === 'str' && n === 'sortcolumn') return 'sortcolumn';
  if (param.type === 'str' && n === 'sortdirection') return 'sortdirection';
  return undefined;
}

const distinct = (values: readonly string[]): string[] => [...new Set(values)];

/** The file pair for `op`: base64string with the filename of its content, when the operation has both. */
function fileCandidates(op: Operation): Candidate[] {
  const names = op.params.map((p) => p.name);
  const b64 = names.find((n) => n.toLowerCase().includes('base64'));
  return FILES.map((f) => ({ ...(b64 ? { [b64]: f.base64 } : {}), ...(names.includes('filename') ? { filename: f.filename } : {}) }));
}

/** The values of `param`'s class, learned ones first where the class has them. */
function classValues(param: Parameter, known: Known): string[] {
  const learned = known.values(param.name);
  switch (nameClass(param)) {
    case 'email': return [...learned.filter((v) => v.includes('@')), ...EMAILS];
    case 'flag': return TEXT_FLAGS;
    case 'code': return [...learned, ...SMALL_INTS];
    case 'priority': return [...learned, ...PRIORITY_TEXTS];
    case 'date': return [...learned, ...(param.type === 'dt' ? DATE_TIMES : DATE_TEXTS)];
    case 'sortcolumn': return [...known.fields];
    case 'sortdirection': return SORT_DIRECTIONS;
    default: return [...learned, ...(param.type === 'int' ? ['1', '0'] : param.type === 'dt' ? DATE_TIMES : param.type === 'bool' ? ['true', 'false'] : [''])];
  }
}

/** Candidates for `param` of `op`, most likely first, at most MAX_CANDIDATES. */
export function candidatesFor(op: Operation, param: Parameter, known: Known): Candidate[] {
  if (nameClass(param) === 'file') return fileCandidates(op);
  return distinct(classValues(param, known)).slice(0, MAX_CANDIDATES).map((v) => ({ [param.name]: v }));
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** Longest sent value looked for in a message: a base64 file is not quoted back. */
const MAX_QUOTED_CHARS = 100;

/** Where `message` names `name`: as a word, or written in words ("e-mail" for email, "next file"
 * for nextfile); -1 when it does not. */
function nameIndex(message: string, name: string): number {
  const words = [...message.toLowerCase().matchAll(/[a-z0-9]+/g)];
  for (let i = 0; i < words.length; i++) {
    let joined = '';
    for (let j = i; j < Math.min(words.length, i + 3); j++) {
      joined += words[j]![0];
      if (joined === name.toLowerCase()) return words[i]!.index;
    }
  }
  return -1;
}

/** Whether `message` quotes `value` whole (valueIndex). */
export const quotesValue = (message: string, value: string): boolean => valueIndex(message, value) >= 0;

/** Where `message` quotes `value` whole (not inside a longer word or number); -1 when it does not. */
function valueIndex(message: string, value: string): number {
  if (value.trim() === '' || value.length > MAX_QUOTED_CHARS) return -1;
  // Not inside a longer word or number: "3" is not quoted by "status -3", nor by "3.5".
  return new RegExp(`(?<![A-Za-z0-9.-])${escape(value)}(?![A-Za-z0-9]|\\.[0-9])`).exec(message)?.index ?? -1;
}

/**
 * The parameters a failure message names, by name or by the value sent for it, in the order the
 * message mentions them: `invalid e-mail address: sample email` names email, `rep -2 is not
 * assigned to service order 12` names reptodelete and sonumber by their values. `params` are the
 * candidates (authentication left out by the caller).
 */
export function namedParams(params: readonly string[], message: string, sent: Readonly<Record<string, string>>): string[] {
  const at = params.map((name) => {
    const found = [nameIndex(message, name), valueIndex(message, sent[name] ?? '')].filter((i) => i >= 0);
    return { name, index: found.length > 0 ? Math.min(...found) : -1 };
  });
  return at.filter((p) => p.index >= 0).sort((a, b) => a.index - b.index).map((p) => p.name);
}
