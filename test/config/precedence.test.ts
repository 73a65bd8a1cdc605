/** Every setting of every command resolves in one order: default < .env < environment < flag.
 * Table-driven: each setting has three valid values, one per layer, and is resolved through every
 * command that takes it; a setting added without a row fails the test. A setting without a variable
 * (a choice of one invocation, such as --json) has two layers: default < flag. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ALL_DEFAULTS, ALL_SETTINGS, defaultTextOf, type AnySetting, type CommandId, type CommandSettings } from '../../src/config/commands.js';
import { FILE_SETTINGS, settingSchema, type FileSetting } from '../../src/config/config-schema.js';
import { resolveCommand } from '../../src/config/resolve.js';
import { SETTINGS } from '../../src/config/settings.js';
import { CATALOGS } from '../../src/checks/catalogs.js';

const dir = mkdtempSync(join(tmpdir(), 'tsiws-precedence-'));
const file = (name: string) => {
  const path = join(dir, name);
  writeFileSync(path, name.endsWith('.json') ? '[]' : 'x');
  return path;
};
const [f1, f2, f3] = ['one', 'two', 'three'].map(file) as [string, string, string];
const [j1, j2, j3] = ['one.json', 'two.json', 'three.json'].map(file) as [string, string, string];
// Three waiver files that resolve to three different lists.
const [w1, w2, w3] = ['one', 'two', 'three'].map((name) => {
  const path = join(dir, `waivers-${name}.json`);
  writeFileSync(path, JSON.stringify([{ check: `check-${name}`, reason: 'accepted', expires: '2000-01-01' }]));
  return path;
}) as [string, string, string];
const folder = (name: string) => {
  const path = join(dir, name);
  mkdirSync(path);
  return path;
};
const [d1, d2, d3] = ['dir-one', 'dir-two', 'dir-three'].map(folder) as [string, string, string];

/** Three valid raw values per setting: what .env, the environment and the flag give. A boolean
 * flag takes no value: present means true, so its row ends on "true". */
const VALUES: Record<AnySetting['key'], readonly [string, string, string]> = {
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
  negativeTimeoutMs: ['100', '200', '300'],
  maxResponseBytes: ['1000', '2000', '3000'],
  concurrency: ['1', '2', '3'],
  failOn: ['warning', 'error', 'warning'],
  waivers: [w1, w2, w3],
  wsi: ['bp11', 'off', 'bp11'],
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
  noCiSummary: ['true', 'false', 'true'],
  exportAll: ['true', 'false', 'true'],
  allure: [d1, d2, d3],
  format: ['json', 'text', 'json'],
  repeat: ['2', '3', '4'],
  shard: ['1/2', '2/3', '3/4'],
  workers: ['2', '3', '5'],
  authSecret: ['a1', 'a2', 'a3'],
  record: [f1, f2, f3],
  baseline: [f1, f2, f3],
  traffic: [f1, f2, f3],
  trafficTransports: ['all', 'captured', 'all'],
  resultSchemas: [d1, d2, d3],
  headers: ['X-One: 1', 'X-Two: 2', 'X-Three: 3'],
  auth: ['u1:p1', 'u2:p2', 'u3:p3'],
  proxy: ['http://p1.example:1', 'http://p2.example:2', 'http://p3.example:3'],
  noProxy: ['one', 'two', 'three'],
  caFile: [f1, f2, f3],
  cert: [f1, f2, f3],
  key: [f1, f2, f3],
  insecure: ['true', 'false', 'true'],
  stateful: ['true', 'false', 'true'],
  stampResults: ['true', 'false', 'true'],
  failurePattern: ['a', 'b+', '^c$'],
  valuesFile: [j1, j2, j3],
  searchBudget: ['0', '10', '25'],
  referenceUrl: ['http://ref-one.example', 'http://ref-two.example', 'http://ref-three.example'],
  referenceSecondaryUrl: ['http://sec-one.example', 'http://sec-two.example', 'http://sec-three.example'],
  referenceHeaders: ['X-One: 1', 'X-Two: 2', 'X-Three: 3'],
  referenceAuth: ['u1:p1', 'u2:p2', 'u3:p3'],
  referenceCaFile: [f1, f2, f3],
  referenceCert: [f1, f2, f3],
  referenceKey: [f1, f2, f3],
  referenceInsecure: ['true', 'false', 'true'],
  // Settings of one command alone (src/config/command-settings.ts).
  port: ['1001', '1002', '0'],
  host: ['127.0.0.2', '127.0.0.3', '::1'],
  mutant: ['m-one', 'm-two', 'm-three'],
  listMutants: ['false', 'false', 'true'],
  personality: ['p-one', 'p-two', 'p-three'],
  listPersonalities: ['false', 'false', 'true'],
  answerLog: [f1, f2, f3],
  address: ['http://one.example', 'http://two.example', 'https://three.example'],
  xsd: ['false', 'false', 'true'],
  write: ['false', 'false', 'true'],
  file: ['one.wsdl', 'two.wsdl', 'three.wsdl'],
  json: ['false', 'false', 'true'],
  listWsi: ['false', 'false', 'true'],
  schemasOut: [f1, f2, f3],
  fromWsdl: ['one.wsdl', 'two.wsdl', 'three.wsdl'],
  duration: ['2', '3', '4'],
  harnessRepeat: ['2', '3', '4'],
  sizes: ['1', '1,2', '2,4'],
  benchOnly: ['growth', 'growth,startup', 'proxy-memory'],
  benchSeed: ['2', '3', '4'],
  out: [f1, f2, f3],
  asmx: ['false', 'false', 'true'],
  noAsmx: ['false', 'false', 'true'],
  target: ['http://one.example', 'http://two.example', 'http://three.example'],
  proxyPort: ['1001', '1002', '0'],
  keepWsdlAddress: ['false', 'false', 'true'],
  violationsHeader: ['true', 'false', 'true'],
  capture: [d1, d2, d3],
  judge: ['all', 'sample', 'all'],
  judgeQueue: ['7', '8', '9'],
};

