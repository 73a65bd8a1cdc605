/** Why an interrupted run is incomplete, in its reports and on the console. A leaf: the CLI's exit
 * codes (cli/exit-codes.ts, loaded by --help) and the run (session/) both read it. */

/** The reason a run's AbortSignal carries when the process that started it went away (npx or
 * `npm run`, killed by a CI timeout, exits without passing the signal on): the bin watches its
 * parent and stops the run as for SIGTERM, with SIGTERM's exit code. */
export const PARENT_ENDED = 'parent process ended';

/** Why an interrupted run is incomplete, as its reports and console say it. */
export function interruptionReason(interrupted: string): string {
  return interrupted === PARENT_ENDED ? `interrupted: ${PARENT_ENDED}` : `interrupted by ${interrupted}`;
}
