/**
 * engine/reference/
 *
 * The trusted reference deployment (`--reference-url`, issue 38): the clients of its sides
 * (`reference-clients.ts`), the same call asked of it and its answer parsed once for every
 * comparison (`reference.ts`, also the setup a case's instance mirrors there), and judging a fuzz
 * sample by what the reference answered (`fuzz-reference.ts`). Above `send/`, below what learns
 * and what runs cases, which both ask it.
 *
 * This file is the room's map: what the other rooms use of it. Code imports a name from the file
 * that owns it, not from here, so that a worker loads only what it runs; test/layers/rooms.test.ts
 * holds this list to what is used.
 */
export { sampleReferenceJudge } from './fuzz-reference.js';
export { attachReference, ensureReferenceReachable, openReferenceSides, referenceOf } from './reference-clients.js';
export { askReference, mirrorSetup, takeParsedAnswers } from './reference.js';
