/** The proxy's session (src/session/observe-and-report.ts): exchanges through it become records in
 * the run's own pipeline (records.jsonl, the digest, the same report writers), results.json says
 * kind "observed", and --capture writes each exchange as a HAR 1.2 line with its secrets replaced. */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CATALOGS } from '../../src/checks/catalogs.js';
import { exampleCase } from '../../src/cases/examples.js';
import { resolveCommand } from '../../src/config/resolve.js';
import { dayOf } from '../../src/config/waivers.js';
import { getOperation } from '../../src/contract/index.js';
import type { JudgeClient } from '../../src/proxy/observed.js';
import type { ExchangeRecord } from '../../src/results/record.js';
import { startReferenceServer, type ReferenceServer } from '../../src/server/server.js';
import { observeAndReport } from '../../src/session/observe-and-report.js';
import { getTransportById } from '../../src/transports/index.js';
import { rawRequest } from '../proxy/raw-http.js';

const folder = () => mkdtempSync(join(tmpdir(), 'tsiws-observe-'));
const SIG = 'SIG-secret-98765';
const KEY = 'MOBILEKEY-4321';
const CREDENTIALS = 'Basic dXNlcjpwYXNzd29yZA==';
const HEADER_VALUE = 'api-key-value-77';

let server: ReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer();
});
afterAll(() => server.close());

