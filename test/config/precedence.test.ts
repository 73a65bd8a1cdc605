/** Every setting resolves in one order: default < .env < environment < flag. Table-driven: each
 * setting has three valid values, one per layer; a setting added without a row fails the test. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { resolveSettings } from '../../src/config/resolve.js';
import { DEFAULTS, defaultTextOf, SETTINGS, type RunSettings } from '../../src/config/settings.js';
import { CATALOGS } from '../../src/engine/catalogs.js';

const dir = mkdtempSync(join(tmpdir(), 'tsiws-precedence-'));
const file = (name: string) => {
  const path = join(dir, name);
  writeFileSync(path, name.endsWith('.json') ? '[]' : 'x');
  return path;
};
const [f1, f2, f3] = ['one', 'two', 'three'].map(file) as [string, string, string];
const [j1, j2, j3] = ['one.json', 'two.json', 'three.json'].map(file) as [string, string, string];

/** Three valid raw values per setting: what .env, the environment and the flag give. A boolean
 * flag takes no value: present means true, so its row ends on "true". */
const VALUES: Record<keyof RunSettings, readonly [string, string, string]> = {
  baseUrl: ['http://one.example', 'http://two.example', 'http://three.example'],
  namespace: ['urn:one', 'urn:two', 'urn:three'],
  transports: ['soap11', 'soap12,get', 'post'],
  operations: ['MobileAccountSearch', 'MobileContactSearch', 'MobileTasksList'],
  reportsDir: [f1, f2, f3],
  repnumber: ['4', '5', '6'],
  timestamp: ['t1', 't2', 't3'],
  sig: ['s1', 's2', 's3'],
  mobilekey: ['m1', 'm2', 'm3'],
  signer: [f1, f2, f3],
  timeoutMs: ['100', '200', '300'],
  maxResponseBytes: ['1000', '2000', '3000'],
  concurrency: ['1', '2', '3'],
  failOn: ['warning', 'error', 'warning'],
  profile: ['lenient', 'strict', 'asmx'],
  checks: ['xsd-valid', 'content-type', 'http-status-200'],
  skipChecks: ['xsd-valid', 'content-type', 'http-status-200'],
  slaMs: ['10', '20', '30'],
  seed: ['1', '2', '3'],
  runs: ['1', '2', '3'],
  maxStringLength: ['10', '20', '30'],
  maxDurationS: ['10', '20', '30'],
  echo: ['true', 'false', 'true'],
  resultFormat: ['xml', 'json', 'xml'],
  checksModule: [f1, f2, f3],
  normalise: ['timestamps', 'guids', 'trailing-whitespace'],
  normaliseFile: [j1, j2, j3],
  suites: ['positive', 'negative', 'fuzz'],
  retries: ['1', '2', '3'],
  rate: ['10', '20', '30'],
  allowMutations: ['true', 'false', 'true'],
  showSecrets: ['true', 'false', 'true'],
  quiet: ['true', 'false', 'true'],
  format: ['json', 'text', 'json'],
  repeat: ['2', '3', '4'],
  shard: ['1/2', '2/3', '3/4'],
  authSecret: ['a1', 'a2', 'a3'],
  record: [f1, f2, f3],
  baseline: [f1, f2, f3],
  headers: ['X-One: 1', 'X-Two: 2', 'X-Three: 3'],
  auth: ['u1:p1', 'u2:p2', 'u3:p3'],
  proxy: ['http://p1.example:1', 'http://p2.example:2', 'http://p3.example:3'],
  noProxy: ['one', 'two', 'three'],
  caFile: [f1, f2, f3],
  cert: [f1, f2, f3],
  key: [f1, f2, f3],
  insecure: ['true', 'false', 'true'],
};

/** Settings that only make sense with another: given alongside (at the flag layer) whenever given. */
const COMPANION: Partial<Record<keyof RunSettings, Record<string, string>>> = { cert: { key: f1 }, key: { cert: f1 } };

type Setting = (typeof SETTINGS)[number];
const flagValue = (s: Setting, raw: string): string | boolean | string[] => ('boolean' in s && s.boolean ? true : 'multiple' in s && s.multiple ? [raw] : raw);

function resolveWith(s: Setting, layers: { dotenv?: string; env?: string; flag?: string }) {
  const envFile = join(dir, `${s.key}.env`);
  writeFileSync(envFile, layers.dotenv === undefined ? '' : `${s.env}=${JSON.stringify(layers.dotenv)}\n`);
  const given = Object.values(layers).some((v) => v !== undefined);
  const companion = given ? COMPANION[s.key] ?? {} : {};
  return resolveSettings({
    flags: { ...companion, ...(layers.flag === undefined ? {} : { [s.flag]: flagValue(s, layers.flag) }) },
    env: layers.env === undefined ? {} : { [s.env]: layers.env },
    envFile,
    envFileExplicit: true,
    catalogs: CATALOGS,
  })[s.key];
}

test('every setting has a row', () => {
  expect(Object.keys(VALUES).sort()).toEqual(SETTINGS.map((s) => s.key).sort());
});

describe.each(SETTINGS.map((s) => [s.key, s] as const))('%s', (_, s) => {
  const [a, b, c] = VALUES[s.key];
  const resolved = (layers: Parameters<typeof resolveWith>[1]) => resolveWith(s, layers);

  test('default < .env < environment < flag', () => {
    const none = resolved({});
    const fromDotenv = resolved({ dotenv: a });
    const fromEnv = resolved({ dotenv: a, env: b });
    const fromFlag = resolved({ dotenv: a, env: b, flag: c });
    // Each layer changes the value, and the next one changes it again.
    if (s.key !== 'seed') expect(none).toEqual(DEFAULTS[s.key]);
    expect(fromDotenv).not.toEqual(none);
    expect(fromEnv).not.toEqual(fromDotenv);
    expect(fromFlag).not.toEqual(fromEnv);
    // The same value from any layer alone resolves the same.
    expect(resolved({ env: c })).toEqual(fromFlag);
    expect(resolved({ dotenv: c })).toEqual(fromFlag);
  });
});

test('defaults are written once: a default the help states in words is one the value cannot say', () => {
  for (const s of SETTINGS) {
    const own = 'defaultText' in s ? s.defaultText : undefined;
    const value = DEFAULTS[s.key];
    // Words only where the value is none (undefined), computed (the seed, an absolute folder) or an enumeration.
    if (own !== undefined) expect([s.key, value === undefined || own.startsWith('(') || s.key === 'reportsDir']).toEqual([s.key, true]);
    else expect([s.key, value === undefined]).toEqual([s.key, false]);
  }
  expect(defaultTextOf(SETTINGS.find((s) => s.key === 'concurrency')!)).toBe(String(DEFAULTS.concurrency));
  expect(defaultTextOf(SETTINGS.find((s) => s.key === 'transports')!)).toBe('soap11,soap12,get,post');
});
