/**
 * tsiws.config.json (issue 60, item 2): run's settings by their flag names, named targets, waivers,
 * and per-operation and per-transport sections. Found from the working folder upward to the
 * repository's root (the folder holding .git), or named by --config FILE (TSIWS_CONFIG). The whole
 * file is checked against its schema (config-schema.ts) before any value is used: every problem is
 * one line, its JSON pointer and what was expected. `${VAR}` in a string is replaced by the
 * variable (environment, then .env); the file is never written, so a secret given so stays where it was.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { ErrorObject } from 'ajv';
import { configSchema, FILE_SETTINGS, SECTIONS } from './config-schema.js';
import { ConfigError } from './errors.js';
import { CONFIG_FILE, CONFIG_TARGET } from './setting.js';
import { closest, didYouMean } from './suggest.js';
import type { Waiver } from './waivers.js';

/** A value of the file, and where it is: its JSON pointer. */
export interface ConfigValue {
  readonly value: unknown;
  readonly pointer: string;
}

/** A waiver as the file gives it (waivers.ts's one entry shape), and where it is. */
export interface ConfigWaiver extends Waiver {
  /** The file and the JSON pointer of the entry: `tsiws.config.json#/targets/staging/waivers/0`. */
  readonly from: string;
}

/** A config file read for one run: the chosen target's values over the file's own. */
export interface ConfigLayer {
  /** The file as messages and reports name it (relative to the working folder when inside it). */
  readonly file: string;
  /** Its folder: relative paths in it are relative to this. */
  readonly dir: string;
  readonly target: string | undefined;
  /** Each setting's value by flag name. */
  readonly values: ReadonlyMap<string, ConfigValue>;
  /** per-operation and per-transport: section name (operation or transport) to flag to value. */
  readonly perOperation: ReadonlyMap<string, ReadonlyMap<string, ConfigValue>>;
  readonly perTransport: ReadonlyMap<string, ReadonlyMap<string, ConfigValue>>;
  readonly waivers: readonly ConfigWaiver[];
}

type Json = Record<string, unknown>;

/** tsiws.config.json in `cwd` or a folder above it, up to the first holding .git (the repository's
 * root; .git is a file in a worktree), or up to the filesystem's root outside a repository. */
export function findConfigFile(cwd: string): string | undefined {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const candidate = join(dir, CONFIG_FILE.name);
    if (existsSync(candidate)) return candidate;
    if (existsSync(join(dir, '.git')) || dirname(dir) === dir) return undefined;
  }
}

export interface ConfigInput {
  /** --config's value, TSIWS_CONFIG's, or undefined to look for the file. */
  readonly explicit?: { readonly path: string; readonly from: string };
  /** --target's value, TSIWS_TARGET's, or undefined. */
  readonly target?: { readonly name: string; readonly from: string };
  /** What ${VAR} may name: the environment over .env. */
  readonly vars: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
}

