/** Flag parsing with node's util.parseArgs; unknown or malformed flags are configuration errors. */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ConfigError } from '../config/settings.js';

export type Options = NonNullable<ParseArgsConfig['options']>;
/** Flag values by name; a flag that may repeat (--header) gives a list. */
export type Flags = Record<string, string | boolean | string[] | undefined>;

export function parseFlags(command: string, argv: readonly string[], options: Options): Flags {
  return parseCommandLine(command, argv, options, false).flags;
}

/** Flags and, where a command takes them, positional arguments (e.g. replay FILE). */
export function parseCommandLine(command: string, argv: readonly string[], options: Options, allowPositionals: boolean): { flags: Flags; positionals: string[] } {
  try {
    const { values, positionals } = parseArgs({ args: [...argv], options: { ...options, help: { type: 'boolean', short: 'h' } }, strict: true, allowPositionals });
    return { flags: values as Flags, positionals };
  } catch (err) {
    throw new ConfigError(`${(err as Error).message.replace(/\. To specify.*$/s, '')} (see tsiws-conform ${command} --help)`);
  }
}
