/** The one place that maps errors to exit codes. */
import { ConfigError } from '../config/settings.js';
import { TargetUnreachableError } from '../engine/run.js';
import { EXIT } from './exit-codes.js';

export { EXIT } from './exit-codes.js';

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
