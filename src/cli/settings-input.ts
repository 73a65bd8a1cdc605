/** What the settings resolver is given by a command: its flags (only those it shares with run, when
 * `only` names them), the environment, the .env file (or --env-file), the catalogs, and where
 * warnings go. Kept apart from settings.ts so that `checks` resolves its one setting without
 * loading the engine's catalogs. */
import type { ResolveInput } from '../config/resolve.js';
import type { Catalogs } from '../config/settings.js';
import type { Flags } from './args.js';
import type { Io } from './main.js';

export function settingsInput(flags: Flags, io: Io, catalogs: Catalogs, only?: readonly string[]): ResolveInput {
  const envFile = flags['env-file'];
  const given = only ? Object.fromEntries(Object.entries(flags).filter(([name, value]) => only.includes(name) && value !== undefined)) : flags;
  return { flags: given, env: io.env, envFile: typeof envFile === 'string' ? envFile : '.env', envFileExplicit: typeof envFile === 'string', catalogs, warn: io.err };
}
