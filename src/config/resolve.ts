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

export function resolveSettings(input: ResolveInput): RunSettings {
  const dotenv = readEnvFile(input.envFile, input.envFileExplicit);
  // A fresh seed for every run that names none; it is printed and recorded so the run can be repeated.
  const out: Record<string, unknown> = { ...DEFAULTS, seed: randomInt(-(2 ** 31 - 1), 2 ** 31 - 1) };
  for (const s of SETTINGS) {
    const layers: Array<[string | undefined, string]> = [
      [dotenv[s.env], `${s.env} in ${input.envFile}`],
      [input.env[s.env], `environment variable ${s.env}`],
      [flagText(input.flags[s.flag]), `--${s.flag}`],
    ];
    for (const [raw, source] of layers) {
      if (raw === undefined || raw === '') continue;
      out[s.key] = s.parse(raw, source);
    }
  }
  return out as unknown as RunSettings;
}
