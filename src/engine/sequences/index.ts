/**
 * engine/sequences/
 *
 * Learned sequences of one entity (issue 37): create, read back, update, delete, each step a case
 * run by `exchange/` on every transport (`sequences.ts`, `sequence-run.ts`), the reads that show a
 * record, learned from the target and retried with one learned record's ids (`sequence-reads.ts`),
 * the values a step takes from earlier ones (`sequence-take.ts`), an unknown id's answer
 * (`sequence-unknown-id.ts`), and the comparison of the transports' sequences (`sequence-parity.ts`).
 *
 * This file is the room's map: what the other rooms use of it. Code imports a name from the file
 * that owns it, not from here, so that a worker loads only what it runs; test/layers/rooms.test.ts
 * holds this list to what is used.
 */
export { SequenceParity } from './sequence-parity.js';
export { mutatingOperationsOf, runSequence, sequencePlan } from './sequences.js';
export type { SequenceUnit } from './sequences.js';
