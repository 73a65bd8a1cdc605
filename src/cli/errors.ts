/** The one place that maps errors to exit codes. */
import { ConfigError } from '../config/settings.js';
import { TargetUnreachableError } from '../engine/run.js';

/** 129, 130 and 143 are the shell's codes for a process ended by SIGHUP, SIGINT and SIGTERM
 * (128 + signal): an interrupted run exits with them after writing its reports. */
export const EXIT = { conforms: 0, findings: 1, usage: 2, unreachable: 3, internal: 4, sighup: 129, sigint: 130, sigterm: 143 } as const;

/** The exit code of a run interrupted by `signal` (the reason its AbortSignal carries). */
export function exitCodeForSignal(signal: string): number {
  return signal === 'SIGTERM' ? EXIT.sigterm : signal === 'SIGHUP' ? EXIT.sighup : EXIT.sigint;
}

/** The stable code of an error that ended a run early, as results.json and --format json give it. */
export function errorCodeOf(err: unknown): string {
  return err instanceof ConfigError || err instanceof TargetUnreachableError ? err.code : 'TSIWS_INTERNAL';
}

export function exitCodeFor(err: unknown, log: (line: string) => void): number {
  if (err instanceof ConfigError) {
    log(`tsiws-conform: ${err.message}`);
    return EXIT.usage;
  }
  if (err instanceof TargetUnreachableError) {
    log(`tsiws-conform: ${err.message}`);
    return EXIT.unreachable;
  }
  log(`tsiws-conform: internal error (a bug in tsiws-conform, please report it): ${(err as Error).stack ?? String(err)}`);
  return EXIT.internal;
}
