/**
 * engine/fuzz/
 *
 * Fuzzing with fast-check (`fuzz.ts`): properties over the learned values and the contract's
 * types, the constraints learned values and refusals put on them (`fuzz-constraints.ts`), and the
 * character ladder that finds which characters a free-text parameter refuses (`ladder.ts`). Each
 * sample is one case run by `exchange/`.
 *
 * This file is the room's map: what the other rooms use of it. Code imports a name from the file
 * that owns it, not from here, so that a worker loads only what it runs; test/layers/rooms.test.ts
 * holds this list to what is used.
 */
export { caseFor, fuzzOperation, recordedFuzzSlot } from './fuzz.js';
export { climbLadder } from './ladder.js';
