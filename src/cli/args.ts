/** Flag parsing with node's util.parseArgs; unknown or malformed flags are configuration errors. */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ConfigError } from '../config/settings.js';

export type Options = NonNullable<ParseArgsConfig['options']>;

export function parseFlags(command: string, argv: readonly string[], options: Options): Record<string, string | boolean | undefined> {
  try {
    const { values } = parseArgs({ args: [...argv], options: { ...options, help: { type: 'boolean', short: 'h' } }, strict: true, allowPositionals: false });
    return values as Record<string, string | boolean | undefined>;
  } catch (err) {
    throw new ConfigError(`${(err as Error).message.replace(/\. To specify.*$/s, '')} (see tsiws-conform ${command} --help)`);
  }
}
