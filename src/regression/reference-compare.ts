/**
 * A candidate's answer compared with the reference's answers to the same case (issue 38), field by
 * field (src/parity/fields.ts) after the run's --normalise rules. The outcome (a result, a
 * rejection, ...) is one field, OUTCOME_FIELD; result texts are compared only when both sides
 * answered with a result: a rejection's message is the host's wording (a stack trace, a machine
 * name), not the service's answer.
 */
import { differingFields, fieldDifferences, fieldsOf, fieldUnion, type Fields } from '../parity/fields.js';
import { normalise } from '../parity/normalise.js';
import type { NormalisationRule } from '../results/differences.js';
import { OUTCOME_FIELD, type FieldDifference, type FieldPath, type ReferenceAnswer, type ReferenceInfo } from '../results/reference.js';
import type { TransportOutcome } from '../results/transport-outcome.js';

/** An answer of either kind: a reference's, the candidate's, or a baseline's (which may be 'skipped'). */
type Answer = { readonly outcome: string; readonly text: string | null };

const resultFields = (a: Answer, rules: readonly NormalisationRule[]): Fields => fieldsOf(normalise(a.text ?? '', rules));

/** The fields in which `answers` differ among themselves: the outcome when it does, and the fields
 * of the result texts among those that are results. */
export function noiseAmong(answers: readonly Answer[], rules: readonly NormalisationRule[]): FieldPath[] {
  const outcome = new Set(answers.map((a) => a.outcome)).size > 1 ? [OUTCOME_FIELD] : [];
  const results = answers.filter((a) => a.outcome === 'result');
  return [...outcome, ...differingFields(results.map((a) => resultFields(a, rules)))];
}

/** The comparison part of a record's ReferenceInfo: `answers[0]` is the primary answer; the others
 * (asked again, or the secondary) only teach noise. `rules` are the run's --normalise rules. */
export function compareWithReference(candidate: Pick<TransportOutcome, 'outcome' | 'text' | 'status'>, answers: readonly ReferenceAnswer[], rules: readonly NormalisationRule[]): Pick<ReferenceInfo, 'fields' | 'differences' | 'noise'> {
  const primary = answers[0];
  if (!primary) return { fields: 0, differences: [], noise: [] };
  const noise = answers.length > 1 ? noiseAmong(answers, rules) : [];
  if (candidate.outcome !== primary.outcome) {
    const differences: FieldDifference[] = [{ field: OUTCOME_FIELD, reference: primary.outcome, candidate: candidate.outcome }];
    return { fields: 1, differences, noise };
  }
  if (primary.outcome !== 'result') return { fields: 1, differences: [], noise };
  const [reference, now] = [resultFields(primary, rules), resultFields(candidate, rules)];
  return { fields: fieldUnion(reference, now), differences: fieldDifferences(reference, now), noise };
}
