/**
 * --retries re-sends only a request that got no answer at all, and says so; --rate spaces the
 * client's requests so that no second holds more than N. Both against servers on loopback.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, test } from 'vitest';
import { TargetError, type HttpClient } from '../../src/http/send.js';
import type { HttpResponse } from '../../src/transports/index.js';
import { closedPort, httpBytes, perTest } from './loopback.js';

const { cleanup, client, serve } = perTest({ timeoutMs: 2000, maxResponseBytes: 1024 * 1024, connections: 4 });

const get = (c: HttpClient): Promise<HttpResponse> => c.send({ method: 'GET', path: '/x', headers: {} });
const rejection = (c: HttpClient): Promise<TargetError> => get(c).then(() => { throw new Error('expected a TargetError'); }, (e: TargetError) => e);
const OK = httpBytes(['HTTP/1.1 200 OK', 'Content-Length: 2'], 'ok');

describe('--retries', () => {
  test('connections reset before any answer are re-sent; the answer says how many retries it took', async () => {
    const server = await serve((socket, index) => (index < 2 ? socket.resetAndDestroy() : socket.write(OK)));
    const response = await get(client(server.url, { retries: 2 }));
    expect([response.status, response.body.toString(), response.retries, server.requests()]).toEqual([200, 'ok', 2, 3]);
  });

  test('an answer on the first try carries no retries field', async () => {
    const server = await serve((socket) => socket.write(OK));
    const response = await get(client(server.url, { retries: 2 }));
    expect('retries' in response).toBe(false);
  });

  test('retries used up: the last failure, saying how many retries came before it', async () => {
    const server = await serve((socket) => socket.resetAndDestroy());
    const error = await rejection(client(server.url, { retries: 1 }));
    expect([error.code, error.retries, server.requests()]).toEqual(['TSIWS_CONNECTION_RESET', 1, 2]);
    expect(error.message).toBe(`connection to ${server.url}/x was closed by the target before any response (ECONNRESET): read ECONNRESET (after 1 retry)`);
  });

  test('a refused connection and a time-out before the status line are retried too', async () => {
    const refused = `http://127.0.0.1:${await closedPort()}`;
    expect((await rejection(client(refused, { retries: 2 }))).message).toBe(`cannot connect to ${refused}/x (ECONNREFUSED) (after 2 retries)`);
    const silent = await serve(() => {});
    const timedOut = await rejection(client(silent.url, { retries: 1, timeoutMs: 200 }));
    expect([timedOut.code, silent.requests()]).toEqual(['TSIWS_TIMEOUT', 2]);
  });

  test("a request's own retries (a probe's 0) replace the client's", async () => {
    const server = await serve((socket) => socket.resetAndDestroy());
    const error = await client(server.url, { retries: 2 }).send({ method: 'GET', path: '/x', headers: {} }, { retries: 0 }).then(() => { throw new Error('expected a TargetError'); }, (e: TargetError) => e);
    expect([error.code, error.retries, server.requests()]).toEqual(['TSIWS_CONNECTION_RESET', 0, 1]);
    expect(error.message).not.toMatch(/after/);
  });

  test('an HTTP error answer is never re-sent', async () => {
    const server = await serve((socket) => socket.write(httpBytes(['HTTP/1.1 503 Service Unavailable', 'Content-Length: 0'])));
    const response = await get(client(server.url, { retries: 3 }));
    expect([response.status, 'retries' in response, server.requests()]).toEqual([503, false, 1]);
  });

  test('a reset after the answer began, and a body that outlives the deadline, are never re-sent', async () => {
    const resets = await serve((socket) => {
      socket.write(httpBytes(['HTTP/1.1 200 OK', 'Transfer-Encoding: chunked'], '2\r\nok\r\n'));
      setTimeout(() => socket.resetAndDestroy(), 20);
    });
    const reset = await rejection(client(resets.url, { retries: 3 }));
    expect([reset.code, reset.retries, resets.requests()]).toEqual(['TSIWS_CONNECTION_RESET', 0, 1]);
    const trickles = await serve((socket) => socket.write(httpBytes(['HTTP/1.1 200 OK', 'Content-Length: 10'], 'a')));
    const slow = await rejection(client(trickles.url, { retries: 3, timeoutMs: 200 }));
    expect([slow.code, slow.retries, trickles.requests()]).toEqual(['TSIWS_TIMEOUT', 0, 1]);
  });
});

describe('--rate', () => {
  test('25 requests at --rate 20, sent 4 at a time: never more than 20 in any second', async () => {
    const arrivals: number[] = [];
    const server = createServer((_req, res) => {
      arrivals.push(performance.now());
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanup.push(() => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }));
    const c = client(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, { rate: 20 });
    // A first request opens a connection and loads undici's HTTP parser, which delays its arrival by
    // tens of milliseconds; the ones measured then travel alike.
    await get(c);
    arrivals.length = 0;
    await Promise.all(Array.from({ length: 25 }, () => get(c)));
    expect(arrivals).toHaveLength(25);
    arrivals.sort((a, b) => a - b);
    // The 21st request of any run of 21 arrives about a second after the first: sends are spaced
    // 50 ms apart, arrivals jitter (on a loaded machine by tens of ms, so single gaps prove
    // nothing). Without the limiter all 25 arrive within a few milliseconds.
    for (let i = 0; i + 20 < arrivals.length; i++) expect(arrivals[i + 20]! - arrivals[i]!).toBeGreaterThan(900);
    expect(arrivals.at(-1)! - arrivals[0]!).toBeGreaterThan(24 * 50 * 0.95);
  });
});
