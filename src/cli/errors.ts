/** The one place that maps errors to exit codes. */
import { ConfigError } from '../config/errors.js';
import { TargetUnreachableError } from '../http/errors.js';
import { EXIT } from './exit-codes.js';

export { EXIT, exitCodeForSignal } from './exit-codes.js';

/** The stable code of an error that ended a run early, as results.json and --format json give it. */
export function errorCodeOf(err: unknown): string {
  return err instanceof ConfigError || err instanceof TargetUnreachableError ? err.code : 'TSIWS_INTERNAL';
}

/** What to do about an error that ended a run before its first test, for the reports that say why:
 * the message names what was wrong, this says how to go on. */
export function fixFor(err: unknown): string {
  if (err instanceof ConfigError) {
    return 'Correct the flag, environment variable or .env line the error names and run the same command again ("tsiws-conform run --help" lists every flag with its variable and default).';
  }
  if (err instanceof TargetUnreachableError) {
    return 'Check that the service is running and that --base-url (scheme, host and port) reaches it from this machine, e.g. by opening its ?WSDL with curl, through --proxy where one is needed; then run again.';
  }
  return 'This is a bug in tsiws-conform, not a finding about the target: report it with this error and this command line.';
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
