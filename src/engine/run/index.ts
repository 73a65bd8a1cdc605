/**
 * engine/run/
 *
 * The run itself, the top of the engine: vitest and its worker processes (`run.ts`), the plan
 * of suites and units with its numbering for `--repeat` and `--shard` (`plan.ts`), lanes that
 * spread the suites over the cores (`lanes.ts`), the handover files records leave the workers by
 * and the collector that reads them (`worker-handover.ts`, `collector.ts`), the settings the
 * workers are given (`vitest-context.ts`), `--record` (`run-writing-baseline.ts`), the target's
 * ?WSDL and the service checks (`wsi-wsdl.ts`, `wsdl-answer.ts`, `run-service.ts`), and the
 * housekeeping of signals and stray errors.
 *
 * This file is the room's map: what the other rooms use of it. Code imports a name from the file
 * that owns it, not from here, so that a worker loads only what it runs; test/layers/rooms.test.ts
 * holds this list to what is used.
 */
export { laneRows } from './lanes.js';
export type { LanedSuite } from './lanes.js';
export { chunked, fuzzPlan, negativePlan, positivePlan, repetitionId, repetitionLabel, repetitionsLabel, sequencesPlan, servicePlan } from './plan.js';
export type { CaseUnit } from './plan.js';
export { runServiceChecks } from './run-service.js';
export { runWritingBaseline } from './run-writing-baseline.js';
export { INTERRUPT_SIGNALS, conformanceRun } from './run.js';
export type { RunOptions, RunResult } from './run.js';
export { targetSettings } from './vitest-context.js';
export type { TargetSettings } from './vitest-context.js';
export { handOverRecords } from './worker-handover.js';
export type { RecordsAt } from './worker-handover.js';
