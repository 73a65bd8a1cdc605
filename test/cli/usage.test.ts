/** Issue 18, CLI conventions: every bad usage is one line and exit 2, before any network traffic,
 * with "did you mean" wherever a name is typed. In process (the same main() the bin calls), except
 * where node itself stands between the shell and main(). */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { main } from '../../src/cli/main.js';
import { runCliProcess } from '../support/cli.js';
import { tlsFile } from '../support/access-servers.js';

/** A target that counts connections: bad usage must not open one. */
let target: Server;
let connections = 0;
let baseUrl: string;
beforeAll(async () => {
  target = createServer((_req, res) => res.end());
  target.on('connection', () => connections++);
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => target.close(() => resolve())));

const dir = mkdtempSync(join(tmpdir(), 'tsiws-usage-'));

/** A bad-usage run still writes reports saying why (run-failure.ts): into a folder of the test's
 * own, never the checkout's reports/ (the working folder here is the checkout). */
async function inProcess(argv: string[], env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const reports = argv[0] === 'run' ? ['--reports', mkdtempSync(join(dir, 'reports-'))] : [];
  const code = await main([...argv, ...reports], { out: (l) => out.push(l), err: (l) => err.push(l), env });
  return { code, out, err };
}
const CA = tlsFile('ca.pem');
// Issue 60, item 4: a signer that throws (when loaded, or in sign()) and a --checks-module check
// taking a client check's id are bad usage, said in one line.
const signerThrows = join(dir, 'signer-throws.mjs');
writeFileSync(signerThrows, "export function sign() { throw new Error('no key in the vault\\n  (ask ops)'); }\n");
const signerLoadThrows = join(dir, 'signer-load-throws.mjs');
writeFileSync(signerLoadThrows, "throw new Error('vault closed');\n");
const clientNamed = join(dir, 'client-named.mjs');
writeFileSync(clientNamed, "export const checks = [{ id: 'client-soap-action', description: 'd', enforces: 'e', level: 'error', levelReason: 'r', appliesText: 'a', scope: 'exchange', applies: () => true, run: () => ({ status: 'passed' }) }];\n");
const notRules = join(dir, 'rules.json');
writeFileSync(notRules, '{"name": "x"}');

