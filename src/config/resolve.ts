/** Resolves a command's settings once: defaults, then .env, then the environment, then flags. Every
 * command's flags, variables and .env are read here, from the tables (commands.ts). */
import { randomInt } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { parse as parseDotenv } from 'dotenv';
import { HEADER_SEPARATOR, splitUserinfo } from './access-settings.js';
import { parseCommandLine, type Flags } from './args.js';
import { ALL_DEFAULTS, ALL_SETTINGS, aliasIn, optionsOf, settingsOf, takesPositionals, type AnySetting, type CommandId, type CommandSettings } from './commands.js';
import { configInputOf, loadConfig, type ConfigLayer, type ConfigWaiver } from './config-file.js';
import { isPathSetting, SCOPED_SETTINGS, type FileSetting } from './config-schema.js';
import { ConfigError, type Catalogs, type RunSettings, type Scoped, type ScopedSettings } from './settings.js';
import { CONFIG_FILE, CONFIG_TARGET, ENV_FILE, RUN } from './setting.js';
import { closest } from './suggest.js';
import { dayOf, waiverProblems, type Waiver } from './waivers.js';

export interface ResolveInput {
  /** Flag values by flag name (without --), as util.parseArgs gives them. */
  readonly flags: Readonly<Record<string, string | boolean | string[] | undefined>>;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Path of the .env file; a missing default .env is fine, a missing explicit one is an error. */
  readonly envFile: string;
  readonly envFileExplicit: boolean;
  /** What named an explicit one, for its error: --env-file (the default) or TSIWS_ENV_FILE. */
  readonly envFileFrom?: string;
  /** The check ids and rule names --checks, --skip-checks and --normalise may give. */
  readonly catalogs: Catalogs;
  /** Resolve only these settings (the rest keep their defaults): to learn, say, which checks module
   * adds to the catalogs before the settings that name checks are parsed. */
  readonly only?: readonly string[];
  /** Where warnings go (a misspelt TSIWS_ variable); they never stop the run. */
  readonly warn?: (line: string) => void;
  /** Where tsiws.config.json is looked for (and --config is relative to); the process's by default. */
  readonly cwd?: string;
}

function readEnvFile(path: string, explicit: boolean, from = `--${ENV_FILE.flag}`): Record<string, string> {
  if (!existsSync(path)) {
    if (explicit) throw new ConfigError(`${from}: ${path} does not exist; give the path of an existing .env file`);
    return {};
  }
  return parseDotenv(readFileSync(path));
}

const flagText = (v: string | boolean | string[] | undefined): string | undefined => (typeof v === 'boolean' ? String(v) : Array.isArray(v) ? v.join(HEADER_SEPARATOR) : v);

const KNOWN_VARIABLES = [...ALL_SETTINGS.flatMap((s) => ('env' in s && s.env !== undefined ? [s.env] : [])), ENV_FILE.env, CONFIG_FILE.env, CONFIG_TARGET.env];

/** A TSIWS_ variable no setting reads is most likely a typo: say so, and what was meant. */
function warnUnknownVariables(layers: Array<[Readonly<Record<string, string | undefined>>, string]>, warn: (line: string) => void): void {
  for (const [vars, where] of layers) {
    for (const name of Object.keys(vars)) {
      if (!name.startsWith('TSIWS_') || (KNOWN_VARIABLES as readonly string[]).includes(name)) continue;
      const match = closest(name, KNOWN_VARIABLES);
      warn(`tsiws-conform: WARNING: ${where} sets ${name}, which no setting reads${match ? `; did you mean ${match}?` : ' (see tsiws-conform run --help)'}`);
    }
  }
}

/** The standard proxy variables (curl, undici), for the target's scheme; TSIWS_PROXY and --proxy win. */
function standardProxy(baseUrl: string, vars: Readonly<Record<string, string | undefined>>): { proxy?: string; noProxy?: string } {
  const pick = (...names: string[]) => names.map((n) => vars[n]).find((v) => v !== undefined && v !== '');
  const proxy = baseUrl.startsWith('https:') ? pick('https_proxy', 'HTTPS_PROXY') : pick('http_proxy', 'HTTP_PROXY');
  const noProxy = pick('no_proxy', 'NO_PROXY');
  return { ...(proxy ? { proxy } : {}), ...(noProxy ? { noProxy } : {}) };
}

