/** A negative case left unanswered is one answers-in-time finding per scenario and transport, with
 * its request and the time waited (--negative-timeout-ms), not a tool error per case (issue 43). */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { negativeCases } from '../../src/cases/negative.js';
import { DEFAULTS } from '../../src/config/settings.js';
import { getOperation } from '../../src/contract/index.js';
import { runCase } from '../../src/engine/exchange/run-case.js';
import { createHttpClient, type HttpClient } from '../../src/http/send.js';
import { useReferenceTarget } from '../support/reference-target.js';

const op = getOperation('MobileContactSearch');
const malformed = negativeCases(op, { auth: false }).find((c) => c.scenario === 'malformed-xml')!;
const reference = useReferenceTarget();

// Reads every request to its end and never answers: what gSOAP 2.8 did with a cut-off envelope.
let silent: Server;
let client: HttpClient;
let received = 0;
let baseUrl = '';
beforeAll(async () => {
  silent = createServer((req) => { received++; req.resume(); });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  client = createHttpClient({ baseUrl, timeoutMs: 30_000, maxResponseBytes: 1 << 20, connections: 4 });
});
afterAll(async () => {
  await client.close();
  silent.closeAllConnections();
  await new Promise((resolve) => silent.close(resolve));
});

test('no answer to a cut-off envelope in --negative-timeout-ms: one error-level finding, then the scenario is not sent again', async () => {
  const settings = { ...DEFAULTS, baseUrl, negativeTimeoutMs: 300 };
  const started = Date.now();
  const first = await runCase(settings, client, malformed, 'soap11');
  expect(Date.now() - started).toBeLessThan(5_000);
  expect(first.error).toBeUndefined();
  expect(first.request.curl).toMatch(/^curl /);
  expect(first.checks).toEqual([{ id: 'answers-in-time', status: 'failed', level: 'error', message: expect.stringMatching(/^no complete answer within 300 ms \(--negative-timeout-ms\) to malformed-xml over soap11: /) }]);
  const again = await runCase(settings, client, { ...malformed, id: `${malformed.id}-again` }, 'soap11');
  expect(again.checks).toEqual([{ id: 'answers-in-time', status: 'skipped', message: `not sent: malformed-xml went unanswered over soap11 already (${malformed.id})` }]);
  expect(received).toBe(1);
  // Another transport is its own finding.
  expect((await runCase(settings, client, malformed, 'soap12')).checks[0]).toMatchObject({ id: 'answers-in-time', status: 'failed' });
});

test('a valid request left unanswered stays a tool error after --timeout-ms; --checks without answers-in-time keeps the tool error', async () => {
  // The client holds --timeout-ms (engine/run/run.ts makes it from the settings).
  const quick = createHttpClient({ baseUrl, timeoutMs: 300, maxResponseBytes: 1 << 20, connections: 2 });
  try {
    const positive = { id: 'p', operation: op.name, kind: 'positive' as const, values: malformed.values };
    const record = await runCase({ ...DEFAULTS, baseUrl, timeoutMs: 300 }, quick, positive, 'get');
    expect(record.error?.code).toBe('TSIWS_TIMEOUT');
    const narrowed = await runCase({ ...DEFAULTS, baseUrl, timeoutMs: 300, checks: ['rejects-invalid-input'] }, quick, malformed, 'soap12');
    expect([narrowed.error?.code, narrowed.checks]).toEqual(['TSIWS_TIMEOUT', []]);
  } finally {
    await quick.close();
  }
});

test('a target that answers is not judged by answers-in-time', async () => {
  const record = await runCase({ ...DEFAULTS, baseUrl: reference.server.url, negativeTimeoutMs: 300 }, reference.client, malformed, 'soap11');
  expect(record.error).toBeUndefined();
  expect(record.checks.map((c) => c.id)).not.toContain('answers-in-time');
  expect(record.checks.find((c) => c.id === 'rejects-invalid-input')?.status).toBe('passed');
});
