/**
 * junit.xml's testcases with a case's repetitions (--repeat) folded in (issue 61, deciding issue 52):
 * one testcase per case, transport and check whatever --repeat is, as a fuzz property's samples are
 * one. CI servers follow a test by its name from run to run (GitLab, Jenkins: a new name is a new
 * test), and a `#n` per repetition made 276,480 testcases (90 MB) of the bench's run. A testcase is
 * written from one of its records: the first repetition with its worst verdict, whose failure text
 * names the repetitions that failed and how many passed. Only what a testcase needs is kept of its
 * repetitions, so this tally grows with the cases, not with --repeat; results.json, report.html and
 * the HAR still hold every exchange.
 * A proxy's exchanges fold the same way (issue 61): each is a repetition of its cell, the operation,
 * transport and how it was judged (`observed-positive`), numbered by its place in the session, so a
 * proxy's junit.xml and its tally stay the size of its cells however long it runs.
 */
import type { ExchangeRecord } from '../../results/record.js';
import { caseOfRecord, OBSERVED_CASE } from '../../results/repetition.js';
import type { FailOn } from '../../results/levels.js';
import { entriesOf, verdictOf, type Entry, type Verdict } from './testcases.js';

/** A verdict's weight in a fold: the worst repetition speaks for the testcase. A warning that does not
 * fail the run (`notice`, a passing testcase with its text) outweighs a clean pass, so it is not hidden. */
const RANKS = { skipped: 0, passed: 1, waived: 2, notice: 3, error: 4, failure: 5 } as const;
type Rank = (typeof RANKS)[keyof typeof RANKS];

/** One testcase: a case's check over one transport, every repetition of it. */
export interface FoldedTestcase {
  /** The case: the id of its first repetition. */
  readonly caseId: string;
  /** The record it is written from (its position in the source): the first repetition with the worst verdict. */
  shown: number;
  shownRepetition: number;
  rank: Rank;
  /** Exchanges folded in (1 without --repeat). */
  runs: number;
  /** The repetitions whose verdict was the worst one, when that is not a clean pass or a skip: ranges
   * `[from, to]` flattened, in arrival order (repetitions of one case mostly arrive in order, so a
   * case failing in all of them is one range, whatever --repeat is), and how many. */
  worst: number[] | undefined;
  worstCount: number;
  /** Of those, how many are in no range kept (past KEPT_RANGES ranges: a proxy runs for days). */
  unlisted: number;
  /** The exchanges' times summed, in ms; undefined when none was answered. */
  ms: number | undefined;
}

// A waived finding is a skipped testcase (with its reason), and outranks a clean pass, so it is not hidden.
export const verdictOfRank = (rank: Rank): Verdict => (rank === RANKS.failure ? 'failure' : rank === RANKS.error ? 'error' : rank === RANKS.skipped || rank === RANKS.waived ? 'skipped' : 'passed');

function rankOf(entry: Entry, failOn: FailOn): Rank {
  const verdict = verdictOf(entry, failOn);
  if (entry.check?.status === 'waived') return RANKS.waived;
  return verdict === 'passed' && entry.check?.status === 'failed' ? RANKS.notice : RANKS[verdict];
}

/** The testcases of one class (operation.transport), by label, then by case (the id of its first
 * repetition). A label most often has one case: it is held as that testcase, not a map of one (an
 * unrepeated run's testcases were as many maps, a tenth of junit.xml's CPU). */
export class FoldedClass {
  private readonly labels = new Map<string, FoldedTestcase | Map<string, FoldedTestcase>>();

  get(label: string, caseId: string): FoldedTestcase | undefined {
    const held = this.labels.get(label);
    return held instanceof Map ? held.get(caseId) : held?.caseId === caseId ? held : undefined;
  }

  /** How many cases have a testcase of this label. */
  cases(label: string): number {
    const held = this.labels.get(label);
    return held instanceof Map ? held.size : held ? 1 : 0;
  }

  add(label: string, f: FoldedTestcase): void {
    const held = this.labels.get(label);
    if (!held) this.labels.set(label, f);
    else if (held instanceof Map) held.set(f.caseId, f);
    else this.labels.set(label, new Map([[held.caseId, held], [f.caseId, f]]));
  }

  *testcases(): Generator<FoldedTestcase> {
    for (const held of this.labels.values()) {
      if (held instanceof Map) yield* held.values();
      else yield held;
    }
  }
}

/** The case a record belongs to and its repetition; a proxy's exchange's case is its cell's, how it
 * was judged included (an answer judged as a valid request's and one judged as any answer are two
 * testcases, though their checks share a name). */
export function recordCase(r: ExchangeRecord): { readonly caseId: string; readonly repetition: number } {
  const found = caseOfRecord(r.caseId, r.fuzz?.samples !== undefined);
  if (found.caseId !== OBSERVED_CASE || !r.observed) return found;
  return { caseId: `${OBSERVED_CASE}-${r.observed.judgedAs.replace(' ', '-')}`, repetition: found.repetition };
}

