/** The proxy under more traffic than its judging keeps up with (issue 61), as a user runs it: the
 * bin in front of `serve`, autocannon through it, a judge made slower than the traffic
 * (TSIWS_TEST_SLOW_JUDGE_MS, so the test does not hang on the machine's speed), then SIGINT. By
 * default it forwards everything and judges a sample, and every report says so; with --judge all
 * it judges every exchange. Either way: exit 130, every report written and certified. */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { startServer } from '../../src/bench/child.js';
import { prebuiltRequests } from '../../src/bench/requests.js';
import { readCertificate, verifyReports } from '../../src/cli/verify-certificate.js';
import { DEFAULTS } from '../../src/config/settings.js';
import { startProxyCli } from '../support/proxy-cli.js';

let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  server = await startServer();
}, 60_000);
afterAll(async () => server?.stop());

const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/** The bin's proxy in front of the server, each judgement taking `slowMs`, once it listens. */
const proxyCli = (slowMs: number, extra: string[]) => startProxyCli(server.url, extra, started, { TSIWS_TEST_SLOW_JUDGE_MS: String(slowMs) });

/** `amount` prebuilt valid requests through `url` over 8 connections; the answers autocannon got. */
async function load(url: string, amount: number): Promise<number> {
  const requests = await prebuiltRequests(DEFAULTS);
  const result = await autocannon({ url, connections: 8, amount, requests: requests.map((r) => ({ method: r.method, path: r.path, headers: { ...r.headers }, ...(r.body !== undefined ? { body: r.body } : {}) })) });
  expect(result.errors + result.non2xx).toBe(0);
  return result.requests.total;
}

/** SIGINT, exit 130, every report written and certified; results.json's run. */
async function stopped(proxy: Awaited<ReturnType<typeof proxyCli>>) {
  proxy.child.kill('SIGINT');
  expect(await proxy.exited).toBe(130);
  expect(verifyReports(proxy.reports, readCertificate(proxy.reports))).toMatchObject({ missing: [], altered: [] });
  const results = JSON.parse(readFileSync(join(proxy.reports, 'results.json'), 'utf8'));
  const records = readFileSync(join(proxy.reports, 'records.jsonl'), 'utf8').trim().split('\n');
  return { run: results.run, summary: results.summary, records: records.length, html: readFileSync(join(proxy.reports, 'report.html'), 'utf8') };
}

test('past what judging keeps up with, everything is forwarded, a sample judged, and every report says what was sampled', async () => {
  // Each judgement 20 ms, a queue of 4: judging keeps up with a few exchanges a second under load.
  const proxy = await proxyCli(20, ['--judge-queue', '4']);
  const answered = await load(proxy.url, 600);
  const { run, summary, records, html } = await stopped(proxy);
  expect(run.observed.exchanges).toBeGreaterThanOrEqual(answered);
  expect(run.observed.sampled).toBeGreaterThan(0);
  expect(run.observed.judged + run.observed.sampled).toBe(run.observed.exchanges);
  expect(run.observed).toMatchObject({ judge: 'sample', stoppedBy: 'SIGINT', sampling: { minEvery: 2 } });
  // What was taken for judging was judged before the reports were written.
  expect(records).toBe(run.observed.judged);
  expect(summary.exchanges.total).toBe(run.observed.judged);
  expect(summary.sampled).toEqual({ judged: run.observed.judged, exchanges: run.observed.exchanges });
  const judged = `judged ${run.observed.judged.toLocaleString('en-US')} of ${run.observed.exchanges.toLocaleString('en-US')} exchanges`;
  const text = `${judged}; ${run.observed.sampled.toLocaleString('en-US')} forwarded unjudged under load (sampling 1 in `;
  expect(proxy.out()).toContain(text);
  expect(proxy.out()).toMatch(new RegExp(`\\nVerdict: conforms \\(sampled: ${judged}\\)\\n`));
  expect(html).toContain(text);
  expect(html).toContain(`Conforms (sampled: ${judged})`);
}, 120_000);

test('--judge all: every exchange is judged, however slowly, and the verdict is over them all', async () => {
  const proxy = await proxyCli(2, ['--judge', 'all', '--judge-queue', '4']);
  const answered = await load(proxy.url, 300);
  const { run, summary, records, html } = await stopped(proxy);
  expect(run.observed.exchanges).toBeGreaterThanOrEqual(answered);
  expect(run.observed).toMatchObject({ judge: 'all', judged: run.observed.exchanges, sampled: 0 });
  expect(run.observed.sampling).toBeUndefined();
  expect(records).toBe(run.observed.exchanges);
  expect(summary.sampled).toBeUndefined();
  expect(proxy.out()).toContain(`judged all ${run.observed.exchanges.toLocaleString('en-US')} exchanges`);
  expect(proxy.out()).toMatch(/\nVerdict: conforms\n/);
  expect(html).not.toContain('sampled');
}, 120_000);