test.each([
  [['rnu'], 'tsiws-conform: unknown command "rnu" (did you mean "run"?); expected one of run, merge-reports, replay, checks, serve, proxy, wsdl, diff-wsdl, compare, shapes, verify-certificate, contract, action'],
  [['run', '--bse-url', 'x'], 'tsiws-conform: unknown flag --bse-url (did you mean --base-url?) (see tsiws-conform run --help)'],
  [['replay', 'f.json', '--timout-ms', '5'], 'tsiws-conform: unknown flag --timout-ms (did you mean --timeout-ms?) (see tsiws-conform replay --help)'],
  [['run', '--timeout-ms', '-5'], 'tsiws-conform: --timeout-ms: expected a positive whole number, got "-5"'],
  [['run', '--rate', '-1'], 'tsiws-conform: --rate: expected a positive whole number, got "-1"'],
  [['run', '--seed', '-12', '--runs', '-3'], 'tsiws-conform: --runs: expected a positive whole number, got "-3"'],
  [['run', '--base-url', '--seed', '4'], 'tsiws-conform: --base-url: give a value, e.g. --base-url VALUE (see tsiws-conform run --help)'],
  [['run', '--transports', 'sop12,get'], 'tsiws-conform: --transports: unknown transport sop12 (did you mean "soap12"?); expected a comma-separated list of soap11, soap12, get, post'],
  [['run', '--suites', 'servce'], 'tsiws-conform: --suites: unknown suite servce (did you mean "service"?); expected a comma-separated list of positive, negative, fuzz, service, sequences'],
  [['run', '--profile', 'stict'], 'tsiws-conform: --profile: unknown profile "stict" (did you mean "strict"?); expected one of asmx, lenient, strict'],
  [['run', '--format', 'xml'], 'tsiws-conform: --format: unknown format "xml"; expected one of text, json'],
  [['run', '--normalise-file', join(dir, 'none.json')], `tsiws-conform: --normalise-file: cannot read ${join(dir, 'none.json')} (ENOENT); give the path of an existing file`],
  [['run', '--normalise-file', notRules], `tsiws-conform: --normalise-file: ${notRules} must hold a JSON array of { "name", "pattern", "flags"?, "replacement"? }`],
  [['run', '--signer', dir], `tsiws-conform: --signer: cannot read ${dir} (not a file); give the path of an existing file`],
  [['run', '--signer', signerThrows, '--operations', 'MobileAccountSearch'], `tsiws-conform: --signer: ${signerThrows}: sign() threw for MobileAccountSearch: no key in the vault (ask ops)`],
  [['run', '--signer', signerLoadThrows], `tsiws-conform: --signer: cannot load ${signerLoadThrows}: vault closed`],
  [['run', '--checks', 'client-soap-action'], "tsiws-conform: --checks: client-soap-action is a client check, which judge the requests a client sends: run has no client, tsiws-conform proxy has (docs/proxy.md); leave it out of run's --checks"],
  [['run', '--checks', 'http-status-200,client-utf8,client-envelope'], "tsiws-conform: --checks: client-utf8, client-envelope are client checks, which judge the requests a client sends: run has no client, tsiws-conform proxy has (docs/proxy.md); leave them out of run's --checks"],
  [['run', '--skip-checks', 'client-soap-action'], "tsiws-conform: --skip-checks: client-soap-action is a client check, which judge the requests a client sends: run has no client, tsiws-conform proxy has (docs/proxy.md); leave it out of run's --skip-checks"],
  [['run', '--skip-checks', 'http-status-200,client-utf8,client-envelope'], "tsiws-conform: --skip-checks: client-utf8, client-envelope are client checks, which judge the requests a client sends: run has no client, tsiws-conform proxy has (docs/proxy.md); leave them out of run's --skip-checks"],
  [['run', '--checks-module', clientNamed], `tsiws-conform: --checks-module: ${clientNamed}: check id client-soap-action is already a built-in check; give your check another id`],
  [['run', '--ca-file', join(dir, 'ca.pem')], `tsiws-conform: --ca-file: cannot read ${join(dir, 'ca.pem')} (ENOENT); give the path of an existing file`],
  [['run', '--cert', CA], "tsiws-conform: --cert: give the client certificate's private key with --key (TSIWS_KEY) too"],
  [['run', '--key', CA], 'tsiws-conform: --key: give the client certificate with --cert (TSIWS_CERT) too'],
  [['run', '--header', 'X-Api-Key secret-value'], "tsiws-conform: --header: expected 'Name: value' (e.g. 'X-Api-Key: ...'), got a header without a valid name before its colon"],
  [['run', '--header', 'Content-Type: text/plain'], 'tsiws-conform: --header: Content-Type is set by each transport and cannot be replaced; leave it out'],
  [['run', '--auth', 'a:b', '--header', 'Authorization: Bearer x'], 'tsiws-conform: --auth: an Authorization --header is given too; give one of them'],
  [['run', '--stateful', '--base-url', 'http://127.0.0.1:9'], "tsiws-conform: --stateful: it starts the embedded stateful service, and --base-url names a target; give one of them (a given target's state is handled with --allow-mutations)"],
  [['run', '--failure-pattern', '("ok'], 'tsiws-conform: --failure-pattern: not a valid regular expression: Invalid regular expression: /("ok/: Unterminated group'],
  [['run', '--values', join(dir, 'none.json')], `tsiws-conform: --values: cannot read ${join(dir, 'none.json')} (ENOENT); give the path of an existing file`],
  [['run', '--auth', 'no-colon'], "tsiws-conform: --auth: expected user:password (HTTP Basic), e.g. --auth 'alice:...'"],
  [['run', '--proxy', 'socks5://p:1080'], 'tsiws-conform: --proxy: only http and https proxies are supported, got "socks5:"'],
  [['serve', '--mutant', 'trim-pots'], 'tsiws-conform: --mutant: unknown mutant "trim-pots" (did you mean "trim-post"?); see tsiws-conform serve --list-mutants'],
])('%j: one line, exit 2, no connection to the target', async (argv, message) => {
  const before = connections;
  const withTarget = argv[0] === 'run' && !argv.includes('--base-url') ? [...argv, '--base-url', baseUrl] : argv;
  const { code, err } = await inProcess(withTarget);
  expect([code, err]).toEqual([2, [message]]);
  expect(connections).toBe(before);
});

