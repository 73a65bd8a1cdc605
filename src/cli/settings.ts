/** How every command resolves the settings it shares with run: the one settings table, defaults <
 * .env (or --env-file) < environment < flags, with the catalogs that --checks and --normalise
 * name, and warnings on stderr. `only` keeps the flags of the settings a command shares; the rest
 * of its flags are its own. */
import { resolveSettings } from '../config/resolve.js';
import type { RunSettings } from '../config/settings.js';
import { CATALOGS } from '../engine/catalogs.js';
import type { Flags } from './args.js';
import type { Io } from './main.js';

export function commandSettings(flags: Flags, io: Io, only?: readonly string[]): RunSettings {
  const envFile = flags['env-file'];
  const given = only ? Object.fromEntries(Object.entries(flags).filter(([name, value]) => only.includes(name) && value !== undefined)) : flags;
  return resolveSettings({
    flags: given, env: io.env, envFile: typeof envFile === 'string' ? envFile : '.env', envFileExplicit: typeof envFile === 'string', catalogs: CATALOGS, warn: io.err,
  });
}