test('records through the run\'s pipeline, reports with kind observed, a capture with placeholders', async () => {
  const reports = folder();
  const capture = folder();
  const settings = resolveCommand('proxy', { flags: { target: server.url, port: '0', reports, capture, header: [`X-Api-Key: ${HEADER_VALUE}`] }, env: {}, envFile: join(reports, 'none.env'), envFileExplicit: false, catalogs: CATALOGS });
  const stop = new AbortController();
  const op = getOperation('MobileAccountSearch');
  const values = { ...exampleCase(op).values, repnumber: '1', timestamp: '2024-02-03T04:05:06', sig: SIG };
  const judge: JudgeClient = (request) => ({
    call: { transport: request.method === 'GET' ? 'get' : 'soap11', operation: op.name, values },
    findings: request.method === 'GET' ? [{ id: 'client-fake', status: 'failed', level: 'error', message: `sig ${SIG} is wrong` }] : [],
  });
  const records: ExchangeRecord[] = [];
  const listening = new Promise<string>((resolve) => {
    void observeAndReport({ ...settings, target: server.url }, { signal: stop.signal, judgeClient: judge, listening: resolve, onRecord: (r) => records.push(r) })
      .then((report) => done(report));
  });
  let done!: (report: Awaited<ReturnType<typeof observeAndReport>>) => void;
  const finished = new Promise<Awaited<ReturnType<typeof observeAndReport>>>((resolve) => (done = resolve));
  const url = await listening;
  const get = getTransportById('get').encode({ namespace: server.namespace }, op, values);
  const soap = getTransportById('soap11').encode({ namespace: server.namespace }, op, values);
  await rawRequest(url + get.path, 'GET', { authorization: CREDENTIALS, 'X-Api-Key': 'the-clients-own-key' });
  await rawRequest(url + soap.path, 'POST', soap.headers, soap.body!.replace('</sig>', `</sig><mobilekey>${KEY}</mobilekey>`));
  while (records.length < 2) await new Promise((resolve) => setTimeout(resolve, 20));
  stop.abort('SIGTERM');
  const report = await finished;

  expect(report.stoppedBy).toBe('SIGTERM');
  const results = JSON.parse(readFileSync(join(reports, 'results.json'), 'utf8'));
  expect(results.run.kind).toBe('observed');
  expect(results.run.observed).toMatchObject({ exchanges: 2, stoppedBy: 'SIGTERM' });
  expect(results.summary.verdict).toBe('does-not-conform');
  expect(results.failures.map((f: { check: string; caseId: string }) => `${f.caseId} ${f.check}`)).toEqual(['observed-000001 client-fake']);
  const logged = readFileSync(join(reports, 'records.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as ExchangeRecord);
  // The GET's client error matches no scenario (the fake judge names none): judged as any answer.
  expect(logged.map((r) => `${r.kind} ${r.transport} ${r.observed?.judgedAs}`)).toEqual(['observed get any answer', 'observed soap11 positive']);
  expect(report.files.map((f) => f.slice(reports.length + 1))).toEqual(expect.arrayContaining(['junit.xml', 'results.json', 'report.html', 'records.jsonl', 'certificate.json', 'failures.har']));
  for (const name of readdirSync(reports).filter((n) => n.includes('.'))) {
    const text = readFileSync(join(reports, name), 'utf8');
    for (const secret of [SIG, KEY, CREDENTIALS, HEADER_VALUE, 'the-clients-own-key']) expect([name, text.includes(secret)]).toEqual([name, false]);
  }

  const lines = readFileSync(join(capture, 'traffic.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  expect(lines).toHaveLength(2);
  const [first, second] = lines;
  expect(Object.keys(first)).toEqual(['startedDateTime', 'time', 'request', 'response', 'cache', 'timings']);
  expect(first.request).toMatchObject({ method: 'GET', url: server.url + get.path.replace(SIG, '{{sig}}').replace(encodeURIComponent(values.timestamp), '{{timestamp}}'), httpVersion: 'HTTP/1.1' });
  expect(first.request.headers).toContainEqual({ name: 'authorization', value: '{{authorization}}' });
  // A header --header names is the user's secret, whoever sends it.
  expect(first.request.headers).toContainEqual({ name: 'x-api-key', value: '{{x-api-key}}' });
  expect(first.request.queryString).toContainEqual({ name: 'sig', value: '{{sig}}' });
  expect(first.response).toMatchObject({ status: 200, statusText: 'OK', content: { mimeType: 'text/xml; charset=utf-8' } });
  expect(second.request.postData.mimeType).toBe('text/xml; charset=utf-8');
  expect(second.request.postData.text).toBe(soap.body!.replace(`<sig>${SIG}</sig>`, '<sig>{{sig}}</sig><mobilekey>{{mobilekey}}</mobilekey>').replace(values.timestamp, '{{timestamp}}'));
  expect(second.response.content.text).toContain('<MobileAccountSearchResult>');
  for (const secret of [SIG, KEY, CREDENTIALS, HEADER_VALUE, 'the-clients-own-key']) expect(JSON.stringify(lines).includes(secret)).toBe(false);
});

/** One session with these extra flags: one GET through it, judged by a judge that fails it with
 * `client-fake`; the results.json it writes. */
async function oneFailingGet(flags: Record<string, string>): Promise<{ summary: { verdict: string }; waived?: unknown[]; failures: unknown[] }> {
  const reports = folder();
  const settings = resolveCommand('proxy', { flags: { target: server.url, port: '0', reports, ...flags }, env: {}, envFile: join(reports, 'none.env'), envFileExplicit: false, catalogs: CATALOGS });
  const op = getOperation('MobileAccountSearch');
  const values = { ...exampleCase(op).values, repnumber: '1', timestamp: '2024-02-03T04:05:06', sig: SIG };
  const judge: JudgeClient = () => ({ call: { transport: 'get', operation: op.name, values }, findings: [{ id: 'client-fake', status: 'failed', level: 'error', message: 'sig is wrong' }] });
  const stop = new AbortController();
  let records = 0;
  let url!: string;
  const listening = new Promise<void>((resolve) => (url = '', void observeAndReport({ ...settings, target: server.url }, { signal: stop.signal, judgeClient: judge, listening: (u) => { url = u; resolve(); }, onRecord: () => records++ }).then(() => ended())));
  let ended!: () => void;
  const finished = new Promise<void>((resolve) => (ended = resolve));
  await listening;
  await rawRequest(url + getTransportById('get').encode({ namespace: server.namespace }, op, values).path, 'GET', {});
  while (records < 1) await new Promise((resolve) => setTimeout(resolve, 20));
  stop.abort('SIGTERM');
  await finished;
  return JSON.parse(readFileSync(join(reports, 'results.json'), 'utf8'));
}

test('--waivers: a finding a waiver names is reported waived and fails nothing until the waiver expires', async () => {
  const waivers = join(folder(), 'waivers.json');
  const waiver = { check: 'client-fake', operation: 'MobileAccountSearch', reason: 'the client team fixes it in 4.2', expires: dayOf(new Date(Date.now() + 30 * 86_400_000)) };
  writeFileSync(waivers, JSON.stringify({ waivers: [waiver] }));
  const waived = await oneFailingGet({ waivers });
  expect(waived.summary.verdict).toBe('conforms');
  expect(waived.waived).toHaveLength(1);
  expect(waived.failures).toEqual([]);
  writeFileSync(waivers, JSON.stringify({ waivers: [{ ...waiver, expires: dayOf(new Date(Date.now() - 86_400_000)) }] }));
  const expired = await oneFailingGet({ waivers });
  expect(expired.summary.verdict).toBe('does-not-conform');
  expect(expired.waived).toBeUndefined();
  expect(expired.failures).toHaveLength(1);
});
