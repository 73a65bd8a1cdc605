/**
 * In-band failures: a target that answers HTTP 200 with an error inside the result text
 * (`{"ok":false,"error":"Unknown emailid 5"}`). The spec says nothing of it ("Error codes, error
 * statuses, error body shapes, and how failures such as a bad sig are reported: not shown"), so what
 * a failure looks like is learned from the target: answers to requests that should fail (unknown ids,
 * bad signatures) against answers to requests that succeeded (searches with empty filters). The
 * signature is plain data, it crosses to workers: a regular expression kept as source and flags, or
 * a structural feature (structure.ts) for JSON and XML results at any depth, in any case.
 */
import { parseJson, topLevelXml } from './texts.js';
import { describeStructure, featuresOf, hasStructure, treeOf, type StructuralMatch } from './structure.js';

export interface FailureSignature {
  /** A regular expression over the whole result text; '' when `structure` is the feature. */
  readonly pattern: string;
  readonly flags: string;
  /** A feature of the result's structure (structure.ts), evaluated instead of the pattern. */
  readonly structure?: StructuralMatch;
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
/** Words tried at most, each verified on every text. */
const MAX_WORDS = 20;
/** Words that say failure, preferred over other words every failure has. */
const FAILURE_WORDS = ['error', 'failed', 'failure', 'fail', 'invalid', 'unknown', 'denied', 'unauthorized', 'forbidden', 'exception', 'refused', 'not'];
/** Marker values that say failure (`<Status>Error</Status>`, `"success":false`, `result=KO`). */
const FAILURE_VALUE = /^(error|err|errors|false|fail|failed|failure|denied|invalid|rejected|ko|no|exception|fault)$/i;
/** Marker values that say how an answer went, either way: they make part of its kind (kindOf). */
const STATUS_VALUE = /^(ok|success|succeeded|true|false|yes|no|error|err|fail|failed|failure|ko|denied|rejected)$/i;

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const clip = (s: string, n = 60): string => (s.length > n ? `${s.slice(0, n)}…` : s);

interface Candidate {
  readonly pattern: string;
  readonly flags: string;
  readonly structure?: StructuralMatch;
  /** The feature as a reader would write it. */
  readonly shown: string;
}

/**
 * A signature that matches the failure texts and no success text, or undefined when none separates
 * them (or a list is empty). First a feature every failure has; else one most failures have (at
 * least two, more than half): a contrast the run took for a failure may have succeeded (a delete of
 * an unknown id that a lenient service answers OK). Candidates, most specific first: a top-level JSON
 * key with the same scalar value (`"ok":false`), a top-level key only failures have (`"error"`); a
 * node of the JSON or XML structure at any depth, elements or attributes, any case, with a marker
 * value (`<Response><Status>Error</Status>`) or present (`<ErrorCode>`); the same in `name=value`
 * text (`status=error`); then, from two failures or more, the word they start with (`Error:`), then
 * a word they have. Each is verified on all the inputs before it is returned.
 */
export function learnFailureSignature(successes: readonly string[], failures: readonly string[]): FailureSignature | undefined {
  if (successes.length === 0 || failures.length === 0) return undefined;
  const succeeded = new Set(successes);
  if (failures.some((f) => succeeded.has(f))) return undefined;
  const sampleF = failures.slice(0, MAX_TEXTS);
  const trees = new Map<string, ReturnType<typeof treeOf>>();
  const tree = (t: string) => {
    if (!trees.has(t)) trees.set(t, treeOf(t));
    return trees.get(t);
  };
  const matches = (c: Candidate, t: string): boolean => (c.structure ? hasStructure(tree(t), c.structure) : new RegExp(c.pattern, c.flags).test(t));
  const needs = [failures.length, ...(failures.length >= 3 ? [Math.max(2, Math.floor(failures.length / 2) + 1)] : [])];
  for (const need of needs) {
    const wanted = Math.ceil((need * sampleF.length) / failures.length);
    // Words only from two failures or more: one answer's own words ("Unknown opportunitynumber")
    // would be taken for the pattern. A marker of its structure is one.
    const words = failures.length >= 2 ? wordCandidates(sampleF, wanted) : [];
    const candidates = [...jsonCandidates(sampleF, wanted), ...structuralCandidates(sampleF.map(tree), wanted), ...pairCandidates(sampleF, wanted), ...words];
    for (const c of candidates) {
      const matched = failures.filter((t) => matches(c, t)).length;
      if (matched < need || successes.some((t) => matches(c, t))) continue;
      const where = matched === failures.length ? `in every failure answer (${failures.length}; first: '${clip(failures[0]!)}')` : `in ${matched} of ${failures.length} failure answers (first: '${clip(failures[0]!)}')`;
      const evidence = `${c.shown} ${where}, in no success answer (${successes.length})`;
      return Object.freeze({ pattern: c.pattern, flags: c.flags, ...(c.structure ? { structure: c.structure } : {}), source: 'learned', evidence });
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
 * boolean ones and of status words (`ok=false,error`; inside a one-key wrapper such as `{"d":{..}}`,
 * the wrapped object's, `d/`), an XML root with its children's names and boolean texts and status
 * words, `name=value` text's first line (its header) the same way (`count,result=ok` against
 * `code,message,result=error`), else the first word. Two answers of one kind have the same
 * structure, whatever their values. */
export function kindOf(text: string): string {
  const head = text.trimStart();
  const marked = (k: string, x: unknown) => (typeof x === 'boolean' || (typeof x === 'string' && STATUS_VALUE.test(x)) ? `${k}=${String(x).toLowerCase()}` : k);
  if (head.startsWith('{') && text.length <= MAX_PARSE_CHARS) {
    let v = parseJson(text);
    let wrapper = '';
    const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
    while (isObject(v) && Object.keys(v).length === 1 && isObject(Object.values(v)[0]) && wrapper.length < 200) {
      wrapper += `${Object.keys(v)[0]}/`;
      v = Object.values(v)[0];
    }
    if (isObject(v)) return `json:${wrapper}${Object.entries(v).map(([k, x]) => marked(k, x)).sort().join(',')}`;
  }
  if (head.startsWith('<') && text.length <= MAX_PARSE_CHARS) {
    const top = topLevelXml(text);
    if (top) return `xml:${top.root}:${[...new Set(top.children.map(([n, t]) => (t !== undefined && STATUS_VALUE.test(t.trim()) ? `${n}=${t.trim().toLowerCase()}` : n)))].sort().join(',')}`;
  }
  // Without the status words, `result=ok;count=2` and `result=error;code=404` would be one kind,
  // and discovery would drop every failure as a success's kind (issue 49, the vendor-pairs service).
  const header = pairsOf(head.split(/\r?\n/, 1)[0]!);
  if (header) return `pairs:${[...header].map(([k, v]) => marked(k, v)).sort().join(',')}`;
  return `text:${/^[A-Za-z][\w-]*:?/.exec(head)?.[0] ?? head.slice(0, 1)}`;
}

/** How a signature reads in a report: its regular expression, or its structural feature. */
export function describeFailureSignature(sig: Pick<FailureSignature, 'pattern' | 'flags' | 'structure'>): string {
  return sig.structure ? describeStructure(sig.structure) : `/${sig.pattern}/${sig.flags}`;
}

/** --failure-pattern, already checked to compile by the configuration (src/config/parsers.ts). */
export function givenFailureSignature(pattern: string): FailureSignature {
  return Object.freeze({ pattern, flags: '', source: 'given', evidence: `--failure-pattern '${pattern}'` });
}

const compiled = new WeakMap<FailureSignature, RegExp>();
// The text last read for a structural signature: the data path and the checks of one exchange ask
// about the same text in turn.
let lastTree: { text: string; tree: ReturnType<typeof treeOf> } | undefined;

/** Whether a result text is an in-band failure by `sig`; false without a text or a signature. */
export function isInBandFailure(text: string | null | undefined, sig: FailureSignature | undefined): boolean {
  if (typeof text !== 'string' || sig === undefined) return false;
  if (sig.structure) {
    if (lastTree?.text !== text) lastTree = { text, tree: treeOf(text) };
    return hasStructure(lastTree.tree, sig.structure);
  }
  let re = compiled.get(sig);
  if (!re) {
    // Without g and y: a RegExp with them keeps lastIndex between tests.
    re = new RegExp(sig.pattern, sig.flags.replace(/[gy]/g, ''));
    compiled.set(sig, re);
  }
  return re.test(text);
}

/** Each key with how many of `maps` hold it, and the value most of them give it (in first-seen order). */
function counted(maps: ReadonlyArray<ReadonlyMap<string, string>>): Array<{ key: string; value: string; keyCount: number; valueCount: number }> {
  const out = new Map<string, { keyCount: number; values: Map<string, number> }>();
  for (const m of maps) {
    for (const [k, v] of m) {
      let e = out.get(k);
      if (!e) out.set(k, (e = { keyCount: 0, values: new Map() }));
      e.keyCount++;
      e.values.set(v, (e.values.get(v) ?? 0) + 1);
    }
  }
  return [...out].map(([key, e]) => {
    const [value, valueCount] = [...e.values].reduce((a, b) => (b[1] > a[1] ? b : a));
    return { key, value, keyCount: e.keyCount, valueCount };
  });
}

function jsonCandidates(failures: readonly string[], need: number): Candidate[] {
  const tops: Array<Map<string, string>> = [];
  for (const t of failures) {
    const v = t.length <= MAX_PARSE_CHARS && t.trimStart().startsWith('{') ? parseJson(t) : undefined;
    if (typeof v !== 'object' || v === null || Array.isArray(v)) continue;
    // Key -> the value's JSON text when it is a short scalar, else '' (the key alone is a feature).
    tops.push(new Map(Object.entries(v).map(([k, x]) => [k, isMarker(x) ? JSON.stringify(x) : ''])));
  }
  const entries = counted(tops);
  // Non-string values first (`"ok":false`); a string one (`"status":"error"`) only when more than
  // one failure shows it, else any short message of the one failure would do.
  const keyed = entries.filter((e) => e.value !== '' && e.valueCount >= need && (!e.value.startsWith('"') || e.valueCount > 1))
    .sort((a, b) => Number(a.value.startsWith('"')) - Number(b.value.startsWith('"')))
    .map(({ key, value }) => ({ pattern: `"${escape(key)}"\\s*:\\s*${escape(value)}`, flags: '', shown: `"${key}":${value}` }));
  const keys = entries.filter((e) => e.keyCount >= need).map(({ key }) => ({ pattern: `"${escape(key)}"\\s*:`, flags: '', shown: `"${key}"` }));
  return [...keyed, ...keys];
}

const isMarker = (x: unknown): boolean => typeof x === 'boolean' || x === null || typeof x === 'number' || (typeof x === 'string' && isMarkerText(x));

/** Nodes of the JSON or XML structure at any depth: a marker value saying failure first, then a
 * boolean or number, then another marker (only when more than one failure shows it), then a node
 * only failures have; nearer the root first within each. */
function structuralCandidates(trees: ReadonlyArray<ReturnType<typeof treeOf>>, need: number): Candidate[] {
  const counts = new Map<string, { m: StructuralMatch; n: number }>();
  for (const tree of trees) {
    if (!tree) continue;
    for (const [key, m] of featuresOf(tree, isMarkerText)) {
      const e = counts.get(key);
      if (e) e.n++;
      else counts.set(key, { m, n: 1 });
    }
  }
  const rank = ({ m, n }: { m: StructuralMatch; n: number }): number =>
    m.value === undefined ? 3 : FAILURE_VALUE.test(m.value) ? 0 : /^(true|-?\d+)$/i.test(m.value) ? 1 : n > 1 ? 2 : 4;
  return [...counts.values()].filter((e) => e.n >= need && rank(e) < 4)
    .sort((a, b) => rank(a) - rank(b) || a.m.path.length - b.m.path.length || b.n - a.n)
    .map(({ m }) => ({ pattern: '', flags: '', structure: m, shown: describeStructure(m) }));
}

const PAIR = /^\s*([A-Za-z_][\w.-]*)\s*=\s*(.*?)\s*$/;
const PAIR_SEPARATOR = /[;&\r\n]/;

/** `name=value` text (`status=error;message=unknown service order 17`): name -> value, both in lower
 * case (the patterns are case-insensitive); undefined unless the text starts with a pair. */
function pairsOf(text: string): Map<string, string> | undefined {
  const parts = text.slice(0, WORD_PREFIX_CHARS).split(PAIR_SEPARATOR).filter((p) => p.trim() !== '');
  if (!parts[0] || !PAIR.test(parts[0])) return undefined;
  const pairs = new Map<string, string>();
  for (const part of parts) {
    const m = PAIR.exec(part);
    if (m && !pairs.has(m[1]!.toLowerCase())) pairs.set(m[1]!.toLowerCase(), m[2]!.toLowerCase());
  }
  return pairs;
}

function pairCandidates(failures: readonly string[], need: number): Candidate[] {
  const entries = counted(failures.map(pairsOf).filter((p): p is Map<string, string> => p !== undefined));
  const at = (name: string) => `(?:^|[;&\\r\\n])\\s*${escape(name)}\\s*=`;
  const valued = entries.filter((e) => e.valueCount >= need && isMarkerText(e.value) && (e.valueCount > 1 || FAILURE_VALUE.test(e.value)))
    .sort((a, b) => Number(!FAILURE_VALUE.test(a.value)) - Number(!FAILURE_VALUE.test(b.value)))
    .map(({ key, value }) => ({ pattern: `${at(key)}\\s*${escape(value)}\\s*(?:$|[;&\\r\\n])`, flags: 'i', shown: `${key}=${value}` }));
  const present = entries.filter((e) => e.keyCount >= need).map(({ key }) => ({ pattern: at(key), flags: 'i', shown: `${key}=` }));
  return [...valued, ...present];
}

function wordCandidates(failures: readonly string[], need: number): Candidate[] {
  const out: Candidate[] = [];
  const starts = failures.map((t) => /^\s*([A-Za-z][\w-]*)(:?)/.exec(t.slice(0, WORD_PREFIX_CHARS)));
  const firstWords = counted(starts.filter((m) => m !== null).map((m) => new Map([[m[1]!.toLowerCase(), '']])));
  for (const { key } of firstWords.filter((e) => e.keyCount >= need)) {
    const same = starts.filter((m) => m?.[1]!.toLowerCase() === key) as RegExpExecArray[];
    const colon = same.every((m) => m[2] === ':') ? ':' : '';
    const flags = same.every((m) => m[1] === same[0]![1]) ? '' : 'i';
    out.push({ pattern: `^\\s*${escape(same[0]![1]!)}${colon}`, flags, shown: `'${same[0]![1]}${colon}' at the start` });
  }
  const wordsOf = (t: string) => new Set((t.slice(0, WORD_PREFIX_CHARS).match(/[A-Za-z]{3,}/g) ?? []).map((w) => w.toLowerCase()));
  const shared = counted(failures.map((t) => new Map([...wordsOf(t)].map((w) => [w, ''])))).filter((e) => e.keyCount >= need).map((e) => e.key);
  const preferred = [...FAILURE_WORDS.filter((w) => shared.includes(w)), ...shared.filter((w) => !FAILURE_WORDS.includes(w))];
  for (const w of preferred.slice(0, MAX_WORDS)) {
    // As the first failure having it writes it; case-insensitive when the failures differ in case.
    const written = failures.map((t) => new RegExp(`\\b${w}\\b`, 'i').exec(t.slice(0, WORD_PREFIX_CHARS))?.[0]).find((x) => x !== undefined) ?? w;
    const having = failures.filter((t) => new RegExp(`\\b${w}\\b`, 'i').test(t.slice(0, WORD_PREFIX_CHARS)));
    const exact = having.every((t) => new RegExp(`\\b${escape(written)}\\b`).test(t.slice(0, WORD_PREFIX_CHARS)));
    out.push({ pattern: `\\b${escape(written)}\\b`, flags: exact ? '' : 'i', shown: `'${written}'` });
  }
  return out;
}
