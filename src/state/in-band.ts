/**
 * In-band failures: a target that answers HTTP 200 with an error inside the result text
 * (`{"ok":false,"error":"Unknown emailid 5"}`). The spec says nothing of it ("Error codes, error
 * statuses, error body shapes, and how failures such as a bad sig are reported: not shown"), so what
 * a failure looks like is learned from the target: answers to requests that should fail (unknown ids,
 * bad signatures) against answers to requests that succeeded (searches with empty filters). The
 * signature is a regular expression, kept as source and flags so it crosses to workers as data.
 */
import { parseJson, topLevelXml } from './texts.js';

export interface FailureSignature {
  readonly pattern: string;
  readonly flags: string;
  readonly source: 'given' | 'learned';
  /** What it was learned from, short, quoted. */
  readonly evidence: string;
}

/** Texts looked at for features; the pattern is still verified on every text. */
const MAX_TEXTS = 200;
/** Longer texts give no structural feature (a failure is short) and only their start gives words. */
const MAX_PARSE_CHARS = 1024 * 1024;
const WORD_PREFIX_CHARS = 4096;
/** A string value longer than this, or with white space, is an instance (a message such as "bad
 * sig"), not a marker like "error": a pattern of it would fit only the failures it was learned from. */
const MAX_MARKER_CHARS = 20;
const isMarkerText = (s: string): boolean => s.length > 0 && s.length <= MAX_MARKER_CHARS && !/\s/.test(s);
/** Words that say failure, preferred over other words every failure has. */
/** Words tried at most, each verified on every text. */
const MAX_WORDS = 20;
const FAILURE_WORDS = ['error', 'failed', 'failure', 'fail', 'invalid', 'unknown', 'denied', 'unauthorized', 'forbidden', 'exception', 'refused', 'not'];

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const clip = (s: string, n = 60): string => (s.length > n ? `${s.slice(0, n)}…` : s);

interface Candidate {
  readonly pattern: string;
  readonly flags: string;
  /** The feature as a reader would write it. */
  readonly shown: string;
}

/**
 * A signature that matches every failure text and no success text, or undefined when none separates
 * them (or a list is empty). Candidates, most specific first: a top-level JSON key with the same
 * scalar value in every failure (`"ok":false`), a top-level key only failures have (`"error"`); the
 * same for XML (`<ok>false</ok>`, `<error>`); then the word every failure starts with (`Error:`), then
 * a word every failure has. Each is verified on all the inputs before it is returned.
 */
export function learnFailureSignature(successes: readonly string[], failures: readonly string[]): FailureSignature | undefined {
  if (successes.length === 0 || failures.length === 0) return undefined;
  const succeeded = new Set(successes);
  if (failures.some((f) => succeeded.has(f))) return undefined;
  const sampleF = failures.slice(0, MAX_TEXTS);
  const sampleS = successes.slice(0, MAX_TEXTS);
  for (const c of [...jsonCandidates(sampleF), ...xmlCandidates(sampleF), ...wordCandidates(sampleF)]) {
    const re = new RegExp(c.pattern, c.flags);
    if (failures.every((t) => re.test(t)) && !successes.some((t) => re.test(t))) {
      const evidence = `${c.shown} in every failure answer (${failures.length}; first: '${clip(failures[0]!)}'), in no success answer (${successes.length})`;
      return Object.freeze({ pattern: c.pattern, flags: c.flags, source: 'learned', evidence });
    }
  }
  return undefined;
}

/**
 * A signature learned from a run's answers to valid requests, some of which may themselves be
 * in-band failures (most ids a valid request names do not exist on a real target), against answers
 * to requests that should fail. An answer of the same kind as some failure (kindOf) is no evidence of
 * success, so only the others stand for successes; the signature, verified on those, then tells the
 * valid answers apart. Undefined when no answer differs in kind from the failures.
 */
export function learnFailureSignatureFromRun(answers: readonly string[], failures: readonly string[]): FailureSignature | undefined {
  const failureKinds = new Set(failures.slice(0, MAX_TEXTS).map(kindOf));
  return learnFailureSignature(answers.filter((t) => !failureKinds.has(kindOf(t))), failures);
}

/** What kind of answer a text is, coarsely: a JSON object's top-level keys with the values of its
 * boolean ones (`ok=false,error`), an XML root with its children's names and boolean texts, else the
 * first word. Two answers of one kind have the same structure, whatever their values. */
export function kindOf(text: string): string {
  const head = text.trimStart();
  if (head.startsWith('{') && text.length <= MAX_PARSE_CHARS) {
    const v = parseJson(text);
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
      return `json:${Object.entries(v).map(([k, x]) => (typeof x === 'boolean' ? `${k}=${x}` : k)).sort().join(',')}`;
    }
  }
  if (head.startsWith('<') && text.length <= MAX_PARSE_CHARS) {
    const top = topLevelXml(text);
    if (top) return `xml:${top.root}:${[...new Set(top.children.map(([n, t]) => (t === 'true' || t === 'false' ? `${n}=${t}` : n)))].sort().join(',')}`;
  }
  return `text:${/^[A-Za-z][\w-]*:?/.exec(head)?.[0] ?? head.slice(0, 1)}`;
}

/** --failure-pattern, already checked to compile by the configuration (src/config/parsers.ts). */
export function givenFailureSignature(pattern: string): FailureSignature {
  return Object.freeze({ pattern, flags: '', source: 'given', evidence: `--failure-pattern '${pattern}'` });
}

