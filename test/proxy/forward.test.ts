/** The proxy forwards each request and streams the answer back byte for byte (issue 53): compared
 * with the same request sent directly to the embedded server, over the four transports; a ?WSDL
 * answer's addresses name the proxy unless --keep-wsdl-address; a target that does not answer gives
 * the client a 502. */
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { exampleCase } from '../../src/cases/examples.js';
import { getOperation, SERVICE_PATH } from '../../src/contract/index.js';
import type { RunningProxy } from '../../src/proxy/forward.js';
import { startReferenceServer, type ReferenceServer } from '../../src/server/server.js';
import { getTransportById, TRANSPORT_IDS } from '../../src/transports/index.js';
import { closedPort, proxyTo, rawRequest } from './raw-http.js';

let server: ReferenceServer;
let proxy: RunningProxy;
let next: Awaited<ReturnType<typeof proxyTo>>['next'];

beforeAll(async () => {
  server = await startReferenceServer();
  ({ proxy, next } = await proxyTo(server.url));
});
afterAll(async () => {
  await proxy.close(1000);
  await server.close();
});

const op = getOperation('MobileContactSearch');
const values = { ...exampleCase(op).values, repnumber: '1', timestamp: '2024-01-01T00:00:00', sig: 'SIGVALUE1234', mobilekey: 'KEY0001' };

describe.each(TRANSPORT_IDS)('%s', (transport) => {
  const request = getTransportById(transport).encode({ namespace: server?.namespace ?? 'http://www.tigerpawsoftware.com' }, op, values);

  test('the answer through the proxy is the direct answer, byte for byte', async () => {
    const direct = await rawRequest(server.url + request.path, request.method, request.headers, request.body);
    const proxied = await rawRequest(proxy.url + request.path, request.method, request.headers, request.body);
    expect(direct.status).toBe(200);
    expect(proxied).toEqual(direct);
    const exchange = await next();
    expect(exchange.request.url).toBe(request.path);
    expect(exchange.request.body.toString('utf8')).toBe(request.body ?? '');
    expect(exchange.answer?.body.equals(direct.body)).toBe(true);
    expect(exchange.error).toBeUndefined();
  });
});

test('a fault passes unchanged too (status 500 and its body)', async () => {
  const request = getTransportById('soap11').encode({ namespace: server.namespace }, op, values);
  const headers = { ...request.headers, SOAPAction: '"http://www.tigerpawsoftware.com/NoSuchOperation"' };
  const direct = await rawRequest(server.url + request.path, 'POST', headers, request.body);
  const proxied = await rawRequest(proxy.url + request.path, 'POST', headers, request.body);
  expect(direct.status).toBe(500);
  expect(proxied).toEqual(direct);
  await next();
});

