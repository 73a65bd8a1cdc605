/** The stateful service behind a test's own checks (a vendor stricter than our reference), served
 * over SOAP on a loopback port: the engine tests of learning from a target's answers use it. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULTS } from '../../src/config/settings.js';
import { SERVICE_PATH } from '../../src/contract/index.js';
import type { Service } from '../../src/server/behaviour.js';
import { handleSoap } from '../../src/server/soap-handler.js';

export interface WrappedServer {
  readonly url: string;
  readonly server: Server;
  close(): Promise<void>;
}

/** Serves `service` (JSON result text) over SOAP 1.1 and 1.2 at the contract's path. */
export async function serveWrapped(service: Service): Promise<WrappedServer> {
  const behaviour = { namespace: DEFAULTS.namespace, resultFormat: 'json' as const, service };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      const reply = req.url === SERVICE_PATH && req.method === 'POST' ? handleSoap(behaviour, { headers, body: Buffer.concat(chunks).toString('utf8') }) : { status: 404, headers: {}, body: '' };
      res.writeHead(reply.status, reply.headers).end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, server, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
