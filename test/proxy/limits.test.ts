/** The proxy's limits hold while it streams (issue 61): hostile targets made here, the proxy in
 * front with a short --timeout-ms and a small --max-response-bytes, a client through it with more
 * patience. An answer that drips or never ends is cut at the time limit and judged (TSIWS_TIMEOUT,
 * TSIWS_RESPONSE_TOO_LARGE); only the first maxBodyBytes are kept for judging however many pass; a
 * client that hangs up early does not make the target's fault vanish. */
import { createServer, request as httpRequest, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { exampleCase } from '../../src/cases/examples.js';
import { checks as allChecks } from '../../src/checks/registry.js';
import { getOperation, SERVICE_PATH } from '../../src/contract/index.js';
import type { ForwardedExchange } from '../../src/proxy/observed.js';
import { observedRecord, type ObservingContext } from '../../src/proxy/observed-record.js';
import { getTransportById } from '../../src/transports/index.js';
import { proxyTo } from './raw-http.js';

const TIMEOUT_MS = 1000;
const MAX_BYTES = 4096;
const NS = 'http://www.tigerpawsoftware.com';
const op = getOperation('MobileContactSearch');
const request = getTransportById('soap11').encode({ namespace: NS }, op, { ...exampleCase(op).values, repnumber: '1', timestamp: '2024-01-01T00:00:00', sig: 'SIGVALUE1234' });
const judgedAsCall = () => ({ call: { transport: 'soap11' as const, operation: op.name, values: {} }, findings: [] });

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A target made of `handler`; `reached` resolves once a request has arrived. */
async function target(handler: RequestListener): Promise<{ url: string; reached: Promise<void> }> {
  let arrived!: () => void;
  const reached = new Promise<void>((resolve) => (arrived = resolve));
  const server: Server = createServer((req, res) => {
    req.resume();
    arrived();
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => {
    server.closeAllConnections();
    server.close();
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, reached };
}

/** Drips a 200 answer a byte every 50 ms, forever. */
const drip: RequestListener = (req, res) => {
  res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
  const timer = setInterval(() => res.write('<'), 50);
  req.socket.once('close', () => clearInterval(timer));
};

/** Writes 64 KiB chunks forever, as fast as they are taken. */
const flood: RequestListener = (req, res) => {
  res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  let open = true;
  req.socket.once('close', () => (open = false));
  const more = () => {
    while (open && res.write(chunk));
    if (open) res.once('drain', more);
  };
  more();
};

interface Got { readonly bytes: number; readonly endedMs: number; readonly whole: boolean }

/** A client with more patience than the proxy: how many bytes it got and when its answer ended
 * (end, or its connection cut). */
function client(proxyUrl: string): Promise<Got> {
  return calling(proxyUrl).got;
}

/** The same client, and a way to hang up. */
function calling(proxyUrl: string): { got: Promise<Got>; hangUp: () => void } {
  const started = Date.now();
  let hangUp!: () => void;
  const got = new Promise<Got>((resolve) => {
    let bytes = 0;
    let whole = false;
    const req = httpRequest(proxyUrl + request.path, { method: 'POST', headers: request.headers, agent: false, timeout: 30_000 }, (res: IncomingMessage) => {
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => (whole = true));
      res.on('error', () => {});
    });
    req.on('error', () => {});
    req.on('close', () => resolve({ bytes, endedMs: Date.now() - started, whole }));
    hangUp = () => req.destroy();
    req.end(request.body);
  });
  return { got, hangUp };
}

async function proxyFor(url: string) {
  const proxied = await proxyTo(url, { timeoutMs: TIMEOUT_MS, maxBodyBytes: MAX_BYTES });
  cleanups.push(() => proxied.proxy.close(500));
  return proxied;
}

const ctx = (url: string): ObservingContext => ({ target: url, namespace: NS, profile: 'asmx', checks: allChecks, access: { shown: {}, secrets: [] }, judgeClient: judgedAsCall });
const judged = (exchange: ForwardedExchange, url: string) => observedRecord(exchange, ctx(url), 1);

test('a target that drips its answer: the client\'s answer is ended at --timeout-ms, the exchange is TSIWS_TIMEOUT', async () => {
  const { url } = await target(drip);
  const { proxy, next } = await proxyFor(url);
  const got = await client(proxy.url);
  expect(got.whole).toBe(false);
  expect(got.endedMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
  expect(got.endedMs).toBeLessThan(TIMEOUT_MS + 2000);
  const exchange = await next();
  expect(exchange.error?.code).toBe('TSIWS_TIMEOUT');
  expect(exchange.answer?.body.length).toBe(got.bytes);
  // The start of an answer is not judged as if it were the whole (it would read as a broken document).
  expect(judged(exchange, url)).toMatchObject({ error: { code: 'TSIWS_TIMEOUT' }, observed: { judgedAs: 'not judged' }, checks: [] });
});

test('a target that streams forever: passed on past the limit, cut at --timeout-ms, TSIWS_RESPONSE_TOO_LARGE, only maxBodyBytes kept', async () => {
  const { url } = await target(flood);
  const { proxy, next } = await proxyFor(url);
  const got = await client(proxy.url);
  expect(got.whole).toBe(false);
  // Forwarding stays transparent past the judging limit; the deadline ends it.
  expect(got.bytes).toBeGreaterThan(10 * MAX_BYTES);
  expect(got.endedMs).toBeLessThan(TIMEOUT_MS + 2000);
  const exchange = await next();
  // What is held for judging is the first MAX_BYTES, however much passed: memory stays flat.
  expect(exchange.answer?.body.length).toBe(MAX_BYTES);
  expect(exchange.answer?.cut).toBe(true);
  expect(exchange.answer?.received).toBeGreaterThanOrEqual(got.bytes);
  expect(exchange.error?.code).toBe('TSIWS_TIMEOUT');
  const record = judged(exchange, url);
  expect(record.error?.code).toBe('TSIWS_RESPONSE_TOO_LARGE');
  expect(record.error?.message).toContain('then TSIWS_TIMEOUT');
  expect(record.response!.body!.length).toBeLessThanOrEqual(MAX_BYTES);
});

test('a client that hangs up on a target that drips: the exchange is still judged, TSIWS_TIMEOUT', async () => {
  const { url, reached } = await target(drip);
  const { proxy, next } = await proxyFor(url);
  const { got, hangUp } = calling(proxy.url);
  await reached;
  hangUp();
  expect((await got).endedMs).toBeLessThan(TIMEOUT_MS);
  const exchange = await next();
  expect(exchange).toMatchObject({ clientLeft: true, error: { code: 'TSIWS_TIMEOUT' } });
  expect(exchange.cutBy).toBeUndefined();
  expect(judged(exchange, url).error?.code).toBe('TSIWS_TIMEOUT');
});

test('a client that hangs up on a target that streams forever: TSIWS_RESPONSE_TOO_LARGE once past the limit, read no further', async () => {
  const { url, reached } = await target(flood);
  const proxied = await proxyTo(url, { timeoutMs: 60_000, maxBodyBytes: MAX_BYTES });
  cleanups.push(() => proxied.proxy.close(500));
  const { got, hangUp } = calling(proxied.proxy.url);
  await reached;
  hangUp();
  const left = Date.now();
  await got;
  const exchange = await proxied.next();
  // Not drained until the (long) deadline: the verdict was settled at the limit.
  expect(Date.now() - left).toBeLessThan(10_000);
  expect(exchange).toMatchObject({ clientLeft: true, error: { code: 'TSIWS_RESPONSE_TOO_LARGE' } });
  expect(exchange.answer?.body.length).toBe(MAX_BYTES);
  const record = judged(exchange, url);
  expect(record.error?.code).toBe('TSIWS_RESPONSE_TOO_LARGE');
  expect(record.error?.message).toMatch(/not judged; the client had closed its connection, so the proxy stopped reading the answer after \d+ bytes$/);
});

test('a client that hangs up before a slow 500: the exchange is judged on the target\'s answer', async () => {
  const { url, reached } = await target((_req, res) => {
    setTimeout(() => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('boom');
    }, 300);
  });
  const { proxy, next } = await proxyFor(url);
  const { got, hangUp } = calling(proxy.url);
  await reached;
  hangUp();
  expect((await got).bytes).toBe(0);
  const gone = await next();
  expect(gone.clientLeft).toBe(true);
  expect(gone.answer?.status).toBe(500);
  const record = judged(gone, url);
  expect(record.skipped).toBeUndefined();
  expect(record.observed).toMatchObject({ judgedAs: 'positive', clientLeft: true });
  expect(record.checks.find((c) => c.id === 'http-status-200')?.status).toBe('failed');
});

test('a ?WSDL answer too large to hold for rewriting: passed on as it came, streamed, only maxBodyBytes held', async () => {
  const big = Buffer.alloc(10 * MAX_BYTES, 0x41);
  const { url } = await target((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/xml', 'content-length': String(big.length) });
    res.end(big);
  });
  const { proxy, next } = await proxyFor(url);
  const body = await new Promise<Buffer>((resolve, reject) => {
    httpRequest(`${proxy.url}${SERVICE_PATH}?WSDL`, { agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve(Buffer.concat(chunks)));
    }).on('error', reject).end();
  });
  expect(body.equals(big)).toBe(true);
  const exchange = await next();
  expect(exchange.rewritten).toBeUndefined();
  expect(exchange.answer?.body.length).toBe(MAX_BYTES);
  expect(judged(exchange, url).error?.code).toBe('TSIWS_RESPONSE_TOO_LARGE');
});
