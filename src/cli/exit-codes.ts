/** The exit codes, in a leaf module: --help and --version need them without loading any engine. */

/** 129, 130 and 143 are the shell's codes for a process ended by SIGHUP, SIGINT and SIGTERM
 * (128 + signal): an interrupted run exits with them after writing its reports. */
export const EXIT = { conforms: 0, findings: 1, usage: 2, unreachable: 3, internal: 4, sighup: 129, sigint: 130, sigterm: 143 } as const;

/** The reason a run's AbortSignal carries when the process that started it went away (npx or
 * `npm run`, killed by a CI timeout, exits without passing the signal on): the bin watches its
 * parent and stops the run as for SIGTERM, with SIGTERM's exit code. */
export const PARENT_ENDED = 'parent process ended';

/** The exit code of a run interrupted by `signal` (the reason its AbortSignal carries). */
export function exitCodeForSignal(signal: string): number {
  return signal === 'SIGTERM' || signal === PARENT_ENDED ? EXIT.sigterm : signal === 'SIGHUP' ? EXIT.sighup : EXIT.sigint;
}

/** Why an interrupted run is incomplete, as its reports and console say it. */
export function interruptionReason(interrupted: string): string {
  return interrupted === PARENT_ENDED ? `interrupted: ${PARENT_ENDED}` : `interrupted by ${interrupted}`;
}
