/**
 * User checks (--checks-module): the example module loads and its check fires on an empty result and
 * passes on the reference server's; .mjs and .ts modules load; a module that does not load, exports
 * no valid check, or names a built-in id is a configuration error (exit 2 with one line); a user
 * check that throws is a tool error, not a finding; `checks` lists user checks with their origin; and
 * --checks / --skip-checks accept their ids.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { CHECK_IDS, CLIENT_CHECK_IDS } from '../../src/checks/registry.js';
import { runChecks } from '../../src/checks/runner.js';
import type { Check, Exchange } from '../../src/checks/types.js';
import { loadChecksModule } from '../../src/checks/user-module.js';
import { main, type Io } from '../../src/cli/main.js';
import { checkingSettings } from '../../src/cli/settings.js';
import { getOperation } from '../../src/contract/index.js';
import { evaluate } from '../../src/checks/evaluate.js';
import { PROFILES } from '../../src/profiles/expectations.js';
import { soapResult, stringResult } from '../../src/server/replies.js';
import { getTransportById, TRANSPORT_IDS, type TransportId } from '../../src/transports/index.js';
import { fromReply } from '../support/http.js';

const EXAMPLE = resolve('examples/checks/result-not-empty.mjs');
const NS = 'http://www.tigerpawsoftware.com';
const op = getOperation('MobileContactSearch');
const dir = mkdtempSync(join(tmpdir(), 'tsiws-user-checks-'));
const moduleFile = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const CHECK_FIELDS = `description: 'd', enforces: 'e', level: 'error', levelReason: 'r', appliesText: 'a', scope: 'exchange', applies: () => true`;

function exchange(t: TransportId, text: string): Exchange {
  const transport = getTransportById(t);
  const reply = t === 'get' || t === 'post' ? stringResult(NS, text) : soapResult(transport.dialect!, NS, op, text);
  return { operation: op, transport, namespace: NS, request: transport.encode({ namespace: NS }, op, {}), response: fromReply(reply), kind: 'positive', profile: PROFILES.asmx };
}

function io(env: Record<string, string> = {}) {
  const lines = { out: [] as string[], err: [] as string[] };
  const value: Io = { out: (l) => lines.out.push(l), err: (l) => lines.err.push(l), env };
  return { io: value, lines };
}

describe('the example check, result-not-empty', () => {
  test.each(TRANSPORT_IDS)('passes on a result and fails on an empty one (%s)', async (t) => {
    const [check] = (await loadChecksModule(EXAMPLE, CHECK_IDS)).exchange as [Check];
    expect(evaluate(exchange(t, '{"operation":"MobileContactSearch"}'), [check])).toEqual([{ id: 'result-not-empty', status: 'passed' }]);
    expect(evaluate(exchange(t, '  '), [check])).toEqual([{ id: 'result-not-empty', status: 'failed', level: 'warning', message: 'MobileContactSearch answered an empty result' }]);
  });

  test('tsiws-conform checks --checks-module lists it after the built-ins, marked as the user\'s', async () => {
    const { io: cli, lines } = io();
    expect(await main(['checks', '--checks-module', EXAMPLE], cli)).toBe(0);
    expect(lines.out.find((l) => l.startsWith('result-not-empty'))).toMatch(/warning {2}\[user\] A successful answer carries a non-empty result text$/);
    expect(lines.out.at(-1)).toContain(`(1 from ${EXAMPLE})`);
    const { io: json, lines: jsonLines } = io({ TSIWS_CHECKS_MODULE: EXAMPLE });
    expect(await main(['checks', '--json'], json)).toBe(0);
    const rows = JSON.parse(jsonLines.out.join('\n')) as Array<{ id: string; origin: string }>;
    expect(rows.at(-1)).toMatchObject({ id: 'result-not-empty', origin: `user: ${EXAMPLE}` });
    expect(rows.filter((r) => r.origin === 'built-in')).toHaveLength(CHECK_IDS.length + CLIENT_CHECK_IDS.length);
  });
});

describe('loading a checks module', () => {
  test('a TypeScript module and a default export load too', async () => {
    const ts = moduleFile('typed.ts', `import type { Check } from 'tsiws-conformance/checks';\nconst check: Check = { id: 'typed-check', ${CHECK_FIELDS}, run: () => ({ status: 'passed' }) };\nexport default check;\n`);
    expect((await loadChecksModule(ts, CHECK_IDS)).exchange.map((c) => c.id)).toEqual(['typed-check']);
  });

  test('--checks and --skip-checks accept user ids once the module is given, and only then', async () => {
    const settings = await checkingSettings('run', { 'checks-module': EXAMPLE, checks: 'result-not-empty,http-status-200', 'skip-checks': 'result-not-empty' }, io().io);
    expect(settings).toMatchObject({ checksModule: EXAMPLE, checks: ['result-not-empty', 'http-status-200'], skipChecks: ['result-not-empty'] });
    await expect(checkingSettings('run', { checks: 'result-not-empty' }, io().io)).rejects.toThrow(/--checks: unknown check id result-not-empty/);
  });

  const cases: Array<[string, string, RegExp]> = [
    ['does not load', 'export const checks = [;', /^--checks-module: .*broken\.mjs: cannot load it: /],
    ['exports nothing', 'export const other = 1;', /exports no checks; export them as `checks`/],
    ['exports a non-check', `export const checks = [{ id: 'Bad Id' }];`, /not a check: id "Bad Id" is not lower-case/],
    ['has a wrong level', `export const checks = [{ id: 'x', ${CHECK_FIELDS.replace("'error'", "'fatal'")}, run() {} }];`, /x: level "fatal" is not one of error, warning, info/],
    ['names a built-in id', `export const checks = [{ id: 'echo-matches', ${CHECK_FIELDS}, run() {} }];`, /check id echo-matches is already a built-in check; give your check another id/],
    // The client checks' ids too: --checks names them as it names the run's (issue 60, item 4).
    ['names a client check\'s id', `export const checks = [{ id: 'client-utf8', ${CHECK_FIELDS}, run() {} }];`, /check id client-utf8 is already a built-in check; give your check another id/],
    ['repeats an id', `const c = { id: 'twice', ${CHECK_FIELDS}, run() {} };\nexport const checks = [c, c];`, /check id twice is given more than once/],
  ];
  test.each(cases)('a module that %s: exit 2 with one line', async (name, text, message) => {
    const path = moduleFile(name === 'does not load' ? 'broken.mjs' : `${name.replace(/\W+/g, '-')}.mjs`, text);
    const { io: cli, lines } = io();
    expect(await main(['checks', '--checks-module', path], cli)).toBe(2);
    expect(lines.err).toHaveLength(1);
    expect(lines.err[0]).toMatch(/^tsiws-conform: /);
    expect(lines.err[0]!.slice('tsiws-conform: '.length)).toMatch(message);
  });

  test('a user check that throws is a tool error (status error), never a finding', async () => {
    const path = moduleFile('throws.mjs', `export const checks = [{ id: 'throws', ${CHECK_FIELDS}, run() { throw new Error('my bug'); } }];`);
    const { exchange: [check] } = await loadChecksModule(path, CHECK_IDS);
    const [outcome] = runChecks([check!], (c) => c.run(exchange('soap11', 'x')));
    expect(outcome).toMatchObject({ id: 'throws', status: 'error', message: expect.stringMatching(/^check crashed: Error: my bug/) });
  });
});