/** A config file's value as the text a flag would give: a list joined as the flag's variable
 * joins it, a relative path made relative to the file's folder. */
function fileText(s: AnySetting, value: unknown, dir: string): string {
  if (Array.isArray(value)) return value.map(String).join('multiple' in s && s.multiple ? HEADER_SEPARATOR : ',');
  if (typeof value === 'string' && value !== '' && isPathSetting(s as FileSetting) && !isAbsolute(value)) return resolve(dir, value);
  return String(value);
}

/** A setting's value from the last layer that gives one, and that layer (undefined: none does).
 * Only the winning layer is parsed: a stale file path in .env must not fail a run whose flag replaces it. */
function layered(s: AnySetting, input: ResolveInput, dotenv: Readonly<Record<string, string>>, command: CommandId, config?: ConfigLayer): { value: unknown; source: string } | undefined {
  const env = 'env' in s ? s.env : undefined;
  const alias = aliasIn(s, command);
  const flag: [string | undefined, string] = alias && input.flags[alias] !== undefined ? [flagText(input.flags[alias]), `--${alias}`] : [flagText(input.flags[s.flag]), `--${s.flag}`];
  const inFile = config?.values.get(s.flag);
  const layers: Array<[string | undefined, string]> = [
    ...(inFile ? [[fileText(s, inFile.value, config!.dir), `${config!.file}#${inFile.pointer}`]] as Array<[string, string]> : []),
    ...(env === undefined ? [] : [[dotenv[env], `${env} in ${input.envFile}`], [input.env[env], `environment variable ${env}`]] as Array<[string | undefined, string]>),
    flag,
  ];
  const winner = layers.filter(([raw]) => raw !== undefined && raw !== '').at(-1);
  return winner ? { value: s.parse(winner[0]!, winner[1], input.catalogs), source: winner[1] } : undefined;
}

/** The config file of a command that reads one (run and replay): --config, TSIWS_CONFIG, or found. */
function configOf(command: CommandId, input: ResolveInput, dotenv: Readonly<Record<string, string>>): ConfigLayer | undefined {
  if (!(RUN as readonly CommandId[]).includes(command)) return undefined;
  return loadConfig(configInputOf(input.flags, input.env, dotenv, input.cwd ?? process.cwd()));
}

/** The per-operation and per-transport sections, each value parsed as its flag's would be. */
function scopedOf(config: ConfigLayer, catalogs: Catalogs, withSla: boolean): Scoped | undefined {
  if (config.perOperation.size === 0 && config.perTransport.size === 0) return undefined;
  const parse = (sections: ConfigLayer['perOperation']): Record<string, ScopedSettings> => Object.fromEntries([...sections].map(([name, given]) => [name, Object.fromEntries([...given].flatMap(([flag, { value, pointer }]) => {
    const s = SCOPED_SETTINGS.find((setting) => setting.flag === flag)!;
    return s.key === 'slaMs' && !withSla ? [] : [[s.key, s.parse(fileText(s, value, config.dir), `${config.file}#${pointer}`, catalogs)]];
  }))]));
  return { operations: parse(config.perOperation), transports: parse(config.perTransport) };
}

/** Run's settings (and replay's: the same table). */
export function resolveSettings(input: ResolveInput): RunSettings {
  return resolveCommand('run', input);
}

