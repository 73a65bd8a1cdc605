/** The one place that maps errors to exit codes. */
import { ConfigError } from '../config/errors.js';
import { TargetUnreachableError } from '../http/errors.js';
import { EXIT } from './exit-codes.js';

export { EXIT, exitCodeForSignal } from './exit-codes.js';

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