// Skipping a client check is refused wherever --skip-checks is read: the variable, the config file
// and its per-operation and per-transport sections (a run has no client to judge or skip).
const clientSkipped = (where: string, command = 'run') => `tsiws-conform: ${where}: client-utf8 is a client check, which judge the requests a client sends: ${command} has no client, tsiws-conform proxy has (docs/proxy.md); leave it out of ${command}'s ${where.replace(/^.*: /, '')}`;
const configWith = (name: string, content: object) => {
  const path = join(dir, `${name}.config.json`);
  writeFileSync(path, JSON.stringify(content));
  return path;
};
test.each([
  ['TSIWS_SKIP_CHECKS', [], { TSIWS_SKIP_CHECKS: 'client-utf8' }, clientSkipped('--skip-checks')],
  ['a config file', ['--config', configWith('skip', { 'skip-checks': ['client-utf8'] })], {}, clientSkipped('--skip-checks')],
  ['a per-operation section', ['--config', configWith('per-op', { 'per-operation': { MobileAccountSearch: { 'skip-checks': ['client-utf8'] } } })], {}, clientSkipped('per-operation MobileAccountSearch: skip-checks')],
  ['a per-transport section', ['--config', configWith('per-tr', { 'per-transport': { get: { 'skip-checks': ['xsd-valid', 'client-utf8'] } } })], {}, clientSkipped('per-transport get: skip-checks')],
])('a client check skipped by %s: one line, exit 2, no connection', async (_, argv, env, message) => {
  const before = connections;
  const { code, err } = await inProcess(['run', '--base-url', baseUrl, ...argv], env);
  expect([code, err]).toEqual([2, [message]]);
  expect(connections).toBe(before);
});

test('--checks: each unknown id with its nearest, and no secret value repeated in a message', async () => {
  const { code, err } = await inProcess(['run', '--checks', 'xsd-vald,nonsense', '--base-url', `http://u:Passw0rd-9@127.0.0.1:1`]);
  expect(code).toBe(2);
  expect(err[0]).toMatch(/^tsiws-conform: --checks: unknown check id xsd-vald \(did you mean "xsd-valid"\?\), nonsense; expected a comma-separated list of /);
  const badUrl = await inProcess(['run', '--base-url', 'http://u:Passw0rd-9@127.0.0.1:1/x?q=1']);
  expect(badUrl.err).toEqual(['tsiws-conform: --base-url: give the base URL without query or fragment ("http://<USER>:<PASSWORD>@127.0.0.1:1/x?q=1")']);
});

test.each([['--version'], ['-V']])('%s prints the package version', async (flag) => {
  const { code, out } = await inProcess([flag]);
  expect([code, out]).toEqual([0, [`tsiws-conformance ${(await import('../../package.json', { with: { type: 'json' } })).default.version}`]]);
});

test('a misspelt TSIWS_ variable in the environment or .env is a warning with a suggestion, not an error', async () => {
  const envFile = join(dir, 'typo.env');
  writeFileSync(envFile, 'TSIWS_RUNZ=3\nTSIWS_PROFILE=strict\n');
  const { code, err } = await inProcess(['run', '--env-file', envFile, '--rate', '0'], { TSIWS_TIMEOUT_MSS: '5', TSIWS_ZZZZZZZZZZZZ: '1' });
  expect(code).toBe(2);
  expect(err).toEqual([
    `tsiws-conform: WARNING: ${envFile} sets TSIWS_RUNZ, which no setting reads; did you mean TSIWS_RUNS?`,
    'tsiws-conform: WARNING: the environment sets TSIWS_TIMEOUT_MSS, which no setting reads; did you mean TSIWS_TIMEOUT_MS?',
    'tsiws-conform: WARNING: the environment sets TSIWS_ZZZZZZZZZZZZ, which no setting reads (see tsiws-conform run --help)',
    'tsiws-conform: --rate: expected a positive whole number, got "0"',
  ]);
});

test('--env-file /missing: one line and exit 2 from the real bin (node 20 reads --env-file itself)', async () => {
  const result = await runCliProcess(['run', '--env-file', join(dir, 'missing.env')]);
  expect([result.code, result.stdout, result.stderr]).toEqual([2, '', `tsiws-conform: --env-file: ${join(dir, 'missing.env')} does not exist; give the path of an existing .env file\n`]);
});
