/**
 * A run against a target that keeps state goes in two phases (issue 37). First every read: the
 * searches and lists of all suites and the ?WSDL, while nothing changes, so the four transports of a
 * case and a baseline recorded against a fresh copy see the same data. Then every create, update
 * and delete, and the sequences that follow an entity through them, each transport with its own
 * instance. Run all at once, a search over SOAP 1.1 and the same search over HTTP GET could see
 * different data because an update landed between them, and parity would blame the service.
 */
import { isMutating, getOperation } from '../../contract/index.js';
import type { RunSettings, SuiteId } from '../../config/settings.js';
import { hasData, type LearnedState } from './learned-state.js';

export type Phase = 'reads' | 'mutations' | 'sequences';
/** Last, the sequences alone: an account sequence updates an account and looks for the change, and
 * a fuzzed MobileAccountUpdate of the same account at that moment would make it look lost. */
export const PHASES: readonly Phase[] = ['reads', 'mutations', 'sequences'];

/** Whether a run goes in phases: its target keeps state (the embedded stateful service, or any
 * given target, which may) and mutating operations are sent to it. */
export function runsInPhases(settings: Pick<RunSettings, 'stateful' | 'allowMutations'> & { readonly embedded: boolean; readonly learned?: LearnedState }): boolean {
  // A target that answered no record to the discovery step (an echo) shows no state to protect.
  return hasData(settings.learned) && (settings.embedded ? settings.stateful : settings.allowMutations);
}

/** The suites a phase runs: the ?WSDL with the reads, the sequences with the mutations. */
const SUITES_OF: Readonly<Record<Phase, ReadonlySet<string>>> = {
  reads: new Set(['positive', 'negative', 'fuzz', 'service', 'baseline']),
  mutations: new Set(['positive', 'negative', 'fuzz', 'baseline']),
  sequences: new Set(['sequences']),
};

/** Whether `suite` runs in `phase` (absent: a run without phases runs every suite). A regression
 * run's replay (the baseline suite) goes with the reads and the mutations, never again with the
 * sequences, whose phase keeps every selected operation. */
export const runsInPhase = (phase: Phase | undefined, suite: string): boolean => phase === undefined || SUITES_OF[phase].has(suite);

/** The settings of one phase: its operations of those selected, its suites of those selected. */
export function phaseSettings<S extends Pick<RunSettings, 'operations' | 'suites'>>(settings: S, phase: Phase): S & { readonly phase: Phase } {
  const mutating = phase === 'mutations';
  return {
    ...settings,
    phase,
    // A sequence reads and writes: it takes the whole selection, and runs when its writes are selected.
    operations: phase === 'sequences' ? settings.operations : settings.operations.filter((name) => isMutating(getOperation(name)) === mutating),
    suites: settings.suites.filter((s) => SUITES_OF[phase].has(s)) as SuiteId[],
  };
}
