/** tsiws.config.json (issue 60, item 2): found upward to the repository's root, read below .env,
 * the environment and flags, a named target over the file's own settings, ${VAR}s, and a file that
 * is not valid refused with one line per problem, its JSON pointer and what was expected. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { CATALOGS } from '../../src/checks/catalogs.js';
import { findConfigFile } from '../../src/config/config-file.js';
import { resolveCommand, type ResolveInput } from '../../src/config/resolve.js';
import { DEFAULTS, scopedFor, type RunSettings } from '../../src/config/settings.js';

/** A fresh folder holding `tsiws.config.json` with `config`, and an empty .env. */
function folder(config?: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'tsiws-config-'));
  if (config !== undefined) writeFileSync(join(dir, 'tsiws.config.json'), typeof config === 'string' ? config : JSON.stringify(config));
  writeFileSync(join(dir, '.env'), '');
  return dir;
}

function resolveIn(cwd: string, flags: ResolveInput['flags'] = {}, env: ResolveInput['env'] = {}, dotenv = ''): RunSettings {
  writeFileSync(join(cwd, '.env'), dotenv);
  return resolveCommand('run', { flags, env, envFile: join(cwd, '.env'), envFileExplicit: true, catalogs: CATALOGS, cwd });
}

/** The message of the ConfigError resolving throws. */
function refusal(cwd: string, flags: ResolveInput['flags'] = {}, env: ResolveInput['env'] = {}): string {
  try {
    resolveIn(cwd, flags, env);
  } catch (err) {
    expect((err as { code?: string }).code).toBe('TSIWS_CONFIG');
    return (err as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('finding the file', () => {
  test('from the working folder upward, and not past the folder holding .git', () => {
    const root = folder({ runs: 7 });
    const deep = join(root, 'a', 'b');
    mkdirSync(deep, { recursive: true });
    expect(findConfigFile(deep)).toBe(join(root, 'tsiws.config.json'));
    expect(resolveIn(deep).runs).toBe(7);
    // A repository inside: its root ends the search before the file above it.
    const repo = join(root, 'repo');
    mkdirSync(join(repo, 'src'), { recursive: true });
    writeFileSync(join(repo, '.git'), 'gitdir: elsewhere\n');
    expect(findConfigFile(join(repo, 'src'))).toBeUndefined();
    expect(resolveIn(join(repo, 'src')).runs).toBe(DEFAULTS.runs);
  });

  test('--config names it (relative to the working folder); a missing one is an error', () => {
    const dir = folder();
    writeFileSync(join(dir, 'other.json'), JSON.stringify({ runs: 4 }));
    expect(resolveIn(dir, { config: 'other.json' }).runs).toBe(4);
    expect(resolveIn(dir, {}, { TSIWS_CONFIG: 'other.json' }).runs).toBe(4);
    expect(refusal(dir, { config: 'nope.json' })).toBe(`--config: ${join(dir, 'nope.json')} does not exist; give the path of a tsiws.config.json file`);
  });
});

describe('precedence: default < config (its target over its own) < .env < environment < flag', () => {
  const dir = folder({ runs: 2, 'timeout-ms': 1000, targets: { staging: { runs: 3, 'base-url': 'https://staging.example.com' } } });
  test.each([
    ['the file', {}, {}, '', 2, 'tsiws.config.json#/runs'],
    ['its target', { target: 'staging' }, {}, '', 3, 'tsiws.config.json#/targets/staging/runs'],
    ['.env', { target: 'staging' }, {}, 'TSIWS_RUNS=4\n', 4, 'TSIWS_RUNS in .env'],
    ['the environment', { target: 'staging' }, { TSIWS_RUNS: '5' }, 'TSIWS_RUNS=4\n', 5, 'environment variable TSIWS_RUNS'],
    ['a flag', { target: 'staging', runs: '6' }, { TSIWS_RUNS: '5' }, 'TSIWS_RUNS=4\n', 6, '--runs'],
  ] as const)('%s', (_, flags, env, dotenv, runs, source) => {
    const settings = resolveIn(dir, flags, env, dotenv);
    expect(settings.runs).toBe(runs);
    expect(settings.sources?.['runs']?.replace(`${dir}/`, '')).toBe(source);
    expect(settings.timeoutMs).toBe(1000);
    expect(settings.baseUrl).toBe('target' in flags ? 'https://staging.example.com' : undefined);
  });

  test('TSIWS_TARGET chooses the target as --target does; a default value has no source', () => {
    const settings = resolveIn(dir, {}, { TSIWS_TARGET: 'staging' });
    expect(settings.runs).toBe(3);
    expect(settings.sources?.['concurrency']).toBeUndefined();
  });

  test('an unknown target is named with the nearest known one', () => {
    expect(refusal(dir, { target: 'stagign' })).toBe('--target stagign: no such target in tsiws.config.json (did you mean "staging"?); its targets are staging');
    expect(refusal(folder(), { target: 'staging' })).toMatch(/^--target staging: no tsiws\.config\.json was found from .* upward to the repository's root; give one with --config FILE$/);
  });
});

test('values of every JSON type become the setting\'s own: lists, booleans, headers, paths relative to the file', () => {
  const dir = folder();
  mkdirSync(join(dir, 'conf'));
  writeFileSync(join(dir, 'conf', 'values.json'), '{}');
  writeFileSync(join(dir, 'conf', 'tsiws.config.json'), JSON.stringify({ transports: ['soap11', 'get'], 'allow-mutations': true, header: ['X-One: 1', 'X-Two: 2'], values: 'values.json', reports: 'out', 'skip-checks': ['content-type'] }));
  const settings = resolveIn(dir, { config: 'conf/tsiws.config.json' });
  expect([settings.transports, settings.allowMutations, settings.headers, settings.valuesFile, settings.reportsDir, settings.skipChecks]).toEqual([
    ['soap11', 'get'], true, { 'X-One': '1', 'X-Two': '2' }, join(dir, 'conf', 'values.json'), join(dir, 'conf', 'out'), ['content-type'],
  ]);
});

describe('${VAR}', () => {
  const file = { 'base-url': 'https://${HOST}', targets: { a: { sig: '${SIG_A}' }, b: { sig: '${SIG_B}' } } };
  test('is replaced from the environment, then .env; the secret is shown nowhere', () => {
    const dir = folder(file);
    const settings = resolveIn(dir, { target: 'a' }, { SIG_A: 'secret-a' }, 'HOST=example.com\n');
    expect([settings.baseUrl, settings.sig]).toEqual(['https://example.com', 'secret-a']);
    expect(JSON.stringify(settings.sources)).not.toContain('secret-a');
  });

  test('an unset one is exit 2 naming its pointer, only where the run reads it', () => {
    const dir = folder(file);
    expect(refusal(dir, { target: 'a' }, { HOST: 'example.com' })).toBe('tsiws.config.json is not valid (1 problem; see docs/cli.md, Config file):\n  /targets/a/sig: ${SIG_A} is not set; set SIG_A in the environment or in .env');
    expect(refusal(dir, {}, {})).toBe('tsiws.config.json is not valid (1 problem; see docs/cli.md, Config file):\n  /base-url: ${HOST} is not set; set HOST in the environment or in .env');
  });
});

describe('a file that is not valid: one line per problem, its pointer and what was expected', () => {
  test.each([
    ['an unknown key, with the nearest known name', { 'base-uri': 'http://x' }, '/base-uri: unknown key "base-uri"; did you mean "base-url"?'],
    ['an unknown key in a target', { targets: { local: { rnus: 2 } } }, '/targets/local/rnus: unknown key "rnus"; did you mean "runs"?'],
    ['an unknown operation', { 'per-operation': { MobileAccountSerch: { 'sla-ms': 5 } } }, '/per-operation/MobileAccountSerch: unknown key "MobileAccountSerch"; did you mean "MobileAccountSearch"?'],
    ['values per operation (not supported)', { 'per-operation': { MobileAccountSearch: { values: 'v.json' } } }, '/per-operation/MobileAccountSearch/values: unknown key "values"; expected one of skip-checks, sla-ms'],
    ['a wrong type', { 'timeout-ms': '5000' }, '/timeout-ms: expected a whole number, got a string'],
    ['a boolean given as text', { 'allow-mutations': 'yes' }, '/allow-mutations: expected a JSON boolean, got a string'],
    ['a name not in the list', { transports: ['soap21'] }, '/transports/0: expected one of soap11, soap12, get, post (did you mean "soap11"?)'],
    ['a waiver without its reason', { waivers: [{ check: 'content-type', expires: '2027-01-31' }] }, '/waivers/0/reason: missing; it is required'],
    ['a waiver\'s date', { targets: { x: { waivers: [{ check: 'content-type', reason: 'legacy host', expires: '31.01.2027' }] } } }, '/targets/x/waivers/0/expires: expected a date YYYY-MM-DD'],
    ['a number below the least', { 'sla-ms': 0 }, '/sla-ms: expected a number of at least 1'],
  ] as const)('%s', (_, config, line) => {
    expect(refusal(folder(config))).toBe(`tsiws.config.json is not valid (1 problem; see docs/cli.md, Config file):\n  ${line}`);
  });

  test('every problem at once', () => {
    const message = refusal(folder({ rnus: 1, 'timeout-ms': true, waivers: [{ check: 'x' }] }));
    expect(message.split('\n')).toEqual([
      'tsiws.config.json is not valid (4 problems; see docs/cli.md, Config file):',
      '  /rnus: unknown key "rnus"; did you mean "runs"?',
      '  /timeout-ms: expected a whole number, got a boolean',
      '  /waivers/0/reason: missing; it is required',
      '  /waivers/0/expires: missing; it is required',
    ]);
  });

  test('not JSON, and a value its setting refuses (named by file and pointer)', () => {
    expect(refusal(folder('{ "runs": 2, }'))).toMatch(/^tsiws\.config\.json: not JSON \(.*\); expected a JSON object of settings by flag name/);
    expect(refusal(folder({ 'skip-checks': ['contnet-type'] }))).toBe('tsiws.config.json#/skip-checks: unknown check id contnet-type (did you mean "content-type"?); expected a comma-separated list of ' + CATALOGS.checks.join(', '));
  });
});

describe('per-operation and per-transport sections, and waivers, as plain data', () => {
  const config = {
    'skip-checks': ['xsd-valid'],
    'sla-ms': 900,
    'per-operation': { MobileAccountSearch: { 'skip-checks': ['content-type'], 'sla-ms': 100 } },
    'per-transport': { get: { 'sla-ms': 300, 'skip-checks': ['not-a-fault'] } },
    waivers: [{ check: 'content-type', reason: 'legacy host', expires: '2027-01-31' }],
    targets: { t: { waivers: [{ check: 'not-a-fault', operation: 'MobileContactSearch', reason: 'known', expires: '2027-02-01', ticket: 'OPS-1' }] } },
  };

  test('the operation\'s section over the transport\'s over --sla-ms; skipped checks add up', () => {
    const settings = resolveIn(folder(config), { target: 't' });
    expect(scopedFor(settings, 'MobileAccountSearch', 'get')).toEqual({ skipChecks: ['content-type', 'not-a-fault'], slaMs: 100 });
    expect(scopedFor(settings, 'MobileContactSearch', 'get')).toEqual({ skipChecks: ['not-a-fault'], slaMs: 300 });
    expect(scopedFor(settings, 'MobileContactSearch', 'soap11')).toEqual({ skipChecks: [], slaMs: 900 });
    expect(settings.skipChecks).toEqual(['xsd-valid']);
  });

  test('a section may name a check of --checks-module: it is read once the module\'s checks are known', () => {
    const dir = folder({ 'per-operation': { MobileAccountSearch: { 'skip-checks': ['my-check'] } } });
    const input = { flags: {}, env: {}, envFile: join(dir, '.env'), envFileExplicit: true, cwd: dir };
    expect(resolveCommand('run', { ...input, catalogs: CATALOGS, only: ['checksModule'] }).checksModule).toBeUndefined();
    const withModule = { ...CATALOGS, checks: [...CATALOGS.checks, 'my-check'] };
    expect(resolveCommand('run', { ...input, catalogs: withModule }).scoped?.operations).toEqual({ MobileAccountSearch: { skipChecks: ['my-check'] } });
  });

  test('--sla-ms given as a flag or variable wins over the sections too', () => {
    const settings = resolveIn(folder(config), { 'sla-ms': '50' });
    expect(scopedFor(settings, 'MobileAccountSearch', 'get').slaMs).toBe(50);
  });

  test('the waivers of the file and of the chosen target are the run\'s waivers', () => {
    expect(resolveIn(folder(config), { target: 't' }).waivers).toEqual([
      { check: 'content-type', reason: 'legacy host', expires: '2027-01-31' },
      { check: 'not-a-fault', operation: 'MobileContactSearch', reason: 'known', expires: '2027-02-01', ticket: 'OPS-1' },
    ]);
    expect(resolveIn(folder({ runs: 1 })).waivers).toEqual([]);
  });

  test('a waiver of the file expiring more than a year ahead is refused at its pointer', () => {
    const far = `${new Date().getUTCFullYear() + 2}-01-01`;
    expect(() => resolveIn(folder({ targets: { t: { waivers: [{ check: 'content-type', reason: 'r', expires: far }] } } }), { target: 't' }))
      .toThrow(/tsiws\.config\.json#\/targets\/t\/waivers\/0\/expires: .*more than a year ahead/);
  });
});
