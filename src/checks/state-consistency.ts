/**
 * What a sequence of one entity observed (engine/sequences/sequences.ts). The spec states no semantics
 * ("Per-operation effects, matching semantics, filter combination rules ...: not shown"), so which
 * read shows a record is learned from the target in the run (issue 49): a relation the target never
 * showed is no expectation, only an observation (info, "inconclusive"). A warning is where the target
 * showed a relation and then broke it: the read that showed the record just created does not show
 * the update, or still lists it once deleted. Never an error.
 */
import type { AnswersCheck } from './answers-agree.js';
import { fail, pass, type CheckInfo, type Verdict } from './types.js';

/** One expectation of a sequence step and what the target's answers made of it. */
export interface SequenceObservation {
  /** What should hold, in words: "MobileContactSearch filtered by email shows emailid 3042, just created". */
  readonly expected: string;
  /** held: the target showed it; broken: the target showed the relation first and then broke it;
   * inconclusive: the relation was never observed in this run, so nothing is expected. */
  readonly outcome: 'held' | 'broken' | 'inconclusive';
  /** The answer that shows it, quoted (clipped); for an inconclusive one, what was tried. */
  readonly evidence: string;
}

/** A check judged on what a sequence step observed. */
export interface StateCheck extends CheckInfo {
  readonly scope: 'sequence';
  readonly observes: 'state';
  run(observation: SequenceObservation): Verdict;
}

/** A check judged on a sequence: on what one step observed, or on two answers about one id. */
export type SequenceCheck = StateCheck | AnswersCheck;

export const stateConsistency: StateCheck = {
  id: 'state-consistency',
  description: 'Where a read showed a record a sequence created or took, it shows the update and no longer shows the record once deleted, on the transport that made the change',
  enforces: 'the operation classes Create, Update and Delete (spec, "Operation classes by shape"); their effects are not stated, so this is evidence the target gave itself, not the contract',
  scope: 'sequence',
  observes: 'state',
  level: 'warning',
  levelReason: 'the spec says per-operation effects are "not shown": a warning only where the target showed a relation in this run and then broke it; a relation it never showed is info (inconclusive)',
  appliesText: 'each observing step of a sequence (find, see update, gone, delete again), on a target with data',
  run(o) {
    if (o.outcome === 'held') return pass;
    if (o.outcome === 'inconclusive') return fail(`inconclusive: ${o.expected}; ${o.evidence}`, 'info');
    return fail(`${o.expected}: it did not; the answer: ${o.evidence}`);
  },
};
