/** Resolves settings once: defaults, then .env, then the environment, then flags. */
import { randomInt } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { parse as parseDotenv } from 'dotenv';
import { ConfigError, DEFAULTS, SETTINGS, type RunSettings } from './settings.js';

export interface ResolveInput {
  /** Flag values by flag name (without --), as util.parseArgs gives them. */
  readonly flags: Readonly<Record<string, string | boolean | undefined>>;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Path of the .env file; a missing default .env is fine, a missing explicit one is an error. */
  readonly envFile: string;
  readonly envFileExplicit: boolean;
}

function readEnvFile(path: string, explicit: boolean): Record<string, string> {
  if (!existsSync(path)) {
    if (explicit) throw new ConfigError(`--env-file: ${path} does not exist`);
    return {};
  }
  return parseDotenv(readFileSync(path));
}

const flagText = (v: string | boolean | undefined): string | undefined => (typeof v === 'boolean' ? String(v) : v);

type Setting = (typeof SETTINGS)[number];

/** A setting's value from the last layer that gives one (undefined: none does). */
function layered(s: Setting, input: ResolveInput, dotenv: Readonly<Record<string, string>>): unknown {
  let value: unknown;
  const layers: Array<[string | undefined, string]> = [
    [dotenv[s.env], `${s.env} in ${input.envFile}`],
    [input.env[s.env], `environment variable ${s.env}`],
    [flagText(input.flags[s.flag]), `--${s.flag}`],
  ];
  for (const [raw, source] of layers) {
    if (raw === undefined || raw === '') continue;
    value = s.parse(raw, source);
  }
  return value;
}

export function resolveSettings(input: ResolveInput): RunSettings {
  const dotenv = readEnvFile(input.envFile, input.envFileExplicit);
  // A fresh seed for every run that names none; it is printed and recorded so the run can be repeated.
  const out: Record<string, unknown> = { ...DEFAULTS, seed: randomInt(-(2 ** 31 - 1), 2 ** 31 - 1) };
  for (const s of SETTINGS) {
    const value = layered(s, input, dotenv);
    if (value !== undefined) out[s.key] = value;
  }
  return out as unknown as RunSettings;
}

/** One setting alone, for reporting a run whose settings as a whole are bad (where to write the
 * reports, in which console format): its default when no layer gives one, undefined when the
 * value given is bad too. */
export function resolveOne<K extends keyof RunSettings>(input: ResolveInput, key: K): RunSettings[K] | undefined {
  const s = SETTINGS.find((setting) => setting.key === key);
  let dotenv: Record<string, string> = {};
  try {
    dotenv = readEnvFile(input.envFile, input.envFileExplicit);
  } catch {
    // A missing --env-file is the error being reported; the other layers still count.
  }
  try {
    const value = s ? layered(s, input, dotenv) : undefined;
    return (value ?? DEFAULTS[key]) as RunSettings[K];
  } catch {
    return undefined;
  }
}
