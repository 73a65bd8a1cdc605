/** Types shared between the CLI's main process and the conformance suites in vitest workers. */
import type { RunSettings } from '../../config/settings.js';
import type { Lane } from './lanes.js';
import type { RecordsAt } from './worker-handover.js';
import type { LearnedState } from '../learn/learned-state.js';
import type { Phase } from '../learn/phases.js';
import type { WsiWsdlFacts } from '../../checks/wsi/wsdl-facts.js';
import type { WsdlAnswer } from './wsdl-answer.js';
// Brings vitest's types into every program that compiles this file (the package build compiles
// src/ alone), so that the augmentations below have a module to augment.
import type {} from 'vitest';
import { dayOf } from '../../config/waivers.js';

/** Settings of a run whose target is known (the embedded server's URL is filled in), with the
 * echo decided and the --max-duration deadline as an epoch time. */
export type TargetSettings = Omit<RunSettings, 'echo'> & {
  readonly baseUrl: string;
  readonly embedded: boolean;
  readonly echo: boolean;
  readonly deadline: number | undefined;
  /** What the discovery step learned from a target with data (discover.ts); absent for the
   * embedded echo server, whose answers hold nothing to learn. */
  readonly learned?: LearnedState;
  /** What the run read of the target's ?WSDL for the WS-I checks (wsi-wsdl.ts); absent when none is selected. */
  readonly wsiWsdl?: WsiWsdlFacts;
  /** The answer to GET ?WSDL the main process already has (wsi-wsdl.ts): the service suite judges it
   * rather than send the request again. */
  readonly wsdlAnswer?: WsdlAnswer;
  /** Which part of a run whose target keeps state this vitest run is (phases.ts); absent: all. */
  readonly phase?: Phase;
  /** The run's UTC day (YYYY-MM-DD), the one every worker compares waivers' expiries with. */
  readonly today: string;
};

declare module 'vitest' {
  interface ProvidedContext {
    tsiws: TargetSettings;
    /** The folder the workers write their records to (worker-handover.ts); unset when the suites run
     * directly under vitest, where nothing collects them. */
    tsiwsRecords?: string;
    /** The lane this worker runs (lanes.ts); unset when no suite of the run has more than one. */
    tsiwsLane?: Lane;
  }
}

// TaskMeta lives in vitest's runner package; vitest re-exports it.
declare module '@vitest/runner' {
  interface TaskMeta {
    /** Where the test's records are (worker-handover.ts). */
    tsiws?: RecordsAt;
    /** Where every fuzz sample's exchanges are, for run --record only (reports see just tsiws). */
    tsiwsSamples?: RecordsAt;
    /** The plan's units (cases with their transports) the test holds, when more than one (a chunk
     * of repetitions, plan.ts); the progress and the cases not run count units. */
    tsiwsUnits?: number;
    /** Units of the test that --max-duration cut short after it started. */
    tsiwsCutShort?: number;
    /** The test's records with findings that fail the run (the progress line's count). */
    tsiwsFindings?: number;
  }
}

/** The one way to make TargetSettings: the echo defaults to on for the embedded server only, and
 * --max-duration counts from `startedAt`. */
export function targetSettings(settings: RunSettings, baseUrl: string, embedded: boolean, startedAt = Date.now()): TargetSettings {
  return {
    ...settings,
    baseUrl,
    embedded,
    // The stateful service answers with its data, not an echo of the request.
    echo: settings.echo ?? (embedded && !settings.stateful),
    // The embedded server listens on loopback: a corporate proxy could not reach it.
    proxy: embedded ? undefined : settings.proxy,
    deadline: settings.maxDurationS === undefined ? undefined : startedAt + settings.maxDurationS * 1000,
    today: dayOf(new Date(startedAt)),
  };
}
