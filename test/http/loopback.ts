/** Socket-level servers on loopback for the HTTP client's tests: they answer with exactly the bytes
 * (or the silence, reset or close) a test asks for, which node:http would not write. */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';
import { createHttpClient, type HttpClient, type HttpClientOptions } from '../../src/http/send.js';

export interface RawServer {
  readonly url: string;
  /** Requests received, counted by their request line. */
  readonly requests: () => number;
  close(): Promise<void>;
}

/** Calls `onRequest` once per request head received (the tests send GETs without a body). */
export async function rawServer(onRequest: (socket: Socket, index: number) => void): Promise<RawServer> {
  let count = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let pending = '';
    socket.on('data', (data) => {
      pending += data.toString('latin1');
      for (let end = pending.indexOf('\r\n\r\n'); end >= 0; end = pending.indexOf('\r\n\r\n')) {
        pending = pending.slice(end + 4);
        onRequest(socket, count++);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => count,
    close: () => new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    }),
  };
}

/** An HTTP/1.1 response head and body as bytes. */
export function httpBytes(head: string[], body: string | Buffer = ''): Buffer {
  return Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8')]);
}

/** A port that nothing listens on (bound once, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Clients and raw servers made in a test, closed after it (call once per test file). */
export function perTest(defaults: Omit<HttpClientOptions, 'baseUrl'>) {
  const cleanup: Array<() => Promise<void>> = [];
  afterEach(async () => {
    await Promise.all(cleanup.splice(0).map((c) => c()));
  });
  return {
    cleanup,
    client(url: string, options: Partial<HttpClientOptions> = {}): HttpClient {
      const c = createHttpClient({ baseUrl: url, ...defaults, ...options });
      cleanup.push(() => c.close());
      return c;
    },
    async serve(onRequest: Parameters<typeof rawServer>[0]): Promise<RawServer> {
      const server = await rawServer(onRequest);
      cleanup.push(() => server.close());
      return server;
    },
  };
}
