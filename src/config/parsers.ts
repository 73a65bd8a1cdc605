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

export function list<T extends string>(allowed: readonly T[], what: string) {
  return (text: string, source: string): T[] => {
    const items = text.split(',').map((s) => s.trim()).filter(Boolean);
    const unknown = items.filter((i) => !allowed.includes(i as T));
    if (unknown.length > 0) throw new ConfigError(`${source}: unknown ${what} ${unknown.map((u) => `${u}${didYouMean(u, allowed)}`).join(', ')}; expected a comma-separated list of ${allowed.join(', ')}`);
    if (items.length === 0) throw new ConfigError(`${source}: give at least one ${what}`);
    return items as T[];
  };
}

/** A list of names from one of the catalogs, known only when settings are resolved. */
export function listFrom(catalog: keyof Catalogs, what: string) {
  return (text: string, source: string, catalogs: Catalogs): string[] => list(catalogs[catalog], what)(text, source);
}

export function oneOf<T extends string>(allowed: readonly T[], what: string) {
  return (text: string, source: string): T => {
    const value = text.trim() as T;
    if (!allowed.includes(value)) throw new ConfigError(`${source}: unknown ${what} "${text}"${didYouMean(value, allowed)}; expected one of ${allowed.join(', ')}`);
    return value;
  };
}

export function bool(text: string, source: string): boolean {
  const t = text.trim().toLowerCase();
  if (['true', '1', 'on', 'yes'].includes(t)) return true;
  if (['false', '0', 'off', 'no'].includes(t)) return false;
  throw new ConfigError(`${source}: expected true or false, got "${text}"`);
}

export function seed(text: string, source: string): number {
  if (!/^-?\d+$/.test(text.trim()) || Math.abs(Number(text)) > 2 ** 31 - 1) throw new ConfigError(`${source}: expected a whole number between -2147483647 and 2147483647, got "${text}"`);
  return Number(text);
}

export function nonNegativeInt(text: string, source: string): number {
  if (!/^\d+$/.test(text.trim())) throw new ConfigError(`${source}: expected a whole number of 0 or more, got "${text}"`);
  return Number(text);
}

export function positiveInt(text: string, source: string): number {
  if (!/^\d+$/.test(text.trim()) || Number(text) < 1) throw new ConfigError(`${source}: expected a positive whole number, got "${text}"`);
  return Number(text);
}

/** A URL as it may be shown in a message: without the password it may carry. */
export const shownUrl = (text: string) => text.replace(/\/\/[^/@]*@/, '//<USER>:<PASSWORD>@');

export function url(text: string, source: string): string {
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    throw new ConfigError(`${source}: "${shownUrl(text)}" is not a URL; expected e.g. https://staging.example.com`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new ConfigError(`${source}: only http and https URLs are supported, got "${parsed.protocol}"`);
  if (parsed.search || parsed.hash) throw new ConfigError(`${source}: give the base URL without query or fragment ("${shownUrl(text)}")`);
  return text.replace(/\/+$/, '');
}

export function shard(text: string, source: string): Shard {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (!m || count < 1 || index < 1 || index > count) throw new ConfigError(`${source}: expected i/n with 1 <= i <= n (e.g. 2/4 for the second of four shards), got "${text}"`);
  return { index, count };
}

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
