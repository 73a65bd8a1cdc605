/**
 * A command line as the reports of a run that ended early show it, to be read and pasted back:
 * every value of a secret setting (sig, mobilekey, --auth, a header's value, ...) replaced by a
 * placeholder, a URL without its user:password, and the value of a flag the command does not know
 * hidden too (a misspelt `--sgi VALUE` is a signature all the same). Shell-quoted where needed.
 */
import { settingsOf, aliasIn, readsVariables, type AnySetting } from './commands.js';
import { shownUrl } from './parsers.js';
import { ENV_FILE, type CommandId } from './setting.js';

const SECRET = '<REDACTED>';
const UNKNOWN = '<NOT SHOWN>';
const URL_FLAGS = new Set(['base-url', 'reference-url', 'reference-secondary-url']);
/** Flags whose value is 'Name: value': the name says what was sent, the value is secret. */
const HEADER_FLAGS = new Set(['header', 'reference-header']);

/** Quoted only when the shell would read it otherwise (placeholders' < > too). */
const quoted = (s: string): string => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

function shownValue(flag: string, setting: AnySetting | undefined, value: string): string {
  if (!setting) return UNKNOWN;
  if (HEADER_FLAGS.has(flag)) return value.includes(':') ? `${value.slice(0, value.indexOf(':'))}: ${SECRET}` : SECRET;
  if ('secret' in setting && setting.secret) return SECRET;
  return URL_FLAGS.has(flag) ? shownUrl(value) : value;
}

export function shownCommandLine(command: CommandId, argv: readonly string[]): string {
  const flags = new Map<string, AnySetting | undefined>();
  for (const s of settingsOf(command)) {
    flags.set(s.flag, s);
    const alias = aliasIn(s, command);
    if (alias) flags.set(alias, s);
  }
  const envFile = readsVariables(command);
  const out = ['tsiws-conform', command];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const m = /^--([^=]+)(=([\s\S]*))?$/.exec(arg);
    if (!m) {
      out.push(quoted(arg));
      continue;
    }
    const name = m[1]!;
    const known = flags.has(name) || (envFile && name === ENV_FILE.flag);
    const setting = flags.get(name);
    if (known && setting && 'boolean' in setting && setting.boolean) {
      out.push(quoted(arg));
      continue;
    }
    // A value: after `=`, else the next word unless it is a flag itself (as parseArgs reads it).
    const next = argv[i + 1];
    const value = m[3] ?? (next !== undefined && !next.startsWith('--') ? (i++, next) : undefined);
    const shown = value === undefined ? undefined : name === ENV_FILE.flag && known ? value : shownValue(name, setting, value);
    out.push(shown === undefined ? quoted(arg) : m[3] !== undefined ? quoted(`--${name}=${shown}`) : `${quoted(`--${name}`)} ${quoted(shown)}`);
  }
  return out.join(' ');
}
