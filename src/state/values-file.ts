/**
 * `--values FILE`: known-good values for a live system, which valid requests use beside the values
 * a run learns. Two forms, in one JSON object:
 *   { "accountnumber": "1001", "sonumber": ["5001", 5002] }          values per parameter
 *   { "records": [ { "accountnumber": "1001", "contactnumber": 2001 } ] }   values that belong together
 * Each value per parameter becomes a record of its own; each of `records` one record. Parameter names
 * are the contract's (any case); authentication parameters are refused: they come from --repnumber,
 * --sig, --mobilekey, --timestamp or --signer, and sig and mobilekey are secrets a pool would show.
 */
import { readFileSync } from 'node:fs';
import { AUTH_PARAMS } from '../contract/index.js';
import { ConfigError } from '../config/errors.js';
import { didYouMean } from '../config/suggest.js';
import type { LearnedRecord } from './learn.js';
import { POOL_PARAMS } from './params.js';

/** The `from` of a values file's records. */
export const VALUES_FILE_SOURCE = '--values';

const EXAMPLE = '{ "accountnumber": ["1001"], "records": [{ "accountnumber": "1001", "contactnumber": "2001" }] }';
const KNOWN = [...POOL_PARAMS];

export function readValuesFile(path: string): LearnedRecord[] {
  const fail = (what: string): never => {
    throw new ConfigError(`--values ${path}: ${what}`);
  };
  let text = '';
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    fail(`cannot read the file (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}); give a readable JSON file such as ${EXAMPLE}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    fail(`not JSON (${(err as Error).message}); give a JSON object such as ${EXAMPLE}`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) fail(`expected a JSON object of parameter names, such as ${EXAMPLE}`);
  const records: LearnedRecord[] = [];
  for (const [key, value] of Object.entries(data as object)) {
    if (key === 'records') {
      if (!Array.isArray(value)) fail('"records" must be an array of objects of parameter names and values');
      (value as unknown[]).forEach((r, i) => {
        const where = `records[${i}]`;
        if (typeof r !== 'object' || r === null || Array.isArray(r)) fail(`${where} is not an object of parameter names and values`);
        const fields = Object.fromEntries(Object.entries(r as object).map(([name, v]) => [paramName(name, where, fail), valueText(v, `${where}.${name}`, fail)]));
        if (Object.keys(fields).length > 0) records.push({ from: VALUES_FILE_SOURCE, fields });
      });
      continue;
    }
    const param = paramName(key, '', fail);
    const values = Array.isArray(value) ? value : [value];
    values.forEach((v, i) => records.push({ from: VALUES_FILE_SOURCE, fields: { [param]: valueText(v, Array.isArray(value) ? `${key}[${i}]` : key, fail) } }));
  }
  return records;
}

function paramName(name: string, where: string, fail: (what: string) => never): string {
  const lower = name.toLowerCase();
  const at = where ? ` in ${where}` : '';
  if (AUTH_PARAMS.includes(lower)) fail(`"${name}"${at} is an authentication parameter, not a value to reuse; give it with --${lower}${lower === 'repnumber' ? '' : ' or --signer'}`);
  if (!POOL_PARAMS.has(lower)) fail(`"${name}"${at} is no parameter of the contract${didYouMean(name, KNOWN)}`);
  return lower;
}

function valueText(v: unknown, where: string, fail: (what: string) => never): string {
  if (typeof v === 'string' && v !== '') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  const what = v === '' ? 'an empty string' : v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : typeof v;
  return fail(`the value of ${where} is ${what}; give a non-empty string, a number or a boolean${where.includes('[') || where.startsWith('records') ? '' : ' (or an array of them)'}`);
}