/** The settings of `command`: those it takes from the layers, every other one its default. */
export function resolveCommand(command: CommandId, input: ResolveInput): CommandSettings {
  const taken = settingsOf(command);
  // A command that reads no variable reads no .env either (and warns about none).
  const reads = taken.some((s) => 'env' in s && s.env !== undefined);
  const dotenv = reads ? readEnvFile(input.envFile, input.envFileExplicit, input.envFileFrom) : {};
  if (input.warn && reads) warnUnknownVariables([[dotenv, input.envFile], [input.env, 'the environment']], input.warn);
  const config = configOf(command, input, dotenv);
  // A fresh seed for every run that names none; it is printed and recorded so the run can be repeated.
  const out: Record<string, unknown> = { ...ALL_DEFAULTS, seed: randomInt(-(2 ** 31 - 1), 2 ** 31 - 1) };
  const sources: Record<string, string> = {};
  for (const s of taken) {
    if (input.only && !input.only.includes(s.key)) continue;
    const given = layered(s, input, dotenv, command, config);
    if (given === undefined) continue;
    out[s.key] = given.value;
    sources[s.key] = given.source;
  }
  // The sections name checks: read once the catalogs are whole (a first pass for --checks-module has `only`).
  if (config && !input.only) {
    // --sla-ms from a flag or a variable wins over the file's sections too (flag > environment > config).
    const slaFromFile = sources['slaMs'] === undefined || sources['slaMs'].startsWith(`${config.file}#`);
    const scoped = scopedOf(config, input.catalogs, slaFromFile);
    if (scoped) out['scoped'] = scoped;
    // The file's waivers (its own, then its target's) apply beside those of --waivers FILE.
    if (config.waivers.length > 0) out['waivers'] = [...(out['waivers'] as readonly Waiver[]), ...configWaivers(config.waivers)];
  }
  if ((RUN as readonly CommandId[]).includes(command)) out['sources'] = sources;
  return finishAccess(out as unknown as CommandSettings, new Set(Object.keys(sources)), { ...dotenv, ...input.env });
}

/** A command line as the command's settings read it: flags by name, positionals, and --help. */
export interface CommandLine {
  readonly flags: Flags;
  readonly positionals: string[];
  readonly help: boolean;
}

/** Parses a command's arguments against its flags in the tables; an unknown or malformed flag is a ConfigError. */
export function readCommandLine(command: CommandId, argv: readonly string[]): CommandLine {
  const { flags, positionals } = parseCommandLine(command, argv, optionsOf(command), takesPositionals(command));
  const { help, ...rest } = flags;
  return { flags: rest, positionals, help: help === true };
}

/** The input of resolveCommand for a command line: its --env-file (else TSIWS_ENV_FILE, else .env)
 * and the process's environment. */
export function inputFor(flags: ResolveInput['flags'], env: ResolveInput['env'], catalogs: Catalogs, warn?: (line: string) => void): ResolveInput {
  const flag = flags[ENV_FILE.flag];
  const variable = env[ENV_FILE.env];
  const [envFile, envFileFrom] = typeof flag === 'string' ? [flag, `--${ENV_FILE.flag}`] : variable ? [variable, ENV_FILE.env] : ['.env', undefined];
  return { flags, env, envFile, envFileExplicit: envFileFrom !== undefined, ...(envFileFrom ? { envFileFrom } : {}), catalogs, ...(warn ? { warn } : {}) };
}

/** The access settings that depend on others: URL credentials, the standard proxy variables, --cert with --key. */
function finishAccess(settings: CommandSettings, given: ReadonlySet<string>, vars: Readonly<Record<string, string | undefined>>): CommandSettings {
  let out = settings;
  // The access settings are the target's: run's --base-url, or the proxy's --target.
  for (const key of ['baseUrl', 'target'] as const) {
    const given = out[key];
    if (!given) continue;
    // user:password in the URL means --auth; the URL is shown everywhere, so it loses them (--auth wins).
    const { baseUrl, auth } = splitUserinfo(given);
    out = { ...out, [key]: baseUrl, auth: out.auth ?? auth };
    const standard = standardProxy(baseUrl, vars);
    out = { ...out, proxy: out.proxy ?? standard.proxy, noProxy: out.noProxy ?? standard.noProxy };
  }
  // --stateful chooses which embedded server answers: with a target of its own it would do nothing.
  if (out.stateful && out.baseUrl) {
    throw new ConfigError('--stateful: it starts the embedded stateful service, and --base-url names a target; give one of them (a given target\'s state is handled with --allow-mutations)');
  }
  if (out.auth && Object.keys(out.headers).some((n) => n.toLowerCase() === 'authorization')) {
    throw new ConfigError('--auth: an Authorization --header is given too; give one of them');
  }
  if (given.has('cert') !== given.has('key')) {
    throw new ConfigError(given.has('cert') ? '--cert: give the client certificate\'s private key with --key (TSIWS_KEY) too' : '--key: give the client certificate with --cert (TSIWS_CERT) too');
  }
  return finishReference(out, given);
}

