/**
 * engine/learn/
 *
 * Learning a target's habits from the target (issues 37, 49, 59): what the run learned, as the one
 * plain type every room reads (`learned-state.ts`), discovery (`discover.ts`) and its reads of more
 * records, the search for values that make each valid request succeed (`value-search.ts`,
 * `op-search.ts`, `tuples.ts`, `length-probe.ts`, `refusal.ts`), the pools and learned cases made
 * from it, the records a case makes or takes of its own (`instances.ts`), the anchors every probe is
 * built from and the refusals confirmed on them (`anchors.ts`, `confirm.ts`), and the phases a
 * stateful run goes in (`phases.ts`). Never from our reference's code: only from answers.
 *
 * This file is the room's map: what the other rooms use of it. Code imports a name from the file
 * that owns it, not from here, so that a worker loads only what it runs; test/layers/rooms.test.ts
 * holds this list to what is used.
 */
export { anchorUse, probeConfirmed, probeOnInstance, probesOwnInstance, withSeenAnchor } from './anchors.js';
export { confirmOnRecord, probeSlot, refusalBy } from './confirm.js';
export { discover } from './discover.js';
export { MADE_BY, TAKEN_DISTINCT, needsOwnInstance, ownInstance, withInstance } from './instances.js';
export type { Instance } from './instances.js';
export { learnedCase, poolOf } from './learned-cases.js';
export { hasData } from './learned-state.js';
export type { Anchors, Blocked, LearnedState, SearchSummary } from './learned-state.js';
export { textCeiling } from './length-probe.js';
export type { TextLimit } from './length-probe.js';
export { PHASES, phaseSettings, runsInPhase, runsInPhases } from './phases.js';
export type { Phase } from './phases.js';
export { ID_PARAMS, fillFromPool } from './pool-values.js';
export { readRefusal } from './refusal.js';
export { tuplesFor } from './tuples.js';
export { knownOf, searchValues } from './value-search.js';
