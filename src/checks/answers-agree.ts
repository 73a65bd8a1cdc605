/**
 * The target's own answers about one id agree (issue 59, item 4). The spec states no semantics
 * ("Per-operation effects, matching semantics ...: not shown"), so whether a delete of an unknown id
 * succeeds is the vendor's choice; but a target that refuses an id as unknown in one operation and
 * claims success on the same id in another contradicts itself, whatever its semantics are: at least
 * one of the two answers is wrong. A sequence sends an id no read of the run ever listed to its
 * update and its delete, each an anchor (the request the target just accepted) with only the id
 * changed, so a refusal is the id's doing (engine/sequences/sequence-unknown-id.ts).
 *
 * A warning, never an error: the evidence is the target's own, not the contract. A second delete of
 * what the run itself just deleted is not judged here: that is what an idempotent delete does
 * (state-consistency notes it at info).
 */
import type { CheckInfo, Verdict } from './types.js';
import { fail, pass } from './types.js';

/** One answer about the id: which step sent it, and whether the target took it for a success or
 * refused it (a learned in-band failure or business fault); `other` is neither (a crash, no answer). */
export interface IdAnswer {
  readonly operation: string;
  readonly transport: string;
  readonly step: number;
  readonly said: 'success' | 'refused' | 'other';
  /** The answer's text (or what went wrong), clipped. */
  readonly text: string;
}

/** Two answers of the target about one id. */
export interface IdAnswers {
  /** The id as "emailid 2147480001". */
  readonly id: string;
  /** How the run knows what the id is, in words: "no read of this run listed it". */
  readonly known: string;
  readonly answers: readonly [IdAnswer, IdAnswer];
}

/** A check judged on two answers of one sequence about one id. */
export interface AnswersCheck extends CheckInfo {
  readonly scope: 'sequence';
  readonly observes: 'answers';
  run(observation: IdAnswers): Verdict;
}

const quoted = (a: IdAnswer) => `${a.operation} over ${a.transport} (step ${a.step}) ${a.said === 'refused' ? 'refused it' : a.said === 'success' ? 'answered success' : 'answered neither'}: ${a.text}`;

export const answersAgree: AnswersCheck = {
  id: 'answers-agree',
  description: "The target's answers about one id agree: no operation claims success on an id that another refuses as unknown",
  enforces: 'no spec line (per-operation effects are "not shown"): the target\'s own answers, two of which cannot both be right',
  scope: 'sequence',
  observes: 'answers',
  level: 'warning',
  levelReason: 'the spec states no semantics: a contradiction between two of the target\'s own answers is evidence of a defect, not a broken contract line',
  appliesText: 'sequences with an update and a delete of one id, which send both an id no read of the run listed',
  run(o) {
    const [first, second] = o.answers;
    if (first.said === 'other' || second.said === 'other') return fail(`inconclusive: ${o.id} (${o.known}): ${[first, second].map(quoted).join('; ')}`, 'info');
    if (first.said === second.said) return pass;
    const [refused, claimed] = first.said === 'refused' ? [first, second] : [second, first];
    return fail(`the target contradicts itself about ${o.id} (${o.known}): ${quoted(refused)}; ${quoted(claimed)}`);
  },
};
