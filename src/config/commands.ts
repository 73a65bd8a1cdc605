/**
 * Each command's configuration, from the two settings tables: which settings it takes (each setting
 * names its commands), its parseArgs options, and its --help. Light on purpose: the dispatcher
 * prints a command's --help from here without loading the command (no engine, no server).
 */
import { COMMAND_SETTINGS, COMMAND_DEFAULTS, type CommandOnlySettings } from './command-settings.js';
import type { Catalogs } from './parsers.js';
import { flagLines, flagText, usageLines, wrap } from './help-layout.js';
import { COMMAND_IDS, CONFIG_FILE, CONFIG_TARGET, ENV_FILE, GROUP_HEADINGS, RUN, SETTING_GROUPS, type CommandId } from './setting.js';
import { DEFAULTS, SETTINGS, type RunSettings } from './settings.js';

export { COMMAND_IDS, type CommandId } from './setting.js';

/** Every setting of every command: run's table, then the command-only one. */
export const ALL_SETTINGS = [...SETTINGS, ...COMMAND_SETTINGS];
export type AnySetting = (typeof ALL_SETTINGS)[number];

/** A command's whole configuration: the settings it does not take keep their defaults. */
export type CommandSettings = RunSettings & CommandOnlySettings;
export const ALL_DEFAULTS: CommandSettings = { ...DEFAULTS, ...COMMAND_DEFAULTS };

interface CommandText {
  /** The usage line after "Usage: ". */
  readonly usage: string;
  /** What it does, and anything its flags do not say: paragraphs, each wrapped to the terminal's width. */
  readonly about?: readonly string[];
  /** It takes positional arguments (files, folders). */
  readonly positionals?: boolean;
}

/** The help of each command, apart from its flags (which come from the tables). */
const COMMAND_TEXT: Readonly<Record<CommandId, CommandText>> = {
  run: { usage: 'tsiws-conform run [flags]' },
  replay: {
    usage: 'tsiws-conform replay FILE [--base-url URL] [run flags]', positionals: true,
    about: ['Re-sends the failure saved in FILE and re-runs its checks. Exit 1 while it still fails, 0 when it is fixed or a waiver accepts it (--waivers FILE and the config file\'s, as in run).'],
  },
  'merge-reports': {
    usage: 'tsiws-conform merge-reports DIR... [--reports-dir OUT]', positionals: true,
    about: [
      'Joins the reports of the shards of one run (run --shard i/n, each with its own --reports DIR) into the reports of the whole run, as if it had run on one machine. Every shard must be given once, and all must have run with the same flags and --seed. Exit codes as for run.',
      '--reports-dir is the same as --reports.',
    ],
  },
  checks: { usage: 'tsiws-conform checks [--json] [--checks-module FILE]', about: ['Lists every check: id, level (and why), scope, what it applies to, description, and the spec line or standard it enforces; with --checks-module (or TSIWS_CHECKS_MODULE), also the checks of that module, marked [user].'] },
  serve: { usage: 'tsiws-conform serve [--port P] [--host H] [--namespace NS] [--auth-secret S] [--result-format json|xml] [--stateful] [--mutant NAME] | [--stateful] --list-mutants' },
  wsdl: { usage: 'tsiws-conform wsdl [--namespace NS] [--base-url URL] [--xsd] | --write' },
  'diff-wsdl': {
    usage: 'tsiws-conform diff-wsdl [--base-url URL | --file PATH] [--namespace NS] [--reports DIR] [access flags]',
    about: [
      "Compares the target's /api/rmm/tsiWS.asmx?WSDL (or --file, or with neither the embedded reference server's WSDL) with the reconstructed contract; writes wsdl-diff.json and wsdl-diff.junit.xml to --reports.",
      'Exit codes: 0 equal, 1 drift, 2 bad usage or unreadable --file, 3 target unreachable.',
    ],
  },
  compare: {
    usage: 'tsiws-conform compare OLD_REPORTS NEW_REPORTS [--json]', positionals: true,
    about: [
      "Compares the results.json of two report folders (e.g. the previous release's and this one's): prints the checks that newly fail, that newly pass, and the cases whose verdict changed; and, from both folders' records.jsonl, each operation whose result shape drifted (a key or element added, removed or renamed, a value's type changed: docs/regression.md, Result schemas and shapes).",
      'Exit 1 if any check newly fails or any result shape drifted, 0 otherwise.',
    ],
  },
  shapes: {
    usage: 'tsiws-conform shapes infer REPORTS_OR_BASELINE_DIR [--out DIR]', positionals: true,
    about: [
      'Learns, per operation, the shape of the results that valid requests got: keys or elements, nesting, repetition, value types, and which were always present. Reads a reports folder of tsiws-conform run (records.jsonl) or a baseline of run --record (its every fuzzed request too).',
      'Writes <Operation>.schema.json (JSON results) or <Operation>.xsd (XML results) to --out, for run --result-schemas DIR; review them before committing. An operation with no result to learn from gets no file, and is named.',
    ],
  },
  'verify-certificate': {
    usage: 'tsiws-conform verify-certificate DIR', positionals: true,
    about: [
      'Checks that the report files in DIR (a reports folder a run wrote) match the sha256 hashes in DIR/certificate.json: nothing changed, removed or added since the run.',
      'Exit codes: 0 intact, 1 altered (the files are listed), 2 certificate missing or malformed.',
    ],
  },
  contract: {
    usage: 'tsiws-conform contract --from-wsdl FILE',
    about: ['Exit codes: 0 printed, 1 printed but something could not be expressed (see the comments), 2 bad usage or unreadable file.'],
  },
  proxy: {
    usage: 'tsiws-conform proxy --target URL [--port P] [--host H] [--capture DIR] [flags]',
    about: [
      'A reverse proxy for the service path and ?WSDL: forwards each request to --target and streams its answer back unchanged, then judges the exchange off the forwarding path (the client\'s request by the client checks, the answer by the exchange checks). A finding prints one line as it is found. SIGINT or SIGTERM stops it and writes the same reports as a run (results.json with kind "observed"); see docs/proxy.md.',
      'Exit codes as for an interrupted run: 130 (SIGINT), 143 (SIGTERM); 2 bad usage.',
    ],
  },
  bench: { usage: 'npm run bench -- [--duration S] [--harness-repeat N] [--sizes 1,16,64] [--seed N] [--asmx | --no-asmx] [--out reports/bench.json]', about: ['Measures the request rate, the harness rate, CPU per checked exchange by stage, the same against the Mono ASMX host, run growth and start-up; see docs/performance.md.'] },
};

