/**
 * The text inside junit.xml's testcases: their names, the `name: value` lines of <system-out>, and
 * the body of a <failure>. Kept apart from junit.ts, which decides what each testcase is.
 */
import type { ExchangeRecord } from '../../results/record.js';
import { clip } from '../../results/clip.js';
import type { RunInfo } from './summary.js';

/** The case a record stands for, in words: its negative scenario, 'fuzz', or nothing (positive). */
export function subjectOf(r: ExchangeRecord): string {
  if (r.fuzz) return 'fuzz';
  if (r.scenario) return `${r.scenario}${r.param ? `(${r.param})` : ''}`;
  return '';
}

/** A readable testcase name: transport, case and what was judged, e.g. `get int-empty(repnumber) http-status-200`. */
export function testcaseLabel(r: ExchangeRecord, what: string): string {
  return labelsOf(r)(what);
}

/** The labels made so far, by head (transport and case) and what was judged: a run has a few
 * thousand, and each record's testcases (one a check) were as many fresh strings that junit.xml's
 * fold then hashed to find their testcase, at every repetition (issue 61). Bounded all the same. */
const madeLabels = new Map<string, Map<string, string>>();
const MADE_HEADS = 10_000;

/** The labels of a record's testcases: what was judged -> label. */
export function labelsOf(r: ExchangeRecord): (what: string) => string {
  const subject = subjectOf(r);
  // The words that are not empty, one space apart (one label per testcase: no array for it).
  const head = subject === '' ? r.transport : `${r.transport} ${subject}`;
  let made = madeLabels.get(head);
  if (!made) {
    if (madeLabels.size >= MADE_HEADS) madeLabels.clear();
    madeLabels.set(head, (made = new Map()));
  }
  const labels = made;
  return (what) => {
    if (what === '') return head;
    let label = labels.get(what);
    if (label === undefined) labels.set(what, (label = `${head} ${what}`));
    return label;
  };
}

/**
 * Names unique within their classname, as CI history views and xunit-viewer key testcases by
 * (classname, name): a label that several testcases share gets their case id, e.g. the parity
 * comparison of each negative case, and what still collides (one case reported twice) a counter.
 */
export function uniqueNames(items: ReadonlyArray<{ className: string; label: string; caseId: string }>): string[] {
  const counts = new Map<string, number>();
  for (const i of items) counts.set(nameKey(i.className, i.label), (counts.get(nameKey(i.className, i.label)) ?? 0) + 1);
  const name = uniqueNamer((className, label) => counts.get(nameKey(className, label)) ?? 0);
  return items.map(name);
}

/** The key of a (classname, name) pair. */
export const nameKey = (className: string, name: string): string => `${className}\u0000${name}`;

/** uniqueNames a testcase at a time, in order, for testcases not all held at once: `count` says how
 * many testcases of the suite share a label (counted in a first pass). */
export function uniqueNamer(count: (className: string, label: string) => number): (item: { className: string; label: string; caseId: string }) => string {
  // Per class name, the names given, and where the search for a free `#n` of each base name starts:
  // every lower n is taken (names are only ever added). A --repeat 230 run gives each base 230 names;
  // trying n from 2 each time made junit.xml's naming quadratic (25 million look-ups in the bench's
  // run; issue 52). Keyed by class name first, so each look-up hashes one fresh string, the name.
  const classes = new Map<string, { used: Set<string>; next: Map<string, number> }>();
  return (i) => {
    let own = classes.get(i.className);
    if (!own) classes.set(i.className, (own = { used: new Set(), next: new Map() }));
    const base = count(i.className, i.label) > 1 ? `${i.label} [${i.caseId}]` : i.label;
    let name = base;
    if (own.used.has(name)) {
      let n = own.next.get(base) ?? 2;
      while (own.used.has((name = `${base} #${n}`))) n++;
      own.next.set(base, n + 1);
    }
    own.used.add(name);
    return name;
  };
}

/** What identifies a testcase and lets a reader reproduce it, as (name, value) pairs: the
 * `name: value` lines of junit.xml's <system-out>, the parameters of an Allure result. */
export function testcaseFacts(r: ExchangeRecord, run: Pick<RunInfo, 'seed'>, check: string | undefined): Array<[string, string]> {
  const facts: Array<[string, string | undefined]> = [
    ['operation', r.operation],
    ['transport', r.transport],
    ['check', check],
    ['case', r.caseId],
    ['kind', r.kind],
    ['scenario', r.scenario ? `${r.scenario}${r.param ? `(${r.param})` : ''}` : undefined],
    ['expected', r.expectation ? `${r.expectation.summary} (${r.expectation.profile} profile)` : undefined],
    ['seed', String(r.fuzz?.seed ?? run.seed)],
    ['runs', r.fuzz ? String(r.fuzz.runs) : undefined],
    ['path', r.fuzz?.path],
  ];
  return facts.filter((f): f is [string, string] => f[1] !== undefined && f[1] !== '');
}

/** The `name: value` lines that identify a testcase and let a reader reproduce it. */
export function testcaseDetails(r: ExchangeRecord, run: Pick<RunInfo, 'seed'>, check: string | undefined, withCurl: boolean): string {
  const text = testcaseFacts(r, run, check).map(([k, v]) => `${k}: ${v}`).join('\n');
  return withCurl ? `${text}\nReproduce with:\n${r.request.curl}` : text;
}

/** testcaseDetails without the curl command, for each check of one record: the lines around
 * `check:` are made once a record, not once a testcase (a record has a dozen; issue 52). */
export function checkDetailsOf(r: ExchangeRecord, run: Pick<RunInfo, 'seed'>): (check: string) => string {
  const parts = checkDetailsParts(r, run);
  if (!parts) return (check) => testcaseDetails(r, run, check, false);
  const [before, after] = parts;
  return (check) => (check === '' ? testcaseDetails(r, run, check, false) : before + check + after);
}

/** The lines before and after a check's id in testcaseDetails (no curl), or undefined when they
 * cannot be told apart (a fact holding the marker itself: a target's text never reaches these
 * lines, but a case id might). */
export function checkDetailsParts(r: ExchangeRecord, run: Pick<RunInfo, 'seed'>): readonly [string, string] | undefined {
  const marker = '\u0000';
  const parts = testcaseDetails(r, run, marker, false).split(marker);
  return parts.length === 2 ? [parts[0]!, parts[1]!] : undefined;
}

const ANSWER_LINES = 10;
const ANSWER_CHARS = 2000;

/** A <failure>'s body: the request line, the answer's status and first lines, and the curl command,
 * so a CI page shows what happened without opening the failure file. */
export function failureBody(r: ExchangeRecord, message: string): string {
  const lines = [message, '', `${r.request.method} ${r.request.url}`];
  if (r.response) {
    const res = r.response;
    lines.push(`HTTP ${res.status}, ${res.headers['content-type'] ?? 'no Content-Type'}, ${res.bodyBytes} bytes in ${res.elapsedMs} ms`);
    const head = clip(res.body, ANSWER_CHARS).split('\n').slice(0, ANSWER_LINES).join('\n');
    if (head !== '') lines.push(head);
  } else if (r.error) lines.push(`no complete answer: ${r.error.code}`);
  else if (r.parity) lines.push(...r.parity.outcomes.map((o) => `${o.transport}: ${o.outcome} (HTTP ${o.status ?? '-'})`));
  if (r.request.curl) lines.push('', 'Reproduce with:', r.request.curl);
  return lines.join('\n');
}
