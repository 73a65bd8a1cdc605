/** How every command reads its configuration: its command line against the settings tables, then
 * defaults < .env (or --env-file) < environment < flags, with the catalogs that --checks and
 * --normalise name, and warnings on stderr (src/config/resolve.ts does the work). */
import type { CommandId, CommandSettings } from '../config/commands.js';
import type { RunSettings } from '../config/settings.js';
import { inputFor, readCommandLine, resolveCommand } from '../config/resolve.js';
import type { Flags } from '../config/args.js';
import { CATALOGS, catalogsWith } from '../checks/catalogs.js';
import { commandHelp } from './help.js';
import type { Io } from './main.js';

export function commandSettings(command: CommandId, flags: Flags, io: Io): CommandSettings {
  return resolveCommand(command, inputFor(flags, io.env, CATALOGS, io.err));
}

/** The command line of `command`; undefined once --help has been printed. */
export function commandLine(command: CommandId, argv: readonly string[], io: Io): { flags: Flags; positionals: string[] } | undefined {
  const line = readCommandLine(command, argv);
  if (!line.help) return line;
  io.out(commandHelp(command));
  return undefined;
}

/** The settings of a command that runs checks (run, replay): the checks module, if one is given, is
 * loaded first, so that --checks and --skip-checks may name its checks. */
export async function checkingSettings(command: 'run' | 'replay', flags: Flags, io: Io): Promise<RunSettings> {
  const { checksModule } = resolveCommand(command, { ...inputFor(flags, io.env, CATALOGS), only: ['checksModule'] });
  return resolveCommand(command, inputFor(flags, io.env, await catalogsWith(checksModule), io.err));
}
