/** The exit codes, in a leaf module: --help and --version need them without loading any engine. */
import { PARENT_ENDED } from '../results/interruption.js';

/** 129, 130 and 143 are the shell's codes for a process ended by SIGHUP, SIGINT and SIGTERM
 * (128 + signal): an interrupted run exits with them after writing its reports. */
export const EXIT = { conforms: 0, findings: 1, usage: 2, unreachable: 3, internal: 4, sighup: 129, sigint: 130, sigterm: 143 } as const;

/** The exit code of a run interrupted by `signal` (the reason its AbortSignal carries). */
export function exitCodeForSignal(signal: string): number {
  return signal === 'SIGTERM' || signal === PARENT_ENDED ? EXIT.sigterm : signal === 'SIGHUP' ? EXIT.sighup : EXIT.sigint;
}