export const takesPositionals = (command: CommandId): boolean => COMMAND_TEXT[command].positionals ?? false;

/** The settings a command takes, in table order. */
export function settingsOf(command: CommandId): AnySetting[] {
  return ALL_SETTINGS.filter((s) => (s.commands as readonly CommandId[]).includes(command));
}

/** A command reads variables and .env (and so takes --env-file) if any of its settings has a variable. */
export const readsVariables = (command: CommandId): boolean => settingsOf(command).some((s) => 'env' in s && s.env !== undefined);

/** The flag a setting has in this command (its alias, where the command gives it one, is accepted too). */
export const aliasIn = (s: AnySetting, command: CommandId): string | undefined => ('alias' in s && s.alias.command === command ? s.alias.flag : undefined);

/** util.parseArgs options of a command's flags. */
export function optionsOf(command: CommandId): Record<string, { type: 'string' | 'boolean'; multiple?: boolean }> {
  const out: Record<string, { type: 'string' | 'boolean'; multiple?: boolean }> = {};
  for (const s of settingsOf(command)) {
    const option = { type: 'boolean' in s && s.boolean ? 'boolean' as const : 'string' as const, ...('multiple' in s && s.multiple ? { multiple: true } : {}) };
    out[s.flag] = option;
    const alias = aliasIn(s, command);
    if (alias) out[alias] = option;
  }
  if (readsVariables(command)) out[ENV_FILE.flag] = { type: 'string' };
  if (readsConfigFile(command)) Object.assign(out, { [CONFIG_FILE.flag]: { type: 'string' }, [CONFIG_TARGET.flag]: { type: 'string' } });
  return out;
}

/** run and replay read tsiws.config.json (config-file.ts), and so take --config and --target. */
export const readsConfigFile = (command: CommandId): boolean => (RUN as readonly CommandId[]).includes(command);

