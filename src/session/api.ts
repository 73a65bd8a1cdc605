/**
 * What a user's script may import to run the suites (package entry `tsiws-conformance/run`): the
 * function `tsiws-conform run` itself calls, and the settings it reads, resolved as the command
 * resolves them. See examples/run-and-report.mjs.
 */
import { CATALOGS, catalogsWith } from '../checks/catalogs.js';
import { inputFor, readCommandLine, resolveCommand } from '../config/resolve.js';
import type { RunSettings } from '../config/settings.js';

export { runAndReport, type RunHandlers, type RunReport } from './run-and-report.js';
export type { RunSettings } from '../config/settings.js';
export type { ExchangeRecord } from '../results/record.js';
export { passes } from '../report/digest/summary.js';

/** The settings of `tsiws-conform run ARGS`: defaults < .env (or --env-file) < `env` < the flags in
 * `args`, with the check names a --checks-module adds. A bad flag or value throws a ConfigError
 * naming it, as the command says it. */
export async function runSettings(args: readonly string[] = [], env: Readonly<Record<string, string | undefined>> = process.env, warn?: (line: string) => void): Promise<RunSettings> {
  const { flags } = readCommandLine('run', args);
  const { checksModule } = resolveCommand('run', { ...inputFor(flags, env, CATALOGS), only: ['checksModule'] });
  return resolveCommand('run', inputFor(flags, env, await catalogsWith(checksModule), warn));
}
