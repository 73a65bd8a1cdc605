/**
 * What a sequence of one entity observed (engine/sequences.ts): a create is found by the search
 * that should show it, an update is visible, a delete makes it gone. The spec states no semantics
 * ("Per-operation effects, matching semantics, filter combination rules ...: not shown"), so a
 * broken expectation is a warning with the evidence quoted, never an error.
 */
import { fail, pass, type CheckInfo, type Verdict } from './types.js';

/** One expectation of a sequence step, and whether the target's answer held it. */
export interface SequenceObservation {
  /** What should hold, in words: "MobileContactSearch finds emailid 3042 just created". */
  readonly expected: string;
  readonly held: boolean;
  /** The answer that shows it, quoted (clipped). */
  readonly evidence: string;
}

/** A check judged on what a sequence step observed. */
export interface SequenceCheck extends CheckInfo {
  readonly scope: 'sequence';
  run(observation: SequenceObservation): Verdict;
}

export const stateConsistency: SequenceCheck = {
  id: 'state-consistency',
  description: 'A created record is found, an update is visible and a deleted record is gone, on the transport that made the change',
  enforces: 'the operation classes Create, Update and Delete (spec, "Operation classes by shape"); their effects are not stated, so this is evidence, not the contract',
  scope: 'sequence',
  level: 'warning',
  levelReason: 'the spec says per-operation effects are "not shown": what a sequence observes is evidence, not a breach of the contract',
  appliesText: 'each observing step of a sequence (create, find, update, see, delete, gone), on a target with data',
  run(o) {
    return o.held ? pass : fail(`${o.expected}: it did not; the answer: ${o.evidence}`);
  },
};
