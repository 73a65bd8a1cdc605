/** How two answers differed, between transports (src/parity/compare.ts) or from a baseline
 * (src/regression/compare.ts), and the rules that explained a difference away: plain data a record carries. */
import type { TransportId } from '../transports/index.js';
import type { FieldPath } from './reference.js';

/**
 * What kind of bug a difference between two result texts is, so a reader knows where to look:
 * character encoding, white space, escaping, truncation, or the formatting of typed values.
 */
export type DifferenceClass = 'encoding' | 'whitespace' | 'escaping' | 'truncation' | 'typed-format' | 'other';

export interface DiffPart {
  readonly op: '=' | '-' | '+';
  readonly text: string;
}

export interface ParityDifference {
  readonly transport: TransportId;
  /** The transport it was compared with: one of the largest group of transports that agree. */
  readonly reference: TransportId;
  readonly class: DifferenceClass | 'rejection' | 'status-or-shape';
  readonly detail: string;
  /** Set when the difference is a behaviour of the ASMX platform itself (src/parity/inherent.ts). */
  readonly inherent?: { readonly id: string; readonly evidence: string };
  /** Character-level diff of the normalised result texts, long equal runs shortened. */
  readonly diff?: readonly DiffPart[];
}

/** The named normalisation rules (src/parity/rules.ts; applied by src/parity/normalise.ts). */
export interface NormalisationRule {
  readonly name: string;
  readonly pattern: string;
  readonly flags: string;
  readonly replacement: string;
}

export interface RegressionDifference {
  readonly class: DifferenceClass | 'rejection' | 'status-or-shape' | 'shape-drift';
  readonly detail: string;
  /** Character-level diff of the normalised result texts (baseline to candidate). */
  readonly diff?: readonly DiffPart[];
}

export interface RegressionComparison {
  readonly difference?: RegressionDifference;
  /** The rules that made result texts which differed compare equal (the difference they explain). */
  readonly explainedBy?: readonly string[];
  /** The noise fields (issue 38, learned from the baseline's repetitions) in which the answers
   * differed and which the comparison therefore ignored. */
  readonly noise?: readonly FieldPath[];
}
