/** The shape of one setting in the tables (settings.ts: what run shares with others; command-settings.ts:
 * what one command alone takes), and the commands that take settings. */
import type { Catalogs } from './parsers.js';

/** Every command of tsiws-conform, and `bench` (npm run bench), whose flags the tables declare. */
export const COMMAND_IDS = ['run', 'merge-reports', 'replay', 'checks', 'serve', 'wsdl', 'diff-wsdl', 'compare', 'shapes', 'verify-certificate', 'contract', 'proxy', 'bench'] as const;
export type CommandId = (typeof COMMAND_IDS)[number];

/** The .env file a command reads: `--env-file FILE`, or this variable in the environment (the name
 * Node and dotenv use for the flag; `npx -- tsiws-conform ...` keeps npx's own Node from reading it). */
export const ENV_FILE = { flag: 'env-file', env: 'TSIWS_ENV_FILE' } as const;

/** The config file run reads (issue 60): `--config FILE`, this variable, or the file of this name
 * found from the working folder upward to the repository's root (config-file.ts); and the named
 * target of it to use (`targets.NAME`). Like --env-file, they say where settings come from, so they
 * are no rows of the settings table. */
export const CONFIG_FILE = { flag: 'config', env: 'TSIWS_CONFIG', name: 'tsiws.config.json' } as const;
export const CONFIG_TARGET = { flag: 'target', env: 'TSIWS_TARGET' } as const;

/** The commands that take every setting of run: run itself, and replay (which re-runs a case as run would). */
export const RUN = ['run', 'replay'] as const satisfies readonly CommandId[];

/** What a run setting is about; a function takes the settings of the groups it needs (SettingsOf in
 * settings.ts), not all of them. target: what is tested; auth: the spec's authentication values and
 * their signing; safety: what protects a live target (mutations, load); access: how requests reach it
 * (transport level); generation: which requests are made; checks: how answers are judged; reports:
 * what is written and shown; execution: how the run is spread and bounded.
 * The order is the order of --help and of docs/cli.md: what a newcomer sets first comes first
 * (issue 50: --base-url, --signer and --allow-mutations must not hide among 66 flags). */
export const SETTING_GROUPS = ['target', 'auth', 'safety', 'access', 'generation', 'checks', 'reports', 'execution'] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number];

/** Each group's heading in --help and docs/cli.md: a few words, so the list reads as a table of contents. */
export const GROUP_HEADINGS: Readonly<Record<SettingGroup, string>> = {
  target: 'Target',
  auth: 'Signing (the spec\'s authentication values)',
  safety: 'Safety for live targets',
  access: 'Access (headers, credentials, proxy, TLS, time limits)',
  generation: 'Requests',
  checks: 'Checks and verdict',
  reports: 'Reports and console',
  execution: 'Execution',
};

export interface SettingSpec<K extends string, V> {
  readonly key: K;
  /** The run settings' group (settings.ts names one for every row; a command's own settings have none). */
  readonly group?: SettingGroup;
  readonly flag: string;
  /** Its environment variable (also read from .env). None: a choice of this one invocation (a mode
   * such as --json, an input file), which a deployment's configuration has no business setting. */
  readonly env?: string;
  /** A flag that takes no value (--echo); its variable takes true/false. */
  readonly boolean?: boolean;
  readonly help: string;
  /** How the default reads in --help and docs/cli.md, where the value itself does not say it
   * (e.g. "(embedded reference server)"); otherwise the help shows the default value. */
  readonly defaultText?: string;
  readonly secret?: boolean;
  /** The flag may be given more than once; its values are joined with a line break. */
  readonly multiple?: boolean;
  /** The help lists this catalog's names (known when the help is printed, as in parse). */
  readonly catalog?: keyof Catalogs;
  /** The commands that take it. */
  readonly commands: readonly CommandId[];
  /** Another flag name one command also accepts for it (merge-reports --reports-dir for --reports). */
  readonly alias?: { readonly command: CommandId; readonly flag: string };
  parse(text: string, source: string, catalogs: Catalogs): V;
}
