/** Flag parsing with node's util.parseArgs; unknown or malformed flags are configuration errors. */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ConfigError } from './errors.js';
import { didYouMean } from './suggest.js';

/** Where a command's flags are listed: the bench is run by npm, every other command by tsiws-conform. */
const helpCommand = (command: string) => (command === 'bench' ? 'npm run bench -- --help' : `tsiws-conform ${command} --help`);

export type Options = NonNullable<ParseArgsConfig['options']>;
/** Flag values by name; a flag that may repeat (--header) gives a list. */
export type Flags = Record<string, string | boolean | string[] | undefined>;

/**
 * The arguments as parseArgs can take them. parseArgs refuses a value that starts with a dash
 * (`--timeout-ms -5`: "argument is ambiguous", over three lines); such a value is joined to its
 * flag (`--timeout-ms=-5`) so the setting's own parser says what is wrong with it, in one line.
 * A flag no option knows is reported here, with the nearest known one.
 */
function normalised(command: string, argv: readonly string[], options: Options): string[] {
  const known = Object.keys(options);
  const isFlag = (token: string) => token === '-h' || (token.startsWith('--') && [...known, 'help'].includes(token.slice(2).split('=')[0]!));
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    if (token === '--') return [...out, ...argv.slice(i)];
    if (!token.startsWith('--') || token.length === 2) {
      out.push(token);
      continue;
    }
    const name = token.slice(2).split('=')[0]!;
    if (name !== 'help' && !known.includes(name)) {
      throw new ConfigError(`unknown flag --${name}${didYouMean(name, known, (n) => `--${n}`)} (see ${helpCommand(command)})`);
    }
    const next = argv[i + 1];
    if (options[name]?.type === 'string' && !token.includes('=')) {
      if (next === undefined || isFlag(next)) throw new ConfigError(`--${name}: give a value, e.g. --${name} VALUE (see ${helpCommand(command)})`);
      if (next.startsWith('-')) {
        out.push(`${token}=${next}`);
        i++;
        continue;
      }
    }
    out.push(token);
  }
  return out;
}

/** Flags and, where a command takes them, positional arguments (e.g. replay FILE). */
export function parseCommandLine(command: string, argv: readonly string[], options: Options, allowPositionals: boolean): { flags: Flags; positionals: string[] } {
  const args = normalised(command, argv, options);
  try {
    const { values, positionals } = parseArgs({ args, options: { ...options, help: { type: 'boolean', short: 'h' } }, strict: true, allowPositionals });
    return { flags: values as Flags, positionals };
  } catch (err) {
    // parseArgs words some errors over several lines; the first says what is wrong.
    throw new ConfigError(`${(err as Error).message.split('\n')[0]!.replace(/\. To specify.*$/s, '')} (see ${helpCommand(command)})`);
  }
}
