/** The bench's HTTP client alone: it replays the prebuilt requests through src/http and counts
 * answers, non-2xx answers and failures apart; a broken target gives figures and a reason, never a
 * crash or a spinning loop. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { clientAlone } from '../../src/bench/client-alone.js';
import { clientAloneLine } from '../../src/bench/bracketed.js';
import { prebuiltRequests } from '../../src/bench/requests.js';
import { DEFAULTS } from '../../src/config/settings.js';
import { useReferenceTarget } from '../support/reference-target.js';

const target = useReferenceTarget();
const requestsFor = () => prebuiltRequests({ ...DEFAULTS, operations: ['MobileAccountSearch', 'MobileAccountDefaultsList'] });
const quick = { concurrency: 2, seconds: 0.3, warmUpSeconds: 0.05, targetPid: process.pid };

let other: Server | undefined;
afterEach(() => new Promise<void>((done) => (other ? other.close(() => done()) : done())));

test('against the reference server every replayed request is answered 2xx, with CPU per request', async () => {
  const result = await clientAlone({ ...quick, url: target.server.url, requests: await requestsFor() });
  expect(result.requests).toBeGreaterThan(0);
  expect(result.perSecond).toBeGreaterThan(0);
  expect({ errors: result.errors, non2xx: result.non2xx, firstError: result.firstError }).toEqual({ errors: 0, non2xx: 0, firstError: undefined });
  // The server runs in this process here, so both sides' CPU is this process's.
  expect(result.cpu?.clientMs).toBeGreaterThan(0);
});

test('answers that are not 2xx are counted as such', async () => {
  other = createServer((_req, res) => res.writeHead(500).end('no'));
  await new Promise<void>((done) => other!.listen(0, '127.0.0.1', done));
  const result = await clientAlone({ ...quick, url: `http://127.0.0.1:${(other.address() as AddressInfo).port}`, requests: await requestsFor() });
  expect(result.requests).toBeGreaterThan(0);
  expect(result.non2xx).toBe(result.requests);
  expect(result.errors).toBe(0);
});

test('a target that refuses connections gives errors and the first reason, within the window', async () => {
  const closed = createServer();
  await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
  const port = (closed.address() as AddressInfo).port;
  await new Promise<void>((done) => closed.close(() => done()));
  const started = Date.now();
  const result = await clientAlone({ ...quick, url: `http://127.0.0.1:${port}`, requests: await requestsFor() });
  expect(Date.now() - started).toBeLessThan(5000);
  expect(result.requests).toBe(0);
  expect(result.errors).toBeGreaterThan(0);
  expect(result.firstError).toMatch(/ECONNREFUSED|refused/i);
  const line = clientAloneLine('', 80, 2, 0.3, { ...result, ofRaw: 0, harnessOfClient: 0 });
  expect(line).toContain(`${result.errors} errors, 0 non-2xx (first error: ${result.firstError})`);
});

test('no requests to replay is a clear error', async () => {
  await expect(clientAlone({ ...quick, url: 'http://127.0.0.1:1', requests: [] })).rejects.toThrow('at least one request');
});

test('the line says the rate, its share of the raw rate and the harness\'s share of it', () => {
  const line = clientAloneLine('asmx ', 80, 4, 10, { requests: 68_450, perSecond: 6845, errors: 0, non2xx: 0, cpu: null, ofRaw: 0.72, harnessOfClient: 0.7 });
  expect(line).toBe('asmx HTTP client alone (src/http over undici, the same 80 requests, 4 in flight, 10 s, no checks): 6845 req/s, 72% of raw; the harness reached 70% of it; 0 errors, 0 non-2xx');
});
