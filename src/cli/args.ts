/** Flag parsing with node's util.parseArgs; unknown or malformed flags are configuration errors. */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ConfigError } from '../config/settings.js';

export type Options = NonNullable<ParseArgsConfig['options']>;

export function parseFlags(command: string, argv: readonly string[], options: Options): Record<string, string | boolean | undefined> {
  return parseCommandLine(command, argv, options, false).flags;
}

/** Flags and, where a command takes them, positional arguments (e.g. replay FILE). */
export function parseCommandLine(command: string, argv: readonly string[], options: Options, allowPositionals: boolean): { flags: Record<string, string | boolean | undefined>; positionals: string[] } {
  try {
    const { values, positionals } = parseArgs({ args: [...argv], options: { ...options, help: { type: 'boolean', short: 'h' } }, strict: true, allowPositionals });
    return { flags: values as Record<string, string | boolean | undefined>, positionals };
  } catch (err) {
    throw new ConfigError(`${(err as Error).message.replace(/\. To specify.*$/s, '')} (see tsiws-conform ${command} --help)`);
  }
}