/** Folds a record's testcases into `classes`; returns how many of them were already there (folded). */
export function foldRecord(classes: Map<string, FoldedClass>, r: ExchangeRecord, index: number, failOn: FailOn): number {
  const entries = entriesOf(r);
  if (entries.length === 0) return 0;
  const { caseId, repetition } = recordCase(r);
  const className = entries[0]!.className;
  let labels = classes.get(className);
  if (!labels) classes.set(className, (labels = new FoldedClass()));
  const ms = r.response?.elapsedMs;
  let folded = 0;
  for (const e of entries) {
    const rank = rankOf(e, failOn);
    const f = labels.get(e.label, caseId);
    if (!f) {
      const added: FoldedTestcase = { caseId, shown: index, shownRepetition: repetition, rank, runs: 1, worst: undefined, worstCount: 0, unlisted: 0, ms };
      labels.add(e.label, added);
      if (rank >= RANKS.notice) addWorst(added, repetition);
      continue;
    }
    folded++;
    f.runs++;
    if (ms !== undefined) f.ms = (f.ms ?? 0) + ms;
    if (rank < f.rank) continue;
    if (rank > f.rank) Object.assign(f, { worst: undefined, worstCount: 0, unlisted: 0 });
    if (rank >= RANKS.notice) addWorst(f, repetition);
    if (rank > f.rank || repetition < f.shownRepetition) Object.assign(f, { shown: index, shownRepetition: repetition, rank });
  }
  return folded;
}

/** Ranges of repetitions a testcase keeps; past them, the worst ones are counted, not named. A
 * --repeat run's are bounded by --repeat, a proxy's exchanges are not: one failing in every other
 * exchange would add a range each. Three times the ranges a text names (repetitionRanges). */
export const KEPT_RANGES = 60;

function addWorst(f: FoldedTestcase, repetition: number): void {
  f.worstCount++;
  let worst = (f.worst ??= []);
  const last = worst.length - 1;
  if (last > 0 && repetition >= worst[last - 1]! && repetition <= worst[last]! + 1) {
    worst[last] = Math.max(worst[last]!, repetition);
    return;
  }
  if (worst.length >= 2 * KEPT_RANGES) worst = f.worst = mergedRanges(worst).flat();
  if (worst.length < 2 * KEPT_RANGES) worst.push(repetition, repetition);
  else if (!inRanges(worst, repetition)) f.unlisted++;
}

const inRanges = (flat: readonly number[], n: number): boolean => {
  for (let i = 0; i < flat.length; i += 2) if (n >= flat[i]! && n <= flat[i + 1]!) return true;
  return false;
};

/** `[from, to]` pairs flattened, in any order, sorted and joined where they meet or overlap. */
function mergedRanges(flat: readonly number[]): Array<[number, number]> {
  const pairs: Array<[number, number]> = [];
  for (let i = 0; i < flat.length; i += 2) pairs.push([flat[i]!, flat[i + 1]!]);
  pairs.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const [from, to] of pairs) {
    const last = merged.at(-1);
    if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged;
}

/** Ranges of repetitions (`[from, to]` flattened, in any order, overlapping or not) in words:
 * `#2, #5-7`. At most `most` ranges are named, then how many more. */
export function repetitionRanges(flat: readonly number[], most = 20, unlisted = 0): string {
  const ranges = mergedRanges(flat).map(([from, to]) => (from === to ? `#${from}` : `#${from}-${to}`));
  const named = ranges.length <= most ? ranges.join(', ') : `${ranges.slice(0, most).join(', ')} and ${ranges.length - most} more ranges`;
  return unlisted === 0 ? named : `${named} and ${unlisted} more not listed`;
}

/** What a folded testcase says of its repetitions, or undefined for a single exchange (a run without
 * --repeat reads as before): `line` leads its <system-out> (`repetitions: 20`, and which did not pass);
 * `tail` ends a <failure>'s or <error>'s message: `[failed in 4 of 20 repetitions: #3, #7-9; 16 passed]`.
 * `word`: what the runs are (a proxy's are `exchanges`, numbered in its session). */
export function repetitionsText(f: FoldedTestcase, word = 'repetitions'): { readonly line: string; readonly tail: string } | undefined {
  if (f.runs === 1) return undefined;
  if (f.rank < RANKS.notice) return { line: `${word}: ${f.runs}`, tail: '' };
  const where = `${f.worstCount} of ${f.runs} ${word}: ${repetitionRanges(f.worst ?? [], 20, f.unlisted)}`;
  // A finding that does not fail the run (a warning, say) left its testcase passing in every one.
  const which = f.rank === RANKS.notice ? `a finding in ${where}` : `${f.rank === RANKS.failure ? 'failed' : 'not checked'} in ${where}; ${f.runs - f.worstCount} passed`;
  return { line: `${word}: ${f.runs}, ${which}`, tail: ` [${which}]` };
}