/** --config's and --target's help, for --help and docs/cli.md. */
export const CONFIG_FLAG_HELP = {
  config: `${CONFIG_FILE.name} to read (settings by flag name, named targets, waivers; see docs/cli.md, Config file)`,
  configDefault: `${CONFIG_FILE.name} in the working folder or one above it, up to the repository's root`,
  target: `The named target of the config file to use (its "targets" key)`,
  targetDefault: '(none: the file\'s own settings)',
} as const;

/** The default of a setting as help shows it: its own words, or its default value (written once). */
export function defaultTextOf(s: AnySetting): string {
  if ('defaultText' in s && s.defaultText !== undefined) return s.defaultText;
  const value = ALL_DEFAULTS[s.key];
  return Array.isArray(value) ? value.join(',') : String(value);
}

/** A block of a command's --help and of docs/cli.md: the command's own flags, then run's settings
 * group by group in SETTING_GROUPS' order, then --env-file where the command reads variables. */
export interface FlagSection {
  readonly heading: string;
  readonly settings: readonly AnySetting[];
  /** The section is --env-file's, which is no setting (it says where the settings are read from). */
  readonly envFile?: true;
}

export const ENV_FILE_HEADING = 'Configuration file';

/** A command's flags in the sections its --help and docs/cli.md show them in; empty sections left out.
 * A command's own flags come first: they are what it is for (serve --port, shapes --out). */
export function flagSections(command: CommandId): FlagSection[] {
  const settings = settingsOf(command);
  const sections: FlagSection[] = [
    { heading: `Flags of ${command}`, settings: settings.filter((s) => !('group' in s)) },
    ...SETTING_GROUPS.map((group) => ({ heading: GROUP_HEADINGS[group], settings: settings.filter((s) => 'group' in s && s.group === group) })),
  ].filter((section) => section.settings.length > 0);
  return readsVariables(command) ? [...sections, { heading: ENV_FILE_HEADING, settings: [], envFile: true }] : sections;
}

/** A flag's names as help shows them: the flag, and the alias this command also accepts. */
export const flagNamesIn = (s: AnySetting, command: CommandId): string => [s.flag, aliasIn(s, command)].filter(Boolean).map((f) => `--${f}`).join(', ');

/** A command's usage, wrapped as its --help opens (bench ends its usage errors with it). */
export const usageOf = (command: CommandId): string => usageLines(COMMAND_TEXT[command].usage).join('\n');

/** A command's --help, for an 80-column terminal. `catalogs` fills in the names a setting chooses
 * from (run's --normalise); without them the help points to where they are listed. */
export function helpText(command: CommandId, catalogs?: Partial<Catalogs>): string {
  const text = COMMAND_TEXT[command];
  const lines = [usageOf(command), ...(text.about ?? []).flatMap((paragraph) => wrap(paragraph, '  '))];
  if (readsVariables(command)) lines.push('', ...wrap(`A flag shown with [env: NAME] can also be set by that variable, in the environment or in .env; the flag wins over both.${readsConfigFile(command) ? ` Every flag can also be given in ${CONFIG_FILE.name} by its name ("base-url": "..."), below all three.` : ''}`));
  for (const section of flagSections(command)) {
    lines.push('', `${section.heading}:`);
    for (const s of section.settings) {
      const names = catalogs && 'catalog' in s ? catalogs[s.catalog] : undefined;
      const env = 'env' in s ? s.env : undefined;
      lines.push(...flagLines(flagNamesIn(s, command), flagText(`${s.help}${names ? `: ${names.join(', ')}` : ''}`, defaultTextOf(s), env)));
    }
    if (section.envFile) lines.push(...flagLines(`--${ENV_FILE.flag}`, flagText('.env file to read', '.env', ENV_FILE.env)));
    if (section.envFile && readsConfigFile(command)) {
      lines.push(...flagLines(`--${CONFIG_FILE.flag}`, flagText(CONFIG_FLAG_HELP.config, CONFIG_FLAG_HELP.configDefault, CONFIG_FILE.env)));
      lines.push(...flagLines(`--${CONFIG_TARGET.flag}`, flagText(CONFIG_FLAG_HELP.target, CONFIG_FLAG_HELP.targetDefault, CONFIG_TARGET.env)));
    }
  }
  return lines.join('\n');
}
