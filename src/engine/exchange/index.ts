/**
 * engine/exchange/
 *
 * One case to one record per transport: the request encoded, sent, decoded and judged by the
 * checks (`run-case.ts`), a unit's case run with its instance and probes (`run-unit.ts`), the
 * parity record comparing its transports (`parity.ts`), and the data path an answer reached
 * (`data-path-of.ts`). The suites call it in the workers; fuzzing, sequences and replays build on it.
 *
 * This file is the room's map: what the other rooms use of it. Code imports a name from the file
 * that owns it, not from here, so that a worker loads only what it runs; test/layers/rooms.test.ts
 * holds this list to what is used.
 */
export { parityRecord } from './parity.js';
export { runCase, runCaseShowingLater } from './run-case.js';
export { runCaseUnit, slotOf } from './run-unit.js';
