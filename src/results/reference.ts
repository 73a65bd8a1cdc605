/**
 * Certifying against a reference deployment (issue 38, `run --reference-url`): the plain data a
 * record carries about the reference's answers to the same case, and the run's verdict per
 * operation and transport. Diffy's model: the reference answers each case twice (or a secondary
 * reference once more); a field that differs between the reference's own answers is noise for the
 * operation, and only candidate differences where the reference was stable are reported.
 */
import type { TransportOutcome } from './transport-outcome.js';

/** A field of a result text: a JSON path (`$.records[0].modified`), an XML path
 * (`/Result/Row[1]/Modified`), a `name=value` name (`name:modified`), else a line and token
 * (`line 3 token 2`). `(outcome)` stands for the answer's outcome as a whole. */
export type FieldPath = string;

export const OUTCOME_FIELD: FieldPath = '(outcome)';

/** Candidate id -> the reference's id for the same record (a create made one on each side), by
 * id parameter: the key is idKey's, so that a contactid 12 and an emailid 12 stay two records. */
export type IdMap = ReadonlyMap<string, string>;

export const idKey = (param: string, candidateId: string): string => `${param} ${candidateId}`;

/** One field whose value differs between two answers (null: the field is absent in that answer). */
export interface FieldDifference {
  readonly field: FieldPath;
  readonly reference: string | null;
  readonly candidate: string | null;
}

/** What the reference said to the same case over the same transport: one answer per asking. */
export interface ReferenceAnswer {
  /** primary: --reference-url; again: the same reference asked a second time; secondary:
   * --reference-secondary-url. */
  readonly side: 'primary' | 'again' | 'secondary';
  readonly status: number | null;
  readonly outcome: TransportOutcome['outcome'];
  /** The result text (or a rejection's message), redacted and clipped as reports clip texts. */
  readonly text: string | null;
}

/** The reference's side of one exchange, and how the candidate's answer compares with it. */
export interface ReferenceInfo {
  readonly answers: readonly ReferenceAnswer[];
  /** Fields compared between the candidate and the primary answer (after the --normalise rules). */
  readonly fields: number;
  /** Candidate vs the primary answer, noise included: the run's verdict subtracts the operation's
   * noise learned over the whole run (reference-tally). `(outcome)` when the outcomes differ. */
  readonly differences: readonly FieldDifference[];
  /** Fields that differed between the reference's own answers to this case. */
  readonly noise: readonly FieldPath[];
  /** Ids this exchange made on each side and mapped to each other: candidate id -> reference id. */
  readonly mapped?: Readonly<Record<string, string>>;
  /** Why the candidate's answer was not compared (the reference was not asked: a mutating case
   * without --allow-mutations, a skipped or unanswered exchange). */
  readonly notCompared?: string;
}

/** One field's tally over an operation and transport, for the verdict and the report. */
export interface FieldTally {
  readonly field: FieldPath;
  /** Answers in which the candidate differed from the stable reference, of `compared`. */
  readonly different: number;
  readonly compared: number;
  /** The first difference seen, with the case that showed it (for a reproducible request). */
  readonly example: FieldDifference & { readonly caseId: string };
}

/** The run's verdict on one operation over one transport (records of kind 'reference'). */
export interface ReferenceSummary {
  /** Exchanges compared with the reference. */
  readonly compared: number;
  /** Exchanges whose every field was the same, noise aside. */
  readonly same: number;
  /** Exchanges that differed only in noise fields. */
  readonly noise: number;
  /** Exchanges that differed beyond the noise. */
  readonly different: number;
  /** The fields learned as noise for the operation (over every transport), with how often the
   * reference's own answers differed in them. */
  readonly noiseFields: ReadonlyArray<{ readonly field: FieldPath; readonly times: number }>;
  /** The reference answered this operation's cases once each (a create, update or delete without
   * --reference-secondary-url), so its noise is that learned from every other operation. */
  readonly noiseFromOtherOperations?: true;
  /** Fields that differed beyond the noise, most often first. */
  readonly differences: readonly FieldTally[];
  /** Outcome differences the profile explains (a host refusal on one side): an info, not an error. */
  readonly explained: readonly FieldTally[];
}

/** results.json `summary.reference`: counts over the whole run. */
export interface ReferenceCounts {
  readonly url: string;
  readonly compared: number;
  readonly same: number;
  readonly noise: number;
  readonly different: number;
}
