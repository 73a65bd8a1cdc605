/** replay judges the finding it reproduces as run would: the waivers of --waivers FILE and of the
 * config file accept it until their expiry (shown with the reason, exit 0), an expired one fails
 * again saying so (exit 1). And a client check in --skip-checks is refused, as in run. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { dayOf } from '../../src/config/waivers.js';
import { FAILURE_FILE_VERSION, type FailureFile } from '../../src/report/digest/failure-files.js';
import type { ExchangeRecord } from '../../src/results/record.js';
import { startReferenceServer, type ReferenceServer } from '../../src/server/server.js';
import { cliInProcess } from '../support/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'tsiws-replay-waivers-'));
// Answers a SOAP 1.1 success with 202: http-status-200 fires on every replay of the case below.
let mutant: ReferenceServer;
beforeAll(async () => {
  mutant = await startReferenceServer({ mutant: 'status-202-success' });
});
afterAll(() => mutant.close());

const failure = join(dir, 'failure.json');
const record = { operation: 'MobileAccountSearch', transport: 'soap11', kind: 'positive', caseId: 'MobileAccountSearch-example', values: {}, request: { method: 'POST', url: '', headers: {}, curl: 'curl' }, checks: [{ id: 'http-status-200', status: 'failed', level: 'error', message: 'HTTP 202' }] } as unknown as ExchangeRecord;
const file: FailureFile = { version: FAILURE_FILE_VERSION, id: 'failure', target: 'http://target', embedded: false, namespace: 'http://www.tigerpawsoftware.com', profile: 'asmx', echo: false, resultFormat: 'json', seed: 1, record, findings: ['http-status-200: HTTP 202'], curl: 'curl', replay: '' };
writeFileSync(failure, JSON.stringify(file));

const day = (offset: number) => dayOf(new Date(Date.now() + offset * 86_400_000));
const waiver = (expires: string) => ({ check: 'http-status-200', operation: 'MobileAccountSearch', reason: 'legacy host answers 202', expires, ticket: 'OPS-7' });
function json(name: string, content: object): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(content));
  return path;
}
const replay = (...extra: string[]) => cliInProcess(['replay', failure, '--base-url', mutant.url, '--checks', 'http-status-200', ...extra]);

test('without a waiver: reproduced, exit 1', async () => {
  const r = await replay();
  expect(r.stdout).toContain('Reproduced: the same checks fire (http-status-200).');
  expect(r.stdout).not.toContain('waived');
  expect(r.code).toBe(1);
});

test.each([
  ['--waivers FILE', () => ['--waivers', json('waivers.json', { waivers: [waiver(day(30))] })]],
  ['the config file', () => ['--config', json('tsiws.config.json', { waivers: [waiver(day(30))] })]],
])('a waiver from %s: the reproduced finding is shown waived with its reason, exit 0', async (_, args) => {
  const r = await replay(...args());
  expect(r.stdout).toMatch(new RegExp(`^  http-status-200: .* \\(waived until ${day(30)}: legacy host answers 202 \\[OPS-7\\]\\)$`, 'm'));
  expect(r.stdout).toContain('Reproduced: the same checks fire (http-status-200).');
  expect(r.stdout).toContain('Waived: http-status-200, as a run with these waivers reports it; nothing else fires.');
  expect(r.stdout).not.toContain('Not reproduced');
  expect(r.code).toBe(0);
});

test('an expired waiver: the finding fails again, saying the waiver expired, exit 1', async () => {
  const r = await replay('--waivers', json('expired.json', [waiver(day(-1))]));
  expect(r.stdout).toMatch(new RegExp(`^  http-status-200: waiver expired on ${day(-1)} \\(legacy host answers 202\\): `, 'm'));
  expect(r.stdout).not.toContain('Waived:');
  expect(r.code).toBe(1);
});

test('a client check in --skip-checks: one line, exit 2, as in run', async () => {
  const r = await replay('--skip-checks', 'client-utf8');
  expect([r.code, r.stderr]).toEqual([2, "tsiws-conform: --skip-checks: client-utf8 is a client check, which judge the requests a client sends: replay has no client, tsiws-conform proxy has (docs/proxy.md); leave it out of replay's --skip-checks\n"]);
});
