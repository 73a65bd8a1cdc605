/** How every command resolves the settings it shares with run: the one settings table, defaults <
 * .env (or --env-file) < environment < flags, with the catalogs that --checks and --normalise
 * name, and warnings on stderr. `only` keeps the flags of the settings a command shares; the rest
 * of its flags are its own. */
import { resolveSettings } from '../config/resolve.js';
import type { RunSettings } from '../config/settings.js';
import { CATALOGS, catalogsWith } from '../engine/catalogs.js';
import type { Flags } from './args.js';
import { settingsInput } from './settings-input.js';
import type { Io } from './main.js';

export function commandSettings(flags: Flags, io: Io, only?: readonly string[]): RunSettings {
  return resolveSettings(settingsInput(flags, io, CATALOGS, only));
}

/** The settings of a command that runs checks (run, replay): the checks module, if one is given, is
 * loaded first, so that --checks and --skip-checks may name its checks. */
export async function checkingSettings(flags: Flags, io: Io): Promise<RunSettings> {
  const { warn: _quiet, ...first } = settingsInput(flags, io, CATALOGS);
  const { checksModule } = resolveSettings({ ...first, only: ['checksModule'] });
  return resolveSettings(settingsInput(flags, io, await catalogsWith(checksModule)));
}
