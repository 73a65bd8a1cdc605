/** The parsers of setting values, shared by every command's settings: each takes the raw text and
 * where it came from (a flag, a variable, a .env line), and says in one line what was expected. */
import { existsSync, statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { ConfigError } from './errors.js';
import { didYouMean } from './suggest.js';

/** Part `index` (1-based) of `count`. */
export interface Shard {
  readonly index: number;
  readonly count: number;
}

/** The names some settings choose from, owned by layers above this one: the check registry's ids
 * and the parity comparison's named rules. Whoever resolves settings passes them in
 * (src/checks/catalogs.ts), so loading the configuration loads no check and no XML library. */
export interface Catalogs {
  readonly checks: readonly string[];
  readonly normalise: readonly string[];
}

/** A JSON Schema fragment: what a config file may give for a setting (config-schema.ts). */
export type JsonSchema = Readonly<Record<string, unknown>>;

// The schema a parser's values have in a config file, kept beside the parser so that the file's
// schema is generated from the settings table's own parsers (config-schema.ts), never listed twice.
const valueSchemas = new WeakMap<object, JsonSchema>();
/** `parse`, remembered with the JSON Schema of the values a config file gives it. */
export function withSchema<F extends object>(parse: F, schema: JsonSchema): F {
  valueSchemas.set(parse, schema);
  return parse;
}
/** The JSON Schema withSchema remembered for a parser; undefined: any string. */
export const valueSchemaOf = (parse: object): JsonSchema | undefined => valueSchemas.get(parse);

export function list<T extends string>(allowed: readonly T[], what: string) {
  return withSchema((text: string, source: string): T[] => {
    const items = text.split(',').map((s) => s.trim()).filter(Boolean);
    const unknown = items.filter((i) => !allowed.includes(i as T));
    if (unknown.length > 0) throw new ConfigError(`${source}: unknown ${what} ${unknown.map((u) => `${u}${didYouMean(u, allowed)}`).join(', ')}; expected a comma-separated list of ${allowed.join(', ')}`);
    if (items.length === 0) throw new ConfigError(`${source}: give at least one ${what}`);
    return items as T[];
  }, { type: 'array', items: { type: 'string', enum: allowed }, minItems: 1 });
}

/** A list of names from one of the catalogs, known only when settings are resolved. */
export function listFrom(catalog: keyof Catalogs, what: string) {
  // The names are known only when settings are resolved (a checks module adds some): any strings here.
  return withSchema((text: string, source: string, catalogs: Catalogs): string[] => list(catalogs[catalog], what)(text, source), { type: 'array', items: { type: 'string' }, minItems: 1 });
}

export function oneOf<T extends string>(allowed: readonly T[], what: string) {
  return withSchema((text: string, source: string): T => {
    const value = text.trim() as T;
    if (!allowed.includes(value)) throw new ConfigError(`${source}: unknown ${what} "${text}"${didYouMean(value, allowed)}; expected one of ${allowed.join(', ')}`);
    return value;
  }, { type: 'string', enum: allowed });
}

export const bool = withSchema(function bool(text: string, source: string): boolean {
  const t = text.trim().toLowerCase();
  if (['true', '1', 'on', 'yes'].includes(t)) return true;
  if (['false', '0', 'off', 'no'].includes(t)) return false;
  throw new ConfigError(`${source}: expected true or false, got "${text}"`);
}, { type: 'boolean' });

export const seed = withSchema(function seed(text: string, source: string): number {
  if (!/^-?\d+$/.test(text.trim()) || Math.abs(Number(text)) > 2 ** 31 - 1) throw new ConfigError(`${source}: expected a whole number between -2147483647 and 2147483647, got "${text}"`);
  return Number(text);
}, { type: 'integer', minimum: -(2 ** 31 - 1), maximum: 2 ** 31 - 1 });

export const nonNegativeInt = withSchema(function nonNegativeInt(text: string, source: string): number {
  if (!/^\d+$/.test(text.trim())) throw new ConfigError(`${source}: expected a whole number of 0 or more, got "${text}"`);
  return Number(text);
}, { type: 'integer', minimum: 0 });

export const positiveInt = withSchema(function positiveInt(text: string, source: string): number {
  if (!/^\d+$/.test(text.trim()) || Number(text) < 1) throw new ConfigError(`${source}: expected a positive whole number, got "${text}"`);
  return Number(text);
}, { type: 'integer', minimum: 1 });

/** A URL as it may be shown in a message: without the password it may carry. */
export const shownUrl = (text: string) => text.replace(/\/\/[^/@]*@/, '//<USER>:<PASSWORD>@');

export const url = withSchema(function url(text: string, source: string): string {
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    throw new ConfigError(`${source}: "${shownUrl(text)}" is not a URL; expected e.g. https://staging.example.com`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new ConfigError(`${source}: only http and https URLs are supported, got "${parsed.protocol}"`);
  if (parsed.search || parsed.hash) throw new ConfigError(`${source}: give the base URL without query or fragment ("${shownUrl(text)}")`);
  return text.replace(/\/+$/, '');
}, { type: 'string', pattern: '^https?://' });

export const shard = withSchema(function shard(text: string, source: string): Shard {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (!m || count < 1 || index < 1 || index > count) throw new ConfigError(`${source}: expected i/n with 1 <= i <= n (e.g. 2/4 for the second of four shards), got "${text}"`);
  return { index, count };
}, { type: 'string', pattern: '^\\d+/\\d+$' });

export const text = (t: string) => t;
export const path = (t: string) => (isAbsolute(t) ? t : resolve(t));

/** An existing folder (its files are read when the run starts, by whoever uses it). */
export function directory(text: string, source: string): string {
  const p = path(text);
  if (!existsSync(p) || !statSync(p).isDirectory()) throw new ConfigError(`${source}: ${p} is not a folder; give the folder of <Operation>.xsd and <Operation>.schema.json files (tsiws-conform shapes infer writes one)`);
  return p;
}

/** A regular expression (JavaScript syntax), kept as its source text: a run's settings cross to the
 * suites' workers as plain data. */
export function regex(text: string, source: string): string {
  if (text === '') throw new ConfigError(`${source}: give a regular expression, e.g. '"ok"\\s*:\\s*false'`);
  try {
    new RegExp(text);
  } catch (err) {
    throw new ConfigError(`${source}: not a valid regular expression: ${(err as Error).message}`);
  }
  return text;
}