/** Settings that only make sense with another: given alongside (at the flag layer) whenever given. */
const COMPANION: Partial<Record<keyof CommandSettings, Record<string, string>>> = {
  cert: { key: f1 }, key: { cert: f1 },
  referenceCert: { 'reference-key': f1 }, referenceKey: { 'reference-cert': f1 },
  referenceSecondaryUrl: { 'reference-url': 'http://ref.example' },
};

const envOf = (s: AnySetting): string | undefined => ('env' in s ? s.env : undefined);
const flagValue = (s: AnySetting, raw: string): string | boolean | string[] => ('boolean' in s && s.boolean ? true : 'multiple' in s && s.multiple ? [raw] : raw);

function resolveWith(command: CommandId, s: AnySetting, layers: { dotenv?: string; env?: string; flag?: string }, flag: string = s.flag) {
  const envFile = join(dir, `${command}-${s.key}.env`);
  const env = envOf(s);
  writeFileSync(envFile, layers.dotenv === undefined || env === undefined ? '' : `${env}=${JSON.stringify(layers.dotenv)}\n`);
  const given = Object.values(layers).some((v) => v !== undefined);
  const companion = given ? COMPANION[s.key] ?? {} : {};
  return resolveCommand(command, {
    flags: { ...companion, ...(layers.flag === undefined ? {} : { [flag]: flagValue(s, layers.flag) }) },
    env: layers.env === undefined || env === undefined ? {} : { [env]: layers.env },
    envFile,
    envFileExplicit: true,
    catalogs: CATALOGS,
  })[s.key];
}

test('every setting has a row, and every setting is taken by some command', () => {
  expect(Object.keys(VALUES).sort()).toEqual(ALL_SETTINGS.map((s) => s.key).sort());
  for (const s of ALL_SETTINGS) expect([s.key, s.commands.length > 0]).toEqual([s.key, true]);
});

const cases = ALL_SETTINGS.flatMap((s) => (s.commands as readonly CommandId[]).map((command) => [command, s.key, s] as const));

