/**
 * A candidate's answer compared with the reference's answers to the same case (issue 38).
 * PLACEHOLDER until the field engine lands (branch ref-fields): whole texts are compared as one
 * field. The signature is what the engine (engine/, branch ref-engine) calls.
 */
import type { NormalisationRule } from '../results/differences.js';
import { OUTCOME_FIELD, type FieldDifference, type ReferenceAnswer, type ReferenceInfo } from '../results/reference.js';
import type { TransportOutcome } from '../results/transport-outcome.js';

/** The comparison part of a record's ReferenceInfo: `answers[0]` is the primary answer; the others
 * (asked again, or the secondary) only teach noise. `rules` are the run's --normalise rules. */
export function compareWithReference(candidate: Pick<TransportOutcome, 'outcome' | 'text' | 'status'>, answers: readonly ReferenceAnswer[], rules: readonly NormalisationRule[]): Pick<ReferenceInfo, 'fields' | 'differences' | 'noise'> {
  void rules;
  const primary = answers[0];
  if (!primary) return { fields: 0, differences: [], noise: [] };
  const noise = answers.slice(1).some((a) => a.outcome !== primary.outcome) ? [OUTCOME_FIELD] : answers.slice(1).some((a) => a.text !== primary.text) ? ['(text)'] : [];
  const differences: FieldDifference[] = candidate.outcome !== primary.outcome
    ? [{ field: OUTCOME_FIELD, reference: primary.outcome, candidate: candidate.outcome }]
    : candidate.text !== primary.text ? [{ field: '(text)', reference: primary.text, candidate: candidate.text }] : [];
  return { fields: 1, differences, noise };
}
