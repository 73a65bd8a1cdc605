/** Compares the outcomes of one case over several transports (plain data in, plain data out). */
import { diffChars } from 'diff';
import { TRANSPORT_IDS, type TransportId } from '../transports/index.js';
import { classifyResults } from './classify.js';
import { differingFields, fieldsOf } from './fields.js';
import { INHERENT } from './inherent.js';
import { normalise } from './normalise.js';
import { clip, firstLine, isHighSurrogate } from '../results/clip.js';
import { parseResult, shapeOf } from '../shapes/shape.js';
import { isInBandFailure, type FailureSignature } from '../state/in-band.js';
import type { DiffPart, DifferenceClass, NormalisationRule, ParityDifference } from '../results/differences.js';
import type { TransportOutcome } from '../results/transport-outcome.js';
import type { FieldPath } from '../results/reference.js';

export interface CompareOptions {
  readonly rules: readonly NormalisationRule[];
  /** Whether inherent ASMX behaviours are recognised (asmx, lenient) or count as defects (strict). */
  readonly recogniseInherent: boolean;
  /** Compare results by outcome (success or in-band failure) and shape, not text: the transports
   * rightly named or made different ids (a create, or each its own instance; issue 37). */
  readonly byOutcome?: { readonly failure: FailureSignature | undefined };
  /** Result fields known to differ between answers to the same case anyway (issue 38: learned from
   * a reference's own answers, or from a baseline's repetitions): results that differ only there agree. */
  readonly noise?: readonly FieldPath[];
}

const CONTEXT = 24;
/** Differing middles longer than this together are shown, not diffed: Myers' diff takes time in
 * proportion to length times edits, which for two megabyte answers is minutes (issue 18). */
export const MAX_DIFFED_CHARS = 4000;
/** What a '-' or '+' part of an undiffed middle shows of its text. */
export const MAX_PART_CHARS = 1000;

const equalPart = (text: string): DiffPart => ({ op: '=', text: text.length > 2 * CONTEXT ? `${text.slice(0, CONTEXT)}…${text.slice(-CONTEXT)}` : text });

/** Character-level diff, long equal runs shortened. The common start and end are set aside first
 * (linear); only a short differing middle is diffed, a long one is shown as removed and added. */
export function compactDiff(expected: string, actual: string): DiffPart[] {
  const shorter = Math.min(expected.length, actual.length);
  let start = 0;
  while (start < shorter && expected.charCodeAt(start) === actual.charCodeAt(start)) start++;
  if (start > 0 && isHighSurrogate(expected.charCodeAt(start - 1))) start--;
  let end = 0;
  while (end < shorter - start && expected.charCodeAt(expected.length - 1 - end) === actual.charCodeAt(actual.length - 1 - end)) end++;
  if (end > 0 && isHighSurrogate(expected.charCodeAt(expected.length - end - 1))) end--;
  const removed = expected.slice(start, expected.length - end);
  const added = actual.slice(start, actual.length - end);
  const middle: DiffPart[] = removed.length + added.length <= MAX_DIFFED_CHARS
    ? diffChars(removed, added).map((c): DiffPart => (c.added ? { op: '+', text: c.value } : c.removed ? { op: '-', text: c.value } : equalPart(c.value)))
    : [{ op: '-', text: clip(removed, MAX_PART_CHARS) }, { op: '+', text: clip(added, MAX_PART_CHARS) }];
  const parts = [equalPart(expected.slice(0, start)), ...middle, equalPart(expected.slice(expected.length - end))];
  return parts.filter((p) => p.text !== '');
}

function signature(o: TransportOutcome, options: CompareOptions): string {
  // Rejections agree when both reject: each protocol reports errors in its own shape.
  if (o.outcome !== 'result') return o.outcome;
  const text = normalise(o.text ?? '', options.rules);
  if (options.byOutcome) return `result:${outcomeAndShape(text, options.byOutcome.failure)}`;
  return options.noise?.length ? `result:${withoutNoise(text, options.noise)}` : `result:${text}`;
}