describe.each(cases)('%s: %s', (command, _, s) => {
  const [a, b, c] = VALUES[s.key];
  const resolved = (layers: Parameters<typeof resolveWith>[2]) => resolveWith(command, s, layers);

  test(envOf(s) ? 'default < .env < environment < flag' : 'default < flag (no variable)', () => {
    const none = resolved({});
    if (s.key !== 'seed') expect(none).toEqual(ALL_DEFAULTS[s.key]);
    const fromFlag = resolved({ dotenv: a, env: b, flag: c });
    if (envOf(s)) {
      const fromDotenv = resolved({ dotenv: a });
      const fromEnv = resolved({ dotenv: a, env: b });
      // Each layer changes the value, and the next one changes it again.
      expect(fromDotenv).not.toEqual(none);
      expect(fromEnv).not.toEqual(fromDotenv);
      expect(fromFlag).not.toEqual(fromEnv);
      // The same value from any layer alone resolves the same.
      expect(resolved({ env: c })).toEqual(fromFlag);
      expect(resolved({ dotenv: c })).toEqual(fromFlag);
    } else {
      expect(fromFlag).not.toEqual(none);
      // Nothing but the flag sets it.
      expect(resolved({ dotenv: c, env: c })).toEqual(none);
    }
    // Where the command gives the setting a second flag name, that name sets it the same.
    if ('alias' in s && s.alias.command === command) expect(resolveWith(command, s, { flag: c }, s.alias.flag)).toEqual(fromFlag);
  });
});

test('a command reads only its own settings: a flag or variable of another command is not read', () => {
  const input = (flags: Record<string, string>, env: Record<string, string>) => ({ flags, env, envFile: join(dir, 'none.env'), envFileExplicit: false, catalogs: CATALOGS });
  // serve takes no timeout: a bad TSIWS_TIMEOUT_MS does not stop it.
  expect(resolveCommand('serve', input({}, { TSIWS_TIMEOUT_MS: 'soon', TSIWS_PORT: '1234' })).port).toBe(1234);
  expect(resolveCommand('run', input({}, { TSIWS_PORT: '1234' })).port).toBe(ALL_DEFAULTS.port);
});

test('defaults are written once: a default the help states in words is one the value cannot say', () => {
  for (const s of ALL_SETTINGS) {
    const own = 'defaultText' in s ? s.defaultText : undefined;
    const value = ALL_DEFAULTS[s.key];
    // Words only where the value is none (undefined), computed (the seed, an absolute path) or an enumeration.
    if (own !== undefined) expect([s.key, value === undefined || own.startsWith('(') || ['reportsDir', 'out', 'schemasOut', 'port', 'proxyPort'].includes(s.key)]).toEqual([s.key, true]);
    else expect([s.key, value === undefined]).toEqual([s.key, false]);
  }
  expect(defaultTextOf(SETTINGS.find((s) => s.key === 'concurrency')!)).toBe(String(ALL_DEFAULTS.concurrency));
  expect(defaultTextOf(SETTINGS.find((s) => s.key === 'transports')!)).toBe('soap11,soap12,get,post');
});

/** A raw value as a config file gives it: the JSON type its schema names (config-schema.ts). */
function jsonValue(s: FileSetting, raw: string): unknown {
  const schema = settingSchema(s) as { type?: string };
  if (schema.type === 'boolean') return raw === 'true';
  if (schema.type === 'integer') return Number(raw);
  if (schema.type === 'array') return 'multiple' in s && s.multiple ? [raw] : raw.split(',');
  return raw;
}

describe.each(FILE_SETTINGS.map((s) => [s.key, s] as const))('tsiws.config.json: %s', (_, s) => {
  test('its value in the file resolves as the same value from .env, and .env wins over it', () => {
    const [a, b] = VALUES[s.key];
    const cwd = mkdtempSync(join(dir, 'config-'));
    writeFileSync(join(cwd, 'tsiws.config.json'), JSON.stringify({ [s.flag]: jsonValue(s, a) }));
    const companion = COMPANION[s.key] ?? {};
    const resolveFrom = (dotenv: string) => {
      writeFileSync(join(cwd, '.env'), dotenv);
      return resolveCommand('run', { flags: companion, env: {}, envFile: join(cwd, '.env'), envFileExplicit: true, catalogs: CATALOGS, cwd });
    };
    const env = envOf(s)!;
    const fromFile = resolveFrom('');
    expect(fromFile[s.key]).toEqual(resolveWith('run', s, { dotenv: a }));
    expect(fromFile.sources?.[s.key]).toBe(`tsiws.config.json#/${s.flag}`);
    expect(resolveFrom(`${env}=${JSON.stringify(b)}\n`)[s.key]).toEqual(resolveWith('run', s, { dotenv: b }));
  });
});
