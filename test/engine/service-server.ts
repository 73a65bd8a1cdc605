/**
 * A loopback server for a Service of the test's own making (a wrapper around the stateful reference
 * that reads differently, say): ASMX's SOAP and GET/POST handling as the reference server has it
 * (src/server/soap-handler.ts, form-handler.ts), the web method the test's.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULTS } from '../../src/config/settings.js';
import { DEFAULT_NAMESPACE, SERVICE_PATH } from '../../src/contract/index.js';
import { discover } from '../../src/engine/learn/discover.js';
import { runSequence, sequencePlan } from '../../src/engine/sequences/sequences.js';
import { createHttpClient } from '../../src/http/send.js';
import type { ExchangeRecord } from '../../src/results/record.js';
import type { Service } from '../../src/server/behaviour.js';
import { handleForm } from '../../src/server/form-handler.js';
import { handleSoap } from '../../src/server/soap-handler.js';

export interface ServiceServer {
  readonly url: string;
  readonly close: () => Promise<void>;
}

export async function serveService(service: Service): Promise<ServiceServer> {
  const behaviour = { namespace: DEFAULT_NAMESPACE, resultFormat: 'json' as const, service };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://test.invalid');
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v ?? '']));
      const body = Buffer.concat(chunks).toString('utf8');
      const op = decodeURIComponent(url.pathname.slice(SERVICE_PATH.length + 1));
      const reply = url.pathname === SERVICE_PATH ? handleSoap(behaviour, { headers, body })
        : handleForm(behaviour, req.method === 'GET' ? 'get' : 'post', op, req.method === 'GET' ? url.searchParams : new URLSearchParams(body), headers['content-type'] ?? '');
      const bytes = Buffer.from(reply.body, 'utf8');
      res.writeHead(reply.status, { ...reply.headers, 'Content-Length': String(bytes.length) });
      res.end(bytes);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

/** Every sequence (or those `only` names) over every transport against `service` served here,
 * after the run's discovery; the server is closed once they are done. */
export async function sequencesAgainst(service: Service, only?: readonly string[]): Promise<ExchangeRecord[]> {
  const server = await serveService(service);
  const settings = { ...DEFAULTS, embedded: true, stateful: true, baseUrl: server.url };
  const client = createHttpClient({ baseUrl: server.url, timeoutMs: 10_000, maxResponseBytes: DEFAULTS.maxResponseBytes, connections: 4, retries: 0, rate: undefined, access: settings });
  try {
    const learned = await discover(settings, client);
    const withLearned = { ...settings, learned };
    const records: ExchangeRecord[] = [];
    for (const unit of sequencePlan(withLearned, 0).filter((u) => !only || only.includes(u.sequence))) records.push(...(await runSequence(withLearned, client, unit)));
    return records;
  } finally {
    await client.close();
    await server.close();
  }
}
