/**
 * Compares a candidate's answer with the baseline's, one case over one transport: the same
 * outcome (a result, or a rejection of the same fault class), the same status and content type,
 * and the same result text after the normalisation rules in force (src/parity/normalise.ts).
 * Differing texts whose shape changed (a key or element added, removed or renamed, a value's type
 * changed: src/shapes/drift.ts) are "shape-drift"; the others are value changes, classified as
 * parity differences are (src/parity/classify.ts).
 */
import { classifyResults } from '../parity/classify.js';
import { compactDiff, outcomeAndShape } from '../parity/compare.js';
import type { FailureSignature } from '../state/in-band.js';
import { normalise } from '../parity/normalise.js';
import { fieldDifferences, fieldsOf } from '../parity/fields.js';
import { OUTCOME_FIELD, type FieldPath } from '../results/reference.js';
import { firstLine } from '../results/clip.js';
import { describeChange, shapeDrift, type ShapeChange } from '../shapes/drift.js';
import { parseResult, shapeOf } from '../shapes/shape.js';
import type { DiffPart, DifferenceClass, NormalisationRule, RegressionComparison } from '../results/differences.js';
import type { BaselineAnswer } from '../results/transport-outcome.js';

const mediaType = (ct: string | null) => (ct ?? '').toLowerCase().replace(/\s+/g, '');
const said = (a: BaselineAnswer) => `${a.outcome} (HTTP ${a.status ?? '-'}${a.faultCode ? `, fault ${a.faultCode}` : ''}: ${firstLine(a.text)})`;

const SHAPE_CHANGES_SHOWN = 3;

/** How the candidate's result shape left the baseline's. A baseline result that is neither JSON
 * nor XML has no shape to leave; a candidate that stopped being the baseline's format has. */
export function resultShapeDrift(baseline: string, candidate: string): ShapeChange[] {
  const before = parseResult(baseline);
  if (!before.ok) return [];
  const after = parseResult(candidate);
  if (!after.ok) return [{ kind: 'format changed', path: '', detail: `the result was ${before.format.toUpperCase()}, now it is not (${after.error})` }];
  return shapeDrift(shapeOf(before), shapeOf(after));
}

/** How result texts are compared: text by text, or (a create, or a case on an instance of its own,
 * against a target with data) by outcome and shape, since the ids rightly differ from the
 * baseline's (src/parity/compare.ts, outcomeAndShape). */
export interface BaselineComparison {
  readonly byOutcome?: { readonly failure: FailureSignature | undefined };
  /** The operation's noise learned from the baseline's repetitions (baseline-noise.ts): answers
   * that differ only there match, and the comparison says which it ignored. */
  readonly noise?: readonly FieldPath[];
}

/** The differing fields when every one of them is noise; undefined when some is not (or none differ). */
function onlyNoise(expected: string, actual: string, noise: readonly FieldPath[] | undefined): FieldPath[] | undefined {
  if (!noise?.length) return undefined;
  const fields = fieldDifferences(fieldsOf(expected), fieldsOf(actual)).map((d) => d.field);
  return fields.length > 0 && fields.every((f) => noise.includes(f)) ? fields : undefined;
}

export function compareWithBaseline(baseline: BaselineAnswer, candidate: BaselineAnswer, rules: readonly NormalisationRule[], how: BaselineComparison = {}): RegressionComparison {
  if (baseline.outcome !== candidate.outcome) {
    // The baseline's own repetitions answered with different outcomes: which one comes is noise.
    if (how.noise?.includes(OUTCOME_FIELD)) return { noise: [OUTCOME_FIELD] };
    const rejection = new Set([baseline.outcome, candidate.outcome]).size === 2 && [baseline.outcome, candidate.outcome].every((o) => o === 'result' || o === 'rejected');
    return { difference: { class: rejection ? 'rejection' : 'status-or-shape', detail: `baseline: ${said(baseline)}; now: ${said(candidate)}` } };
  }
  if (baseline.status !== candidate.status) return { difference: { class: 'status-or-shape', detail: `HTTP ${baseline.status ?? '-'} in the baseline, ${candidate.status ?? '-'} now` } };
  if (mediaType(baseline.contentType) !== mediaType(candidate.contentType)) {
    return { difference: { class: 'status-or-shape', detail: `Content-Type "${baseline.contentType ?? ''}" in the baseline, "${candidate.contentType ?? ''}" now` } };
  }
  if ((baseline.faultCode ?? '') !== (candidate.faultCode ?? '')) {
    return { difference: { class: 'status-or-shape', detail: `fault code ${baseline.faultCode ?? '(none)'} in the baseline, ${candidate.faultCode ?? '(none)'} now` } };
  }
  if (baseline.outcome !== 'result' || baseline.text === candidate.text) return {};
  const expected = normalise(baseline.text ?? '', rules);
  const actual = normalise(candidate.text ?? '', rules);
  if (how.byOutcome) {
    const [before, now] = [outcomeAndShape(expected, how.byOutcome.failure), outcomeAndShape(actual, how.byOutcome.failure)];
    if (before === now) return {};
    return { difference: { class: 'status-or-shape', detail: `baseline: ${before.slice(0, 200)}; now: ${now.slice(0, 200)} (compared by outcome and shape: the ids rightly differ)`, diff: compactDiff(expected, actual) } };
  }
  if (expected === actual) {
    const explainedBy = rules.filter((r) => normalise(baseline.text ?? '', [r]) !== baseline.text || normalise(candidate.text ?? '', [r]) !== candidate.text).map((r) => r.name);
    return { explainedBy };
  }
  const noise = onlyNoise(expected, actual, how.noise);
  if (noise) return { noise };
  const drift = resultShapeDrift(baseline.text ?? '', candidate.text ?? '');
  if (drift.length > 0) {
    const shown = drift.slice(0, SHAPE_CHANGES_SHOWN).map(describeChange).join('; ');
    const more = drift.length > SHAPE_CHANGES_SHOWN ? `; and ${drift.length - SHAPE_CHANGES_SHOWN} more` : '';
    return { difference: { class: 'shape-drift', detail: `${shown}${more}`, diff: compactDiff(expected, actual) } };
  }
  const c = classifyResults(expected, actual) ?? { class: 'other' as const, detail: 'the texts differ' };
  return { difference: { class: c.class, detail: c.detail, diff: compactDiff(expected, actual) } };
}
