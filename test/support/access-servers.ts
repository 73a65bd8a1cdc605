/**
 * Loopback servers for the access tests: a front for a reference server (HTTP or HTTPS, optionally
 * asking for a client certificate) that records what it received, and a tiny forward proxy
 * (CONNECT tunnels: undici's ProxyAgent tunnels http targets too) that records what it was asked.
 */
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { connect, type AddressInfo, type Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';

const TLS_DIR = new URL('../../fixtures/tls/', import.meta.url);
export const tlsFile = (name: string): string => new URL(name, TLS_DIR).pathname;

export interface Received {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  /** The subject CN of the client certificate, if one was presented and verified. */
  readonly clientCert?: string;
}

export interface LoopbackServer {
  readonly url: string;
  readonly received: Received[];
  close(): Promise<void>;
}

async function listen(server: Server, scheme: string, received: Received[]): Promise<LoopbackServer> {
  const sockets = new Set<Socket>();
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.on('secureConnection', (s: Socket) => sockets.add(s));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    }),
  };
}

/** Forwards every request to `upstream` (an http:// URL) as it came, and records it. */
function forwarder(upstream: string, received: Received[]) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const cert = (req.socket as TLSSocket).getPeerCertificate?.();
    received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, ...(cert?.subject ? { clientCert: String(cert.subject.CN) } : {}) });
    const target = new URL(req.url ?? '/', upstream);
    const out = httpRequest(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(out);
  };
}

export interface FrontOptions {
  /** Serve HTTPS with fixtures/tls/server.pem; `clientCert`: also demand a client certificate. */
  readonly tls?: { readonly clientCert?: boolean };
}

export function startRecordingFront(upstream: string, options: FrontOptions = {}): Promise<LoopbackServer> {
  const received: Received[] = [];
  const handler = forwarder(upstream, received);
  if (!options.tls) return listen(createHttpServer(handler), 'http', received);
  const requireCert = options.tls.clientCert ?? false;
  const server = createHttpsServer({
    key: readFileSync(tlsFile('server.key')), cert: readFileSync(tlsFile('server.pem')),
    ca: readFileSync(tlsFile('ca.pem')), requestCert: requireCert, rejectUnauthorized: requireCert,
  }, handler);
  return listen(server, 'https', received);
}

/** A forward proxy: CONNECT host:port opens a tunnel (or is answered `refuse`); anything else is refused. */
export function startForwardProxy(refuse?: number): Promise<LoopbackServer> {
  const received: Received[] = [];
  const server = createHttpServer((req, res) => {
    received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    res.writeHead(405).end();
  });
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    received.push({ method: 'CONNECT', url: req.url ?? '', headers: req.headers });
    if (refuse !== undefined) return void client.end(`HTTP/1.1 ${refuse} Refused\r\n\r\n`);
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
  });
  return listen(server, 'http', received);
}

