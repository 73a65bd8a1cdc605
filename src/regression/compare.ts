/**
 * Compares a candidate's answer with the baseline's, one case over one transport: the same
 * outcome (a result, or a rejection of the same fault class), the same status and content type,
 * and the same result text after the normalisation rules in force (src/parity/normalise.ts).
 * Differing texts are classified as parity differences are (src/parity/classify.ts).
 */
import { classifyResults, type DifferenceClass } from '../parity/classify.js';
import { compactDiff, type DiffPart } from '../parity/compare.js';
import { normalise, type NormalisationRule } from '../parity/normalise.js';
import { firstLine } from '../results/clip.js';
import type { RecordedAnswer } from './format.js';

export interface RegressionDifference {
  readonly class: DifferenceClass | 'rejection' | 'status-or-shape';
  readonly detail: string;
  /** Character-level diff of the normalised result texts (baseline to candidate). */
  readonly diff?: readonly DiffPart[];
}

export interface RegressionComparison {
  readonly difference?: RegressionDifference;
  /** The rules that made result texts which differed compare equal (the difference they explain). */
  readonly explainedBy?: readonly string[];
}

const mediaType = (ct: string | null) => (ct ?? '').toLowerCase().replace(/\s+/g, '');
const said = (a: RecordedAnswer) => `${a.outcome} (HTTP ${a.status ?? '-'}${a.faultCode ? `, fault ${a.faultCode}` : ''}: ${firstLine(a.text)})`;

export function compareWithBaseline(baseline: RecordedAnswer, candidate: RecordedAnswer, rules: readonly NormalisationRule[]): RegressionComparison {
  if (baseline.outcome !== candidate.outcome) {
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
  if (expected === actual) {
    const explainedBy = rules.filter((r) => normalise(baseline.text ?? '', [r]) !== baseline.text || normalise(candidate.text ?? '', [r]) !== candidate.text).map((r) => r.name);
    return { explainedBy };
  }
  const c = classifyResults(expected, actual) ?? { class: 'other' as const, detail: 'the texts differ' };
  return { difference: { class: c.class, detail: c.detail, diff: compactDiff(expected, actual) } };
}
