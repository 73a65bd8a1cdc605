/** One invocation of one operation, independent of transport. Values are wire (lexical) forms;
 * authentication values are added per request (engine/send/auth.ts). */
import type { TransportId, WireValues } from '../transports/index.js';
import type { ScenarioId } from '../results/case-labels.js';

export interface PositiveCase {
  readonly id: string;
  readonly operation: string;
  readonly kind: 'positive';
  readonly values: WireValues;
  /** What the case's setup did before it (engine/learn/instances.ts): the record it made or took. */
  readonly setup?: string;
  /** Why the case cannot be sent as a valid request (its setup made no record of its own, say):
   * it is recorded not applicable, unsent (src/results/not-applicable.ts). */
  readonly notApplicable?: string;
}

export interface NegativeCase {
  readonly id: string;
  readonly operation: string;
  readonly kind: 'negative';
  readonly scenario: ScenarioId;
  /** The parameter the scenario spoils, when it spoils one. */
  readonly param?: string;
  /** A valid request's values; the scenario spoils them or the request built from them. */
  readonly values: WireValues;
  /** The transports the scenario applies to. */
  readonly transports: readonly TransportId[];
  /** Why no anchor (engine/learn/anchors.ts) was the base of this probe, where the run keeps anchors and
   * the operation had none: a refusal then proves nothing of the one change (inconclusive). */
  readonly anchorMissing?: string;
}

export type Case = PositiveCase | NegativeCase;
