/**
 * Waivers (issue 60, item 3): a known, accepted finding that does not fail the run until a date.
 * The entry's shape, its JSON Schema and its validation live here, so that `--waivers FILE` and
 * the config file's `waivers` sections (global and per named target) go through one path:
 * `waiversFrom(value, source)` gives the resolved `Waiver[]` or throws a ConfigError (exit 2) with
 * one line per problem, each with its JSON pointer. Matching findings is results/waivers.ts.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ErrorObject, Options, ValidateFunction } from 'ajv';
import { readableFile } from './access-settings.js';
import { ConfigError } from './errors.js';

export interface Waiver {
  /** The check id whose failed verdict is waived. */
  readonly check: string;
  readonly operation?: string;
  readonly transport?: string;
  /** A substring of the finding's message (case-sensitive, not a regular expression). */
  readonly message?: string;
  readonly reason: string;
  /** YYYY-MM-DD (UTC day): from this day on the finding fails again. */
  readonly expires: string;
  readonly ticket?: string;
}

/** How far ahead an expiry may be: a waiver is a debt with a date, not a second --skip-checks. */
export const MAX_WAIVER_DAYS = 366;

const text = { type: 'string', minLength: 1 } as const;

/** One entry's JSON Schema; the config file's schema embeds it for `waivers`. */
export const WAIVER_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['check', 'reason', 'expires'],
  properties: {
    check: { ...text, description: 'The check id whose failed verdict is waived (tsiws-conform checks lists them)' },
    operation: { ...text, description: 'Only this operation\'s findings' },
    transport: { ...text, description: 'Only this transport\'s findings (soap11, soap12, get, post, parity, ...)' },
    message: { ...text, description: 'Only findings whose message contains this text (case-sensitive substring)' },
    reason: { ...text, description: 'Why the finding is accepted: shown in every report and the certificate' },
    expires: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD (UTC): from this day on the finding fails the run again; at most a year ahead' },
    ticket: { ...text, description: 'A tracking reference, shown with the reason' },
  },
} as const;

export const WAIVERS_SCHEMA = { type: 'array', items: WAIVER_SCHEMA } as const;

/** The UTC day of `at`, YYYY-MM-DD: the day waivers' expiries are compared with. */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

type AjvConstructor = new (options: Options) => { compile(schema: object): ValidateFunction };
let compiled: ValidateFunction | undefined;
// ajv loads only when waivers are given: a run without them does not pay for it.
const validator = (): ValidateFunction => {
  const Ajv = (createRequire(import.meta.url)('ajv') as { default: AjvConstructor }).default;
  return (compiled ??= new Ajv({ allErrors: true, strict: true }).compile(WAIVERS_SCHEMA));
};

function describe(e: ErrorObject, at: string): string {
  const extra = e.keyword === 'additionalProperties' ? ` "${(e.params as { additionalProperty: string }).additionalProperty}"` : '';
  return `${at}${e.instancePath}: ${e.message ?? e.keyword}${extra}`;
}

/** Every problem of a waivers list, one line each, its JSON pointer first (`at`: where the list
 * is in its file, e.g. `/waivers` or `/targets/staging/waivers`). `today` is the run's UTC day. */
export function waiverProblems(value: unknown, at: string, today: string): string[] {
  const check = validator();
  if (!check(value)) return (check.errors ?? []).map((e) => describe(e, at));
  const latest = new Date(Date.parse(`${today}T00:00:00Z`) + MAX_WAIVER_DAYS * 86_400_000);
  const problems: string[] = [];
  (value as Waiver[]).forEach((w, i) => {
    const day = new Date(`${w.expires}T00:00:00Z`);
    if (Number.isNaN(day.getTime()) || dayOf(day) !== w.expires) problems.push(`${at}/${i}/expires: "${w.expires}" is not a calendar day`);
    else if (day > latest) problems.push(`${at}/${i}/expires: ${w.expires} is more than a year ahead (at most ${dayOf(latest)}); review the waiver within a year`);
  });
  return problems;
}

/** `value` as waivers, or a ConfigError naming `source` with one line per problem. */
export function waiversFrom(value: unknown, source: string, at: string, today = dayOf(new Date())): readonly Waiver[] {
  const problems = waiverProblems(value, at, today);
  if (problems.length > 0) throw new ConfigError(`${source}: ${problems.length === 1 ? 'a waiver is' : 'waivers are'} not valid:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  return value as Waiver[];
}

/** The setting's parser: a JSON file holding `{ "waivers": [...] }` (the config file's shape) or
 * the bare array. */
export function waiversFile(path: string, source: string, today = dayOf(new Date())): readonly Waiver[] {
  const file = readableFile(path, source);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new ConfigError(`${source}: ${file} is not JSON (${(err as Error).message})`);
  }
  if (Array.isArray(data)) return waiversFrom(data, `${source} (${file})`, '', today);
  const keys = data !== null && typeof data === 'object' ? Object.keys(data) : [];
  if (keys.length !== 1 || keys[0] !== 'waivers') throw new ConfigError(`${source}: ${file} must hold { "waivers": [...] } or an array of waivers${keys.length > 0 ? ` (found ${keys.map((k) => `"${k}"`).join(', ')})` : ''}`);
  return waiversFrom((data as { waivers: unknown }).waivers, `${source} (${file})`, '/waivers', today);
}
