/**
 * Certifying against a reference deployment (`run --reference-url`, issue 38): judged once per
 * operation and transport, when every exchange of the run is in (regression/reference-tally.ts),
 * because a field is noise when the reference's own answers differed in it anywhere in the run.
 */
import { clip } from '../results/clip.js';
import type { FieldTally, ReferenceSummary } from '../results/reference.js';
import { fail, pass, skip, type CheckInfo, type Verdict } from './types.js';

/** An operation over one transport, compared with the reference (a record of kind 'reference'). */
export interface ReferenceJudged {
  readonly summary: ReferenceSummary;
  /** Why nothing was compared, when nothing was (a mutating case without --allow-mutations). */
  readonly notCompared?: string;
  /** One exchange judged alone: a fuzz sample, by the noise its property learned so far (issue 50). */
  readonly alone?: true;
}

/** A check judged on the run's tally against the reference (only in runs given --reference-url). */
export interface ReferenceCheck extends CheckInfo {
  readonly scope: 'reference';
  run(judged: ReferenceJudged): Verdict;
}

const VALUE_CHARS = 120;
/** A JSON field's value is JSON already (`"Müller"`, `3047`, `false`): shown as it is, not quoted
 * again; any other field's text is quoted, so white space at its ends shows. */
const shown = (field: string, value: string | null) => (value === null ? '(absent)' : field.startsWith('$') ? clip(value, VALUE_CHARS) : JSON.stringify(clip(value, VALUE_CHARS)));

const values = (t: FieldTally) => `${t.field}: reference ${shown(t.field, t.example.reference)}, candidate ${shown(t.field, t.example.candidate)}`;

/** One line per field: both values of its first example, how often, and the case that showed it. */
export const fieldLines = (tallies: readonly FieldTally[]): string =>
  tallies.map((t) => `${values(t)} (${t.different} of ${t.compared}; case ${t.example.caseId})`).join('\n');

export const matchesReference: ReferenceCheck = {
  id: 'matches-reference',
  description: 'The candidate answers each case as the reference deployment does, field by field, except in the fields the reference\'s own answers differed in (noise learned over the run)',
  enforces: 'certification against a reference: "the candidate answers what the trusted deployment answers" (docs/regression.md, issue 38)',
  scope: 'reference',
  level: 'error',
  levelReason: 'the user asked to be held to the reference with --reference-url',
  appliesText: 'every operation and transport compared, in runs given --reference-url',
  run({ summary: s, notCompared, alone }) {
    if (s.compared === 0) return skip(`nothing was compared with the reference: ${notCompared ?? 'no exchange was answered by both'}`);
    if (s.differences.length === 0) return pass;
    // One line, as a finding of one exchange is listed (the record is its case).
    if (alone) return fail(`the answer differs from the reference's beyond its noise: ${s.differences.map(values).join('; ')}`);
    return fail(`${s.different} of ${s.compared} answers differ from the reference beyond its noise:\n${fieldLines(s.differences)}`);
  },
};

export const referenceOutcomeExplained: ReferenceCheck = {
  id: 'reference-outcome-explained',
  description: 'Outcome differences from the reference that the profile explains: the host refused the request on one side only (request validation, query-string length)',
  enforces: 'src/profiles/host-rejection.ts: a host\'s refusal is ASMX behaviour under asmx and lenient, so it is noted, not failed',
  scope: 'reference',
  level: 'info',
  levelReason: 'an observation: hosts differ in what they refuse (Mono 6.8 and .NET Framework request validation differ), so a refusal on one side is no defect of the service',
  appliesText: 'every operation and transport compared, in runs given --reference-url, under --profile asmx or lenient',
  run({ summary: s }) {
    if (s.compared === 0) return skip('nothing was compared with the reference');
    if (s.explained.length === 0) return pass;
    return fail(`the host refused the request on one side only:\n${fieldLines(s.explained)}`);
  },
};
