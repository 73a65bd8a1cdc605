/**
 * A candidate's answer compared with the reference's answers to the same case (issue 38), field by
 * field (src/parity/fields.ts) after the run's --normalise rules. The outcome (a result, a
 * rejection, ...) is one field, OUTCOME_FIELD; result texts are compared only when both sides
 * answered with a result: a rejection's message is the host's wording (a stack trace, a machine
 * name), not the service's answer. Ids a create made on each side (the candidate's 3066, the
 * reference's 3053, mapped to each other) are the same record: they compare equal.
 */
import { differingFields, fieldDifferences, fieldsOf, fieldUnion, type Fields } from '../parity/fields.js';
import { normalise } from '../parity/normalise.js';
import type { NormalisationRule } from '../results/differences.js';
import { idKey, OUTCOME_FIELD, type FieldDifference, type FieldPath, type IdMap, type ReferenceAnswer, type ReferenceInfo } from '../results/reference.js';
import type { TransportOutcome } from '../results/transport-outcome.js';
import { idParams } from '../state/params.js';

/** An answer of either kind: a reference's, the candidate's, or a baseline's (which may be 'skipped'). */
type Answer = { readonly outcome: string; readonly text: string | null };

/** Result fields by the answer's text as compared, after the run's --normalise rules: each text
 * parsed once for all the comparisons of one case (engine/reference/reference.ts keeps an exchange's for the
 * case's parity record). Keyed by the text before the rules: one case is judged by one set of rules. */
export type ParsedTexts = Map<string, Fields>;

function resultFields(a: Answer, rules: readonly NormalisationRule[], parsed: ParsedTexts | undefined): Fields {
  const text = a.text ?? '';
  const known = parsed?.get(text);
  if (known) return known;
  const fields = fieldsOf(normalise(text, rules));
  parsed?.set(text, fields);
  return fields;
}

/** The fields in which `answers` differ among themselves: the outcome when it does, and the fields
 * of the result texts among those that are results. */
export function noiseAmong(answers: readonly Answer[], rules: readonly NormalisationRule[], parsed?: ParsedTexts): FieldPath[] {
  const outcome = new Set(answers.map((a) => a.outcome)).size > 1 ? [OUTCOME_FIELD] : [];
  const results = answers.filter((a) => a.outcome === 'result');
  return [...outcome, ...differingFields(results.map((a) => resultFields(a, rules, parsed)))];
}

const NO_IDS: IdMap = new Map();

/** A field's values are ids mapped to each other. Values as the field engine keeps them: a JSON
 * string quoted, a number or an XML text bare. Only id parameters are mapped (state/params.ts). */
function sameRecord(d: FieldDifference, ids: IdMap): boolean {
  if (ids.size === 0 || d.candidate === null || d.reference === null) return false;
  const bare = (v: string) => (v.startsWith('"') && v.endsWith('"') ? v.slice(1, -1) : v);
  const [candidate, reference] = [bare(d.candidate), bare(d.reference)];
  return idParams.some((name) => ids.get(idKey(name, candidate)) === reference);
}

export interface ReferenceComparing {
  /** The candidate's ids mapped to the primary's: they compare equal. */
  readonly ids?: IdMap;
  /** Filled with the fields of every text parsed, and read before parsing one. */
  readonly parsed?: ParsedTexts;
}

/** The comparison part of a record's ReferenceInfo: `answers[0]` is the primary answer; the others
 * (asked again, or the secondary) only teach noise. `rules` are the run's --normalise rules. */
export function compareWithReference(candidate: Pick<TransportOutcome, 'outcome' | 'text' | 'status'>, answers: readonly ReferenceAnswer[], rules: readonly NormalisationRule[], { ids = NO_IDS, parsed = new Map() }: ReferenceComparing = {}): Pick<ReferenceInfo, 'fields' | 'differences' | 'noise'> {
  const primary = answers[0];
  if (!primary) return { fields: 0, differences: [], noise: [] };
  const noise = answers.length > 1 ? noiseAmong(answers, rules, parsed) : [];
  if (candidate.outcome !== primary.outcome) {
    const differences: FieldDifference[] = [{ field: OUTCOME_FIELD, reference: primary.outcome, candidate: candidate.outcome }];
    return { fields: 1, differences, noise };
  }
  if (primary.outcome !== 'result') return { fields: 1, differences: [], noise };
  const [reference, now] = [resultFields(primary, rules, parsed), resultFields(candidate, rules, parsed)];
  return { fields: fieldUnion(reference, now), differences: fieldDifferences(reference, now).filter((d) => !sameRecord(d, ids)), noise };
}
