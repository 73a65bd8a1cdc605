/**
 * The unknown-id probe of a sequence (issue 59, item 4). Once the sequence's update and delete of its
 * entity succeeded, each is sent once more with only the id changed, to an id no read of the run
 * listed: each is an anchor with exactly one change, so a refusal is the id's doing. The update goes
 * first, so that a delete cannot make a refusal of the update (the run's own delete is what an
 * idempotent delete may answer success to again; this id was never there). answers-agree judges the
 * two answers side by side: one refusing the id and the other claiming success on it is the target
 * contradicting itself. Only where mutations are allowed: a sequence runs nowhere else.
 */
import type { IdAnswer } from '../../checks/answers-agree.js';
import { clip } from '../../results/clip.js';
import type { TransportId } from '../../transports/index.js';

/** A request the target answered with success in this sequence: what a probe changes one value of. */
export interface Anchor {
  readonly operation: string;
  readonly values: Readonly<Record<string, string>>;
}

/** xs:int's largest value: the probe's id must be a valid one, or the refusal would be the type's. */
const INT_MAX = 2147483647;
/** How far past the largest id learned: the creates of the rest of the run never reach it. */
const FAR = 10;
const FLOOR = 100_000;

/**
 * An id that none of `listed` (every value the run's answers named for the parameter) is: ten times
 * the largest learned (at least 100,000), plus the slot, so the transports side by side each send
 * their own; within xs:int. Deterministic for the same answers.
 */
export function unknownIdOf(listed: readonly string[], slot: number): string {
  const taken = new Set(listed);
  const largest = Math.max(0, ...listed.map(Number).filter((n) => Number.isSafeInteger(n)));
  let id = Math.min(Math.max(largest * FAR, FLOOR) + 7 + slot, INT_MAX - slot);
  while (taken.has(String(id))) id--;
  return String(id);
}

/** One sent step as answers-agree reads it. */
export function idAnswer(operation: string, transport: TransportId, step: number, sent: { readonly ok: boolean; readonly refused: boolean; readonly text: string }): IdAnswer {
  return { operation, transport, step, said: sent.ok ? 'success' : sent.refused ? 'refused' : 'other', text: clip(sent.text, 300) };
}
