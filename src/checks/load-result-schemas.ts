/**
 * `--result-schemas DIR`: the user's schemas of operation results, one file per operation,
 * `<Operation>.xsd` (the result text is an XML document) or `<Operation>.schema.json` (a JSON
 * document; JSON Schema draft-07, or 2020-12 when its "$schema" says so). Loaded and compiled once
 * per process (the CLI loads them before the run, so a broken file is bad usage naming it; each
 * test worker compiles them once on its first exchange). XML is parsed and validated with the
 * envelope's safe settings (src/decode/xml.ts: no entity expansion, no network); JSON with ajv.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { ErrorObject, Options, ValidateFunction } from 'ajv';
import { ConfigError } from '../config/errors.js';
import { didYouMean } from '../config/suggest.js';
import { operations } from '../contract/index.js';
import { compileSchema, parseXml } from '../decode/xml.js';
import { SCHEMA_SUFFIX } from '../shapes/render.js';

export interface ResultSchema {
  readonly file: string;
  readonly format: 'json' | 'xml';
  /** The violations of a result text (with where they are), or none. */
  validate(text: string): string[];
}

export type ResultSchemas = ReadonlyMap<string, ResultSchema>;

const { xml: XSD, json: JSON_SCHEMA } = SCHEMA_SUFFIX;
const FLAG = '--result-schemas';

// ajv is loaded with the first JSON schema, as libxmljs2 with the first XML: `tsiws-conform checks`
// and runs without --result-schemas load neither.
type AjvConstructor = new (options: Options) => { compile(schema: object): ValidateFunction };
const requireHere = createRequire(import.meta.url);
const ajvFor = (dialect: unknown): AjvConstructor => {
  const mod = (typeof dialect === 'string' && dialect.includes('2020-12') ? requireHere('ajv/dist/2020') : requireHere('ajv')) as { default: AjvConstructor };
  return mod.default;
};

/** ajv's error as a line: where, and what (the unexpected property named). */
function describeAjvError(e: ErrorObject): string {
  const where = e.instancePath === '' ? '(root)' : e.instancePath;
  const extra = e.keyword === 'additionalProperties' ? ` "${(e.params as { additionalProperty: string }).additionalProperty}"` : '';
  return `${where}: ${e.message ?? e.keyword}${extra}`;
}

function jsonSchema(file: string): ResultSchema {
  let schema: Record<string, unknown>;
  try {
    schema = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch (err) {
    throw new ConfigError(`${FLAG}: ${file} is not JSON (${(err as Error).message}); fix it or infer it again with tsiws-conform shapes infer`);
  }
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) throw new ConfigError(`${FLAG}: ${file} is not a JSON Schema (expected an object)`);
  let check: ValidateFunction;
  try {
    // strict: an unknown keyword (a typo such as "requird") is refused rather than ignored.
    const Ajv = ajvFor(schema['$schema']);
    check = new Ajv({ allErrors: true, strict: true, strictTypes: false, strictTuples: false, strictRequired: false }).compile(schema);
  } catch (err) {
    throw new ConfigError(`${FLAG}: ${file} is not a valid JSON Schema: ${(err as Error).message}`);
  }
  return {
    file,
    format: 'json',
    validate(text) {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (err) {
        return [`the result is not JSON: ${(err as Error).message}`];
      }
      return check(value) ? [] : (check.errors ?? []).map(describeAjvError);
    },
  };
}

function xsd(file: string): ResultSchema {
  const text = readFileSync(file, 'utf8');
  let schema: ReturnType<typeof compileSchema>;
  try {
    schema = compileSchema(text);
    // libxml2 builds the schema only when it validates: one validation now finds a broken one.
    schema.validateText('<probe/>');
  } catch (err) {
    throw new ConfigError(`${FLAG}: ${file} is not a valid XSD (${(err as Error).message.trim()}); fix it or infer it again with tsiws-conform shapes infer`);
  }
  return {
    file,
    format: 'xml',
    validate(result) {
      // Parsed first with the guard (xml-guard.ts): the result is the target's text.
      const parsed = parseXml(result);
      if (!parsed.ok) return [`the result is not XML: ${parsed.error}`];
      return schema.validateText(result);
    },
  };
}

/** Reads and compiles every schema in `dir`; a broken or misnamed file is a ConfigError naming it. */
export function loadResultSchemas(dir: string): ResultSchemas {
  if (!existsSync(dir)) throw new ConfigError(`${FLAG}: ${dir} does not exist; give the folder of <Operation>.xsd and <Operation>.schema.json files (tsiws-conform shapes infer writes one)`);
  const names = operations.map((o) => o.name);
  const out = new Map<string, ResultSchema>();
  for (const entry of readdirSync(dir).sort()) {
    const suffix = entry.endsWith(JSON_SCHEMA) ? JSON_SCHEMA : entry.endsWith(XSD) ? XSD : undefined;
    if (!suffix) continue; // a README or notes beside the schemas
    const operation = entry.slice(0, -suffix.length);
    const file = join(dir, entry);
    if (!names.includes(operation)) throw new ConfigError(`${FLAG}: ${file} is named for no operation: "${operation}"${didYouMean(operation, names)}; name it <Operation>${suffix}`);
    if (out.has(operation)) throw new ConfigError(`${FLAG}: ${dir} has both ${operation}${XSD} and ${operation}${JSON_SCHEMA}; keep the one for the format ${operation} answers in`);
    out.set(operation, suffix === XSD ? xsd(file) : jsonSchema(file));
  }
  return out;
}

const loaded = new Map<string, ResultSchemas>();

/** The schemas of `dir`, compiled once per process (each test worker compiles its own). */
export function resultSchemasFor(dir: string | undefined): ResultSchemas | undefined {
  if (dir === undefined) return undefined;
  let schemas = loaded.get(dir);
  if (!schemas) loaded.set(dir, (schemas = loadResultSchemas(dir)));
  return schemas;
}