describe('?WSDL', () => {
  test('its addresses name the proxy; the rest is the target\'s, Content-Length fixed', async () => {
    const direct = await rawRequest(`${server.url}${SERVICE_PATH}?WSDL`, 'GET', {});
    const proxied = await rawRequest(`${proxy.url}${SERVICE_PATH}?WSDL`, 'GET', {});
    const text = proxied.body.toString('utf8');
    expect(text).toBe(direct.body.toString('utf8').split(`location="${server.url}${SERVICE_PATH}"`).join(`location="${proxy.url}${SERVICE_PATH}"`));
    // soap:address, soap12:address and the two http:address (HttpGet, HttpPost ports).
    expect(text.match(/<\w+:address location="[^"]*"/g)).toEqual(['soap', 'soap12', 'http', 'http'].map((p) => `<${p}:address location="${proxy.url}${SERVICE_PATH}"`));
    expect(text).not.toContain(server.url);
    const length = proxied.headers[proxied.headers.findIndex((h, i) => i % 2 === 0 && h.toLowerCase() === 'content-length') + 1];
    expect(Number(length)).toBe(proxied.body.length);
    const exchange = await next();
    expect(exchange.rewritten).toBe(true);
    // The record keeps what the target said, not what the client got.
    expect(exchange.answer?.body.equals(direct.body)).toBe(true);
  });

  test('--keep-wsdl-address: the answer passes unchanged', async () => {
    const kept = await proxyTo(server.url, { keepWsdlAddress: true });
    try {
      const direct = await rawRequest(`${server.url}${SERVICE_PATH}?wsdl`, 'GET', {});
      const proxied = await rawRequest(`${kept.proxy.url}${SERVICE_PATH}?wsdl`, 'GET', {});
      expect(proxied).toEqual(direct);
      expect((await kept.next()).rewritten).toBeUndefined();
    } finally {
      await kept.proxy.close(1000);
    }
  });
});

test('a path other than the service is not forwarded', async () => {
  const answer = await rawRequest(`${proxy.url}/other`, 'GET', {});
  expect(answer.status).toBe(404);
  expect(answer.body.toString('utf8')).toBe(`tsiws-conform proxy: only ${SERVICE_PATH} is forwarded to the target, not /other\n`);
});

test('hop-by-hop headers of the target are not forwarded; the others keep their case and order', async () => {
  const target = createServer((_req, res) => {
    res.writeHead(200, 'Fine Thanks', ['X-First', 'a', 'Keep-Alive', 'timeout=9', 'Connection', 'X-Private, keep-alive', 'X-Private', 'hidden', 'set-cookie', 'one', 'Set-Cookie', 'two', 'Content-Length', '2']);
    res.end('ok');
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  const { proxy: own } = await proxyTo(`http://127.0.0.1:${(target.address() as AddressInfo).port}`);
  try {
    const answer = await rawRequest(`${own.url}${SERVICE_PATH}`, 'GET', {});
    expect(answer.statusMessage).toBe('Fine Thanks');
    expect(answer.headers).toEqual(['X-First', 'a', 'set-cookie', 'one', 'Set-Cookie', 'two', 'Content-Length', '2']);
  } finally {
    await own.close(1000);
    target.close();
  }
});

test('a target that does not answer: 502 with a short text, and the exchange says why', async () => {
  const url = await closedPort();
  const down = await proxyTo(url);
  try {
    const answer = await rawRequest(`${down.proxy.url}${SERVICE_PATH}/MobileContactSearch?repnumber=1`, 'GET', {});
    expect(answer.status).toBe(502);
    expect(answer.body.toString('utf8')).toBe('tsiws-conform proxy: the target did not answer (TSIWS_UNREACHABLE)\n');
    const exchange = await down.next();
    expect(exchange.error?.code).toBe('TSIWS_UNREACHABLE');
    expect(exchange.answer).toBeUndefined();
  } finally {
    await down.proxy.close(1000);
  }
});

test('close(): an exchange still in flight after the grace is cut, and handed on with its error', async () => {
  let arrived!: () => void;
  const reached = new Promise<void>((resolve) => (arrived = resolve));
  const silent = createServer((req) => {
    req.resume();
    arrived();
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const hung = await proxyTo(`http://127.0.0.1:${(silent.address() as AddressInfo).port}`);
  const client = rawRequest(`${hung.proxy.url}${SERVICE_PATH}/MobileTasksList`, 'GET', {}).catch((err: Error) => err);
  await reached;
  const started = Date.now();
  await hung.proxy.close(200);
  // The grace (200 ms) ended it, not the silent target, which never answers.
  expect(Date.now() - started).toBeLessThan(5_000);
  expect(await client).toBeInstanceOf(Error);
  const exchange = await hung.next();
  expect(exchange.error?.code).toBe('TSIWS_CONNECTION_RESET');
  // The proxy's stop cut it, not the target: no finding about the target is made of it (observed-record).
  expect(exchange.cutBy).toBe('proxy');
  silent.closeAllConnections();
  silent.close();
});

/** A target that takes a request and never answers; `reached` once one has arrived. */
async function silentTarget(): Promise<{ url: string; reached: Promise<void>; close: () => void }> {
  let arrived!: () => void;
  const reached = new Promise<void>((resolve) => (arrived = resolve));
  const silent = createServer((req) => {
    req.resume();
    arrived();
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`, reached, close: () => {
    silent.closeAllConnections();
    silent.close();
  } };
}

/** A request through `proxyUrl` that the client cuts once the target has it (not after a sleep). */
async function hangUpOnce(proxyUrl: string, reached: Promise<void>): Promise<void> {
  const req = httpRequest(`${proxyUrl}${SERVICE_PATH}/MobileTasksList`);
  req.on('error', () => {});
  req.end();
  await reached;
  req.destroy();
}

test('a client that closes its connection before the answer: the target is still waited for, up to --timeout-ms', async () => {
  const silent = await silentTarget();
  const hung = await proxyTo(silent.url, { timeoutMs: 300 });
  try {
    await hangUpOnce(hung.proxy.url, silent.reached);
    const exchange = await hung.next();
    // The target's silence is its own fault, whoever stopped waiting first.
    expect(exchange.clientLeft).toBe(true);
    expect(exchange.cutBy).toBeUndefined();
    expect(exchange.error?.code).toBe('TSIWS_TIMEOUT');
  } finally {
    await hung.proxy.close(200);
    silent.close();
  }
});

test('close(): an exchange whose client already left is cut too, as the proxy\'s doing', async () => {
  const silent = await silentTarget();
  const hung = await proxyTo(silent.url, { timeoutMs: 60_000 });
  try {
    await hangUpOnce(hung.proxy.url, silent.reached);
    const started = Date.now();
    await hung.proxy.close(200);
    expect(Date.now() - started).toBeLessThan(5_000);
    const exchange = await hung.next();
    expect(exchange).toMatchObject({ cutBy: 'proxy', clientLeft: true });
  } finally {
    silent.close();
  }
});
