/** The one place that maps errors to exit codes. */
import { ConfigError } from '../config/settings.js';
import { TargetUnreachableError } from '../engine/run.js';

/** 130 and 143 are the shell's codes for a process ended by SIGINT and SIGTERM (128 + signal). */
export const EXIT = { conforms: 0, findings: 1, usage: 2, unreachable: 3, internal: 4, sigint: 130, sigterm: 143 } as const;

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
