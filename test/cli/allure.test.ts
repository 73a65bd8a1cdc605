/** run --allure DIR (issue 40, part 3): one result file per junit.xml testcase, the request and
 * answer attached, no secret anywhere in the folder, and a folder that cannot be used refused as bad
 * usage. The mapping itself is in test/report/allure-mapping.test.ts; Allure's command line reading
 * a run's results in test/report/foreign/allure.test.ts (a system test). */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/server/server.js';
import { cliInProcess, runInProcess, type CliResult } from '../support/cli.js';

const SIG = 'SIGsecret-4711';
const KEY = 'KEYsecret-0815';
const PASSWORD = 'PWsecret-2323';
const TOKEN = 'TOKsecret-9999';

/** Every result file of a results folder, parsed. */
const resultsIn = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('-result.json')).map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')));

describe('run --allure DIR against a mutant', () => {
  let server: ReferenceServer;
  let r: CliResult;
  let dir: string;
  beforeAll(async () => {
    server = await startReferenceServer({ mutant: 'accept-bad-int' });
    dir = join(mkdtempSync(join(tmpdir(), 'tsiws-allure-')), 'results');
    // An earlier run's results in the folder, which this run replaces; the history a CI job copies in stays.
    mkdirSync(join(dir, 'history'), { recursive: true });
    writeFileSync(join(dir, 'earlier-result.json'), '{}');
    writeFileSync(join(dir, 'earlier-attachment.txt'), 'earlier');
    writeFileSync(join(dir, 'history', 'history.json'), '{}');
    r = await runInProcess(['run', '--base-url', server.url, '--allow-mutations', '--suites', 'positive,negative', '--runs', '1', '--operations', 'MobileDispatchUpdate', '--sig', SIG, '--mobilekey', KEY, '--auth', `user:${PASSWORD}`, '--header', `X-Api-Key: ${TOKEN}`, '--allure', dir]);
  }, 120_000);
  afterAll(() => server.close());

  test('one result per junit.xml testcase, failed as many as its failures, and none of an earlier run', () => {
    expect(r.code).toBe(1);
    const junit = r.text('junit.xml');
    expect(existsSync(join(dir, 'earlier-result.json')) || existsSync(join(dir, 'earlier-attachment.txt'))).toBe(false);
    const results = resultsIn(dir);
    expect(results.length).toBe(junit.match(/<testcase /g)!.length);
    expect(results.filter((t) => t.status === 'failed').length).toBe(Number(/<testsuites [^>]*failures="(\d+)"/.exec(junit)![1]));
    expect(results.every((t) => t.labels.some((l: { name: string; value: string }) => l.name === 'operation' && l.value === 'MobileDispatchUpdate') || t.fullName.startsWith('tsiws-conform: ') || t.fullName.startsWith('diagnoses: '))).toBe(true);
    expect(new Set(results.map((t) => t.historyId)).size).toBe(results.length);
    expect(existsSync(join(dir, 'history', 'history.json'))).toBe(true);
  });

  test('a failed result attaches the request and the answer, as sent and as answered', () => {
    // A SOAP 1.1 one: its answer is an envelope naming the result element.
    const failed = resultsIn(dir).find((t) => t.status === 'failed' && t.steps.length === 3 && t.labels.some((l: { name: string; value: string }) => l.name === 'transport' && l.value === 'soap11'))!;
    const [encode, send] = failed.steps;
    const request = readFileSync(join(dir, encode.attachments[0].source), 'utf8');
    const answer = readFileSync(join(dir, send.attachments[0].source), 'utf8');
    expect(request).toMatch(/^POST http:\/\/127\.0\.0\.1:\d+\/api\/rmm\/tsiWS\.asmx\nContent-Type: text\/xml; charset=utf-8\nSOAPAction: "http:\/\/www\.tigerpawsoftware\.com\/MobileDispatchUpdate"\nX-Api-Key: <REDACTED>\n\n<\?xml/);
    expect(answer).toMatch(/^HTTP 200 \(\d+ ms\)\n/);
    expect(answer).toContain('MobileDispatchUpdateResult');
  });

  test('no secret appears anywhere in the folder; the placeholders do', () => {
    const text = readdirSync(dir, { withFileTypes: true }).filter((f) => f.isFile()).map((f) => readFileSync(join(dir, f.name), 'utf8')).join('\n');
    // Booleans, not the folder's text in a failure message (megabytes).
    for (const secret of [SIG, KEY, PASSWORD, TOKEN, Buffer.from(`user:${PASSWORD}`).toString('base64')]) expect(text.includes(secret), secret).toBe(false);
    // As each transport encodes the placeholder: in XML, in a query or form, in a header.
    for (const placeholder of ['&lt;SIGNATURE&gt;', '%3CSIGNATURE%3E', '<REDACTED>']) expect(text.includes(placeholder), placeholder).toBe(true);
  });
});

test('--show-secrets shows them there too: the search above looks where a secret would be', async () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'tsiws-allure-')), 'results');
  const r = await runInProcess(['run', '--suites', 'positive', '--runs', '1', '--operations', 'MobileAccountSearch', '--transports', 'get', '--sig', SIG, '--show-secrets', '--allure', dir]);
  expect(r.code).toBe(0);
  expect(readdirSync(dir).some((f) => readFileSync(join(dir, f), 'utf8').includes(SIG))).toBe(true);
});

test('a run that ends before its first test leaves its tool error as a broken result', async () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'tsiws-allure-')), 'results');
  const r = await runInProcess(['run', '--base-url', 'http://127.0.0.1:1', '--suites', 'positive', '--runs', '1', '--operations', 'MobileAccountSearch', '--allure', dir]);
  expect(r.code).toBe(3);
  expect(resultsIn(dir).map((t) => [t.name, t.status])).toEqual([['tool error 1', 'broken']]);
});

test('an --allure folder that cannot be made is bad usage before any request, exit 2', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'tsiws-allure-')), 'a-file');
  writeFileSync(file, 'not a folder');
  const r = await runInProcess(['run', '--allure', join(file, 'results'), '--suites', 'positive', '--runs', '1', '--operations', 'MobileAccountSearch']);
  expect(r.code).toBe(2);
  expect(r.stderr).toMatch(/--allure .*a-file\/results: cannot write the Allure results there \(ENOTDIR\); give a folder you can write to/);
  // The reports say why, as for any bad usage.
  expect(r.json('results.json').run.failure.code).toBeDefined();
});

test('--allure the --reports folder is refused: Allure would count junit.xml too', async () => {
  const cwd = mkdtempSync(join(tmpdir(), 'tsiws-allure-'));
  const both = join(cwd, 'reports');
  writeFileSync(join(cwd, '.env'), '');
  const r = await cliInProcess(['run', '--allure', both, '--reports', both, '--env-file', join(cwd, '.env'), '--suites', 'positive', '--runs', '1', '--operations', 'MobileAccountSearch']);
  expect(r.code).toBe(2);
  expect(r.stderr).toContain(`--allure ${both} is the --reports folder; give the Allure results their own folder`);
});