const compiled = new WeakMap<FailureSignature, RegExp>();

/** Whether a result text is an in-band failure by `sig`; false without a text or a signature. */
export function isInBandFailure(text: string | null | undefined, sig: FailureSignature | undefined): boolean {
  if (typeof text !== 'string' || sig === undefined) return false;
  let re = compiled.get(sig);
  if (!re) {
    // Without g and y: a RegExp with them keeps lastIndex between tests.
    re = new RegExp(sig.pattern, sig.flags.replace(/[gy]/g, ''));
    compiled.set(sig, re);
  }
  return re.test(text);
}

/** The entries every one of `maps` holds with the same value, in the first map's order. */
function common(maps: ReadonlyArray<ReadonlyMap<string, string>>): Array<[string, string]> {
  return [...maps[0]!].filter(([k, v]) => maps.every((m) => m.get(k) === v));
}

function jsonCandidates(failures: readonly string[]): Candidate[] {
  const tops: Array<Map<string, string>> = [];
  for (const t of failures) {
    const v = t.length <= MAX_PARSE_CHARS ? parseJson(t) : undefined;
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return [];
    // Key -> the value's JSON text when it is a short scalar, else '' (the key alone is a feature).
    tops.push(new Map(Object.entries(v).map(([k, x]) => [k, isMarker(x) ? JSON.stringify(x) : ''])));
  }
  // Non-string values first (`"ok":false`); a string one (`"status":"error"`) only when more than
  // one failure shows it, else any short message of the one failure would do.
  const keyed = common(tops).filter(([, v]) => v !== '' && (!v.startsWith('"') || tops.length > 1))
    .sort(([, a], [, b]) => Number(a.startsWith('"')) - Number(b.startsWith('"')))
    .map(([k, v]) => ({ pattern: `"${escape(k)}"\\s*:\\s*${escape(v)}`, flags: '', shown: `"${k}":${v}` }));
  const keys = [...tops[0]!.keys()].filter((k) => tops.every((m) => m.has(k))).map((k) => ({ pattern: `"${escape(k)}"\\s*:`, flags: '', shown: `"${k}"` }));
  return [...keyed, ...keys];
}

const isMarker = (x: unknown): boolean => typeof x === 'boolean' || x === null || typeof x === 'number' || (typeof x === 'string' && isMarkerText(x));

function xmlCandidates(failures: readonly string[]): Candidate[] {
  const tops: Array<Map<string, string>> = [];
  for (const t of failures) {
    const top = t.length <= MAX_PARSE_CHARS && t.trimStart().startsWith('<') ? topLevelXml(t) : undefined;
    if (!top) return [];
    // The root and its children: child name -> its text when a short leaf; the root by its name.
    tops.push(new Map([[`${top.root}`, '\u0000root'], ...top.children.map(([name, text]): [string, string] => [name, text !== undefined && isMarkerText(text) ? text : ''])]));
  }
  // As for JSON: a word (<status>error</status>) only when more than one failure shows it.
  const valued = common(tops).filter(([, v]) => v !== '' && v !== '\u0000root' && (tops.length > 1 || /^(true|false|-?\d+)$/.test(v)))
    .map(([name, text]) => ({ pattern: `<${escape(name)}>\\s*${escape(text)}\\s*</${escape(name)}>`, flags: '', shown: `<${name}>${text}</${name}>` }));
  const present = [...tops[0]!.keys()].filter((k) => tops.every((m) => m.has(k))).map((name) => ({ pattern: `<${escape(name)}[\\s/>]`, flags: '', shown: `<${name}>` }));
  return [...valued, ...present];
}

function wordCandidates(failures: readonly string[]): Candidate[] {
  const starts = failures.map((t) => /^\s*([A-Za-z][\w-]*)(:?)/.exec(t.slice(0, WORD_PREFIX_CHARS)));
  const out: Candidate[] = [];
  const first = starts[0];
  if (first && starts.every((m) => m && m[1]!.toLowerCase() === first[1]!.toLowerCase())) {
    const colon = starts.every((m) => m![2] === ':') ? ':' : '';
    const flags = starts.every((m) => m![1] === first[1]) ? '' : 'i';
    out.push({ pattern: `^\\s*${escape(first[1]!)}${colon}`, flags, shown: `'${first[1]}${colon}' at the start` });
  }
  const wordsOf = (t: string) => new Set((t.slice(0, WORD_PREFIX_CHARS).match(/[A-Za-z]{3,}/g) ?? []).map((w) => w.toLowerCase()));
  const sets = failures.map(wordsOf);
  const shared = [...sets[0]!].filter((w) => sets.every((s) => s.has(w)));
  const preferred = [...FAILURE_WORDS.filter((w) => shared.includes(w)), ...shared.filter((w) => !FAILURE_WORDS.includes(w))];
  for (const w of preferred.slice(0, MAX_WORDS)) {
    // As the first failure writes it; case-insensitive when the failures differ in case.
    const written = new RegExp(`\\b${w}\\b`, 'i').exec(failures[0]!)?.[0] ?? w;
    const exact = failures.every((t) => new RegExp(`\\b${escape(written)}\\b`).test(t.slice(0, WORD_PREFIX_CHARS)));
    out.push({ pattern: `\\b${escape(written)}\\b`, flags: exact ? '' : 'i', shown: `'${written}'` });
  }
  return out;
}