/** The reference's settings that depend on others (issue 38). A reference without --base-url is
 * allowed: the embedded server is then the candidate (how the tests pair two local services). */
function finishReference(settings: CommandSettings, given: ReadonlySet<string>): CommandSettings {
  let out = settings;
  if (out.referenceSecondaryUrl && !out.referenceUrl) throw new ConfigError('--reference-secondary-url: a second copy of the reference needs the first; give --reference-url (TSIWS_REFERENCE_URL) too');
  for (const [key, flag] of [['referenceUrl', '--reference-url'], ['referenceSecondaryUrl', '--reference-secondary-url']] as const) {
    const given = out[key];
    if (!given) continue;
    // user:password in the URL means --reference-auth, as for --base-url; the URL is shown everywhere.
    const split = splitUserinfo(given);
    out = { ...out, [key]: split.baseUrl, referenceAuth: out.referenceAuth ?? split.auth };
    if (out.baseUrl && sameUrl(out.baseUrl, split.baseUrl)) throw new ConfigError(`${flag}: it names the target itself (--base-url); give the URL of another deployment, the one you trust`);
  }
  if (out.referenceUrl && out.referenceSecondaryUrl && sameUrl(out.referenceUrl, out.referenceSecondaryUrl)) throw new ConfigError('--reference-secondary-url: it names the same deployment as --reference-url; give a second copy, or leave it out and the reference answers each case twice');
  if (given.has('referenceCert') !== given.has('referenceKey')) {
    throw new ConfigError(given.has('referenceCert') ? '--reference-cert: give its private key with --reference-key (TSIWS_REFERENCE_KEY) too' : '--reference-key: give the client certificate with --reference-cert (TSIWS_REFERENCE_CERT) too');
  }
  const auth = out.referenceAuth ?? out.auth;
  if (auth && Object.keys(out.referenceHeaders ?? out.headers).some((n) => n.toLowerCase() === 'authorization')) {
    throw new ConfigError('--reference-auth: the reference would get an Authorization header and HTTP Basic credentials both (from --reference-header or --header, and --reference-auth, --auth or its URL); give one of them');
  }
  return out;
}

const sameUrl = (a: string, b: string): boolean => new URL(a).href.replace(/\/+$/, '') === new URL(b).href.replace(/\/+$/, '');

/** One setting alone, for reporting a run whose settings as a whole are bad (where to write the
 * reports, in which console format, the target): its default when no layer gives one, undefined
 * when the value given is bad too. A URL loses its user:password here as in finishAccess, since
 * the reports show it. */
export function resolveOne<K extends keyof RunSettings>(input: ResolveInput, key: K, command: CommandId = 'run'): RunSettings[K] | undefined {
  const s = settingsOf(command).find((setting) => setting.key === key);
  let dotenv: Record<string, string> = {};
  try {
    dotenv = readEnvFile(input.envFile, input.envFileExplicit, input.envFileFrom);
  } catch {
    // A missing --env-file is the error being reported; the other layers still count.
  }
  let config: ConfigLayer | undefined;
  try {
    config = configOf(command, input, dotenv);
  } catch {
    // A config file that is not valid may be the error being reported; the flags and variables still count.
  }
  try {
    const value = s ? layered(s, input, dotenv, command, config)?.value : undefined;
    if ((key === 'baseUrl' || key === 'referenceUrl' || key === 'referenceSecondaryUrl') && typeof value === 'string') return splitUserinfo(value).baseUrl as RunSettings[K];
    return (value ?? ALL_DEFAULTS[key]) as RunSettings[K];
  } catch {
    return undefined;
  }
}

/** The config file's waivers as the run applies them. The schema has checked their fields; the
 * expiry's distance (at most a year ahead) is checked here, each problem at its entry's pointer. */
function configWaivers(list: readonly ConfigWaiver[]): Waiver[] {
  const today = dayOf(new Date());
  const problems: string[] = [];
  const waivers = list.map(({ from, ...waiver }) => {
    problems.push(...waiverProblems([waiver], '', today).map((p) => `${from}${p.replace(/^\/0/, '')}`));
    return waiver;
  });
  if (problems.length > 0) throw new ConfigError(`${problems.length === 1 ? 'a waiver is' : 'waivers are'} not valid:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  return waivers;
}