/** The config file of a run, or undefined when there is none (a --target then is an error). */
export function loadConfig(input: ConfigInput): ConfigLayer | undefined {
  const path = input.explicit ? resolve(input.cwd, input.explicit.path) : findConfigFile(input.cwd);
  if (input.explicit && !existsSync(path!)) throw new ConfigError(`${input.explicit.from}: ${path} does not exist; give the path of a ${CONFIG_FILE.name} file`);
  if (!path) {
    if (input.target) throw new ConfigError(`${input.target.from} ${input.target.name}: no ${CONFIG_FILE.name} was found from ${input.cwd} upward to the repository's root; give one with --${CONFIG_FILE.flag} FILE`);
    return undefined;
  }
  const shown = relative(input.cwd, path).startsWith('..') || isAbsolute(relative(input.cwd, path)) ? path : relative(input.cwd, path);
  const data = readJson(path, shown);
  const unset: string[] = [];
  const substituted = substitute(data, '', input.vars, unset) as Json;
  // A value whose variable is unset is that problem alone, not also its type's or pattern's; and
  // it is one only where the run reads it: another target's secrets need not be set for this one.
  const unsetAt = unset.map((line) => `${line.split(': ')[0]!}: `);
  const targets = pointerPart(SECTIONS.targets);
  const used = (line: string) => !line.startsWith(`${targets}/`) || (input.target !== undefined && line.startsWith(`${targets}${pointerPart(input.target.name)}/`));
  const problems = [...unset.filter(used), ...schemaProblems(substituted).filter((line) => !unsetAt.some((at) => line.startsWith(at)))];
  if (problems.length > 0) {
    throw new ConfigError(`${shown} is not valid (${problems.length} problem${problems.length === 1 ? '' : 's'}; see docs/cli.md, Config file):\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
  const targetName = chosenTarget(substituted, input.target, shown);
  return layerOf(substituted, shown, dirname(path), targetName);
}

function readJson(path: string, shown: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new ConfigError(`${shown}: cannot read it (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new ConfigError(`${shown}: not JSON (${(err as Error).message}); expected a JSON object of settings by flag name, e.g. { "base-url": "https://staging.example.com" }`);
  }
}

const VARIABLE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
const pointerPart = (key: string | number): string => `/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;

/** Every string with its ${VAR}s replaced; each unset one is a problem line naming its pointer. */
function substitute(value: unknown, pointer: string, vars: ConfigInput['vars'], unset: string[]): unknown {
  if (typeof value === 'string') {
    return value.replace(VARIABLE, (whole, name: string) => {
      const found = vars[name];
      if (found !== undefined) return found;
      unset.push(`${pointer || '/'}: \${${name}} is not set; set ${name} in the environment or in .env`);
      return whole;
    });
  }
  if (Array.isArray(value)) return value.map((v, i) => substitute(v, pointer + pointerPart(i), vars, unset));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, pointer + pointerPart(k), vars, unset)]));
  return value;
}

// ajv is loaded only when there is a file to check: a run without one, and --help, do without it.
type Validate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };
let validator: Validate | undefined;
function validate(): Validate {
  if (!validator) {
    const Ajv = (createRequire(import.meta.url)('ajv') as { default: new (options: object) => { compile(schema: object): Validate } }).default;
    validator = new Ajv({ allErrors: true, verbose: true, strict: true }).compile(configSchema());
  }
  return validator;
}

function schemaProblems(data: unknown): string[] {
  const check = validate();
  if (check(data)) return [];
  return [...new Set((check.errors ?? []).map(problemLine))];
}

/** One ajv error as a line: the pointer of the value (of the key, for an unknown or missing key), and what was expected. */
export function problemLine(e: ErrorObject): string {
  const at = (key?: string) => `${e.instancePath}${key === undefined ? '' : pointerPart(key)}` || '/';
  const known = Object.keys((e.parentSchema as { properties?: object } | undefined)?.properties ?? {});
  switch (e.keyword) {
    case 'additionalProperties': {
      const key = (e.params as { additionalProperty: string }).additionalProperty;
      const match = closest(key, known);
      return `${at(key)}: unknown key "${key}"${match ? `; did you mean "${match}"?` : known.length > 0 ? `; expected one of ${known.filter((k) => k !== '$schema').join(', ')}` : ''}`;
    }
    case 'required':
      return `${at((e.params as { missingProperty: string }).missingProperty)}: missing; it is required`;
    case 'type':
      return `${at()}: expected ${(e.params as { type: string }).type === 'integer' ? 'a whole number' : `a JSON ${(e.params as { type: string }).type}`}, got ${jsonType(e.data)}`;
    case 'enum': {
      const allowed = (e.params as { allowedValues: string[] }).allowedValues;
      return `${at()}: expected one of ${allowed.join(', ')}${typeof e.data === 'string' ? didYouMean(e.data, allowed) : ''}`;
    }
    case 'pattern':
      return `${at()}: expected ${PATTERN_WORDS[(e.params as { pattern: string }).pattern] ?? `text matching ${(e.params as { pattern: string }).pattern}`}`;
    case 'minimum':
    case 'maximum':
      return `${at()}: expected a number ${e.keyword === 'minimum' ? 'of at least' : 'of at most'} ${(e.params as { limit: number }).limit}`;
    case 'minItems':
      return `${at()}: expected at least one item`;
    case 'minLength':
      return `${at()}: expected a non-empty string`;
    default:
      return `${at()}: ${e.message ?? 'not valid'}`;
  }
}

/** The schema's patterns in words; a value is never repeated (it may be a secret from ${VAR}). */
const PATTERN_WORDS: Readonly<Record<string, string>> = {
  '^\\d{4}-\\d{2}-\\d{2}$': 'a date YYYY-MM-DD',
  '^https?://': 'an http or https URL, e.g. https://staging.example.com',
  '^\\d+/\\d+$': 'i/n, e.g. 2/4',
  '^[A-Za-z0-9_.-]+$': 'a target name of letters, digits, _, . and -',
};

const jsonType = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : typeof v === 'number' ? `a number` : `a ${typeof v}`);

function chosenTarget(data: Json, target: ConfigInput['target'], shown: string): string | undefined {
  if (!target) return undefined;
  const names = Object.keys((data[SECTIONS.targets] as Json | undefined) ?? {});
  if (names.includes(target.name)) return target.name;
  const listed = names.length > 0 ? `; its targets are ${names.join(', ')}` : `, which has no "${SECTIONS.targets}"`;
  throw new ConfigError(`${target.from} ${target.name}: no such target in ${shown}${didYouMean(target.name, names)}${listed}`);
}

/** The values a run takes from the file: the target's over the file's own. */
function layerOf(data: Json, file: string, dir: string, target: string | undefined): ConfigLayer {
  const targetPointer = target === undefined ? undefined : `${pointerPart(SECTIONS.targets)}${pointerPart(target)}`;
  const scopes: Array<[Json, string]> = [[data, ''], ...(target === undefined ? [] : [[(data[SECTIONS.targets] as Json)[target] as Json, targetPointer!] as [Json, string]])];
  const values = new Map<string, ConfigValue>();
  for (const [scope, at] of scopes) {
    for (const s of FILE_SETTINGS) if (scope[s.flag] !== undefined) values.set(s.flag, { value: scope[s.flag], pointer: `${at}${pointerPart(s.flag)}` });
  }
  const sections = (name: string) => {
    const out = new Map<string, Map<string, ConfigValue>>();
    for (const [scope, at] of scopes) {
      for (const [section, given] of Object.entries((scope[name] as Record<string, Json> | undefined) ?? {})) {
        const into = out.get(section) ?? new Map<string, ConfigValue>();
        for (const [flag, value] of Object.entries(given)) into.set(flag, { value, pointer: `${at}${pointerPart(name)}${pointerPart(section)}${pointerPart(flag)}` });
        out.set(section, into);
      }
    }
    return out;
  };
  const waivers = scopes.flatMap(([scope, at]) => ((scope[SECTIONS.waivers] as Json[] | undefined) ?? []).map((w, i) => ({ ...w, from: `${file}#${at}${pointerPart(SECTIONS.waivers)}${pointerPart(i)}` }) as ConfigWaiver));
  return { file, dir, target, values, perOperation: sections(SECTIONS.perOperation), perTransport: sections(SECTIONS.perTransport), waivers };
}

/** Where --config and --target come from: the flag, else the variable (environment, then .env). */
export function configInputOf(flags: Readonly<Record<string, unknown>>, vars: Readonly<Record<string, string | undefined>>, dotenv: Readonly<Record<string, string>>, cwd: string): ConfigInput {
  const pick = (spec: { flag: string; env: string }) => {
    const flag = flags[spec.flag];
    if (typeof flag === 'string' && flag !== '') return { value: flag, from: `--${spec.flag}` };
    const variable = vars[spec.env] || dotenv[spec.env];
    return variable ? { value: variable, from: vars[spec.env] ? spec.env : `${spec.env} in .env` } : undefined;
  };
  const config = pick(CONFIG_FILE);
  const target = pick(CONFIG_TARGET);
  return {
    ...(config ? { explicit: { path: config.value, from: config.from } } : {}),
    ...(target ? { target: { name: target.value, from: target.from } } : {}),
    vars: { ...dotenv, ...vars },
    cwd,
  };
}