/** A result text's fields other than the noise ones, as one comparable text. */
function withoutNoise(text: string, noise: readonly FieldPath[]): string {
  const skip = new Set(noise);
  return JSON.stringify([...fieldsOf(text).values].filter(([field]) => !skip.has(field)));
}

/** The noise fields in which the results of `outcomes` actually differ: what comparing them
 * without the noise excused (said in the parity record). */
export function excusedNoise(outcomes: readonly TransportOutcome[], options: CompareOptions): FieldPath[] {
  if (!options.noise?.length || options.byOutcome) return [];
  const results = outcomes.filter((o) => o.outcome === 'result').map((o) => fieldsOf(normalise(o.text ?? '', options.rules)));
  const noise = new Set(options.noise);
  return differingFields(results).filter((field) => noise.has(field));
}

/** A result as success or in-band failure, and the shape of its text (src/shapes/shape.ts): what
 * transports that made or named different ids must still agree on. */
export function outcomeAndShape(text: string, failure: FailureSignature | undefined): string {
  const parsed = parseResult(text);
  const shape = parsed.ok ? JSON.stringify(shapeOf(parsed)) : `unread ${parsed.format}`;
  return `${isInBandFailure(text, failure) ? 'in-band failure' : 'success'} ${shape}`;
}

export function compareOutcomes(outcomes: readonly TransportOutcome[], values: Readonly<Record<string, string>>, options: CompareOptions): ParityDifference[] {
  const groups = new Map<string, TransportOutcome[]>();
  for (const o of outcomes) {
    const key = signature(o, options);
    groups.set(key, [...(groups.get(key) ?? []), o]);
  }
  if (groups.size <= 1) return [];
  const order = (o: TransportOutcome) => TRANSPORT_IDS.indexOf(o.transport);
  const ranked = [...groups.values()].sort((a, b) => b.length - a.length || Math.min(...a.map(order)) - Math.min(...b.map(order)));
  const referenceGroup = ranked[0]!;
  const reference = [...referenceGroup].sort((a, b) => order(a) - order(b))[0]!;
  const differences: ParityDifference[] = [];
  for (const other of outcomes) {
    if (referenceGroup.includes(other)) continue;
    differences.push(describe(reference, other, values, options));
  }
  return differences;
}

function describe(ref: TransportOutcome, other: TransportOutcome, values: Readonly<Record<string, string>>, options: CompareOptions): ParityDifference {
  const base = { transport: other.transport, reference: ref.transport };
  if (ref.outcome === 'result' && other.outcome === 'result') {
    const expected = normalise(ref.text ?? '', options.rules);
    const actual = normalise(other.text ?? '', options.rules);
    const c = options.byOutcome
      ? { class: 'other' as const, detail: `the outcomes or shapes differ (${outcomeAndShape(actual, options.byOutcome.failure).slice(0, 200)} against ${outcomeAndShape(expected, options.byOutcome.failure).slice(0, 200)}; the ids may differ, each transport made or named its own)` }
      : classifyResults(expected, actual) ?? { class: 'other' as const, detail: 'the texts differ' };
    return { ...base, class: c.class, detail: c.detail, diff: compactDiff(expected, actual) };
  }
  const inherent = options.recogniseInherent ? INHERENT.find((b) => b.matches(ref, other, values) || b.matches(other, ref, values)) : undefined;
  const extra = inherent ? { inherent: { id: inherent.id, evidence: inherent.evidence } } : {};
  if ((ref.outcome === 'result' && other.outcome === 'rejected') || (ref.outcome === 'rejected' && other.outcome === 'result')) {
    const [accepting, rejecting] = ref.outcome === 'result' ? [ref, other] : [other, ref];
    return { ...base, class: 'rejection', detail: `${rejecting.transport} rejects what ${accepting.transport} accepts (HTTP ${rejecting.status ?? '-'}: ${firstLine(rejecting.text)})`, ...extra };
  }
  return { ...base, class: 'status-or-shape', detail: `${other.transport}: ${other.outcome} (HTTP ${other.status ?? '-'}: ${firstLine(other.text)}); ${ref.transport}: ${ref.outcome}`, ...extra };
}
