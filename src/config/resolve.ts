/** Resolves settings once: defaults, then .env, then the environment, then flags. */
import { existsSync, readFileSync } from 'node:fs';
import { parse as parseDotenv } from 'dotenv';
import { ConfigError, DEFAULTS, SETTINGS, type RunSettings } from './settings.js';

export interface ResolveInput {
  /** Flag values by flag name (without --), as util.parseArgs gives them. */
  readonly flags: Readonly<Record<string, string | undefined>>;
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

export function resolveSettings(input: ResolveInput): RunSettings {
  const dotenv = readEnvFile(input.envFile, input.envFileExplicit);
  const out: Record<string, unknown> = { ...DEFAULTS };
  for (const s of SETTINGS) {
    const layers: Array<[string | undefined, string]> = [
      [dotenv[s.env], `${s.env} in ${input.envFile}`],
      [input.env[s.env], `environment variable ${s.env}`],
      [input.flags[s.flag], `--${s.flag}`],
    ];
    for (const [raw, source] of layers) {
      if (raw === undefined || raw === '') continue;
      out[s.key] = s.parse(raw, source);
    }
  }
  return out as unknown as RunSettings;
}
