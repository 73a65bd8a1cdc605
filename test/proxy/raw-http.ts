/** Test support for the proxy: one request with node:http, the answer as the client sees it (status
 * line, headers in their case and order, body bytes), and a proxy in front of a target. */
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startProxy, type ProxyOptions, type RunningProxy } from '../../src/proxy/forward.js';
import type { ForwardedExchange } from '../../src/proxy/observed.js';

export interface RawAnswer {
  readonly status: number;
  readonly statusMessage: string;
  /** [name, value, ...] as they came, hop-by-hop headers and Date left out (a direct answer and a
   * proxied one are made at different seconds). */
  readonly headers: string[];
  readonly body: Buffer;
}

const LEFT_OUT = ['connection', 'keep-alive', 'transfer-encoding', 'date'];

export function rawRequest(url: string, method: string, headers: Record<string, string>, body?: string | Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const kept: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) if (!LEFT_OUT.includes(res.rawHeaders[i]!.toLowerCase())) kept.push(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
        resolve({ status: res.statusCode!, statusMessage: res.statusMessage!, headers: kept, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A proxy to `target` with test defaults; its exchanges are collected in `seen`. */
export async function proxyTo(target: string, given: Partial<ProxyOptions> = {}): Promise<{ proxy: RunningProxy; seen: ForwardedExchange[]; next: () => Promise<ForwardedExchange> }> {
  const seen: ForwardedExchange[] = [];
  const waiting: Array<(e: ForwardedExchange) => void> = [];
  const proxy = await startProxy({
    target, host: '127.0.0.1', port: 0, access: {}, timeoutMs: 5000, maxBodyBytes: 1 << 20, keepWsdlAddress: false,
    onExchange: (e) => {
      seen.push(e);
      waiting.shift()?.(e);
    },
    ...given,
  });
  let taken = 0;
  const next = () => (taken < seen.length ? Promise.resolve(seen[taken++]!) : new Promise<ForwardedExchange>((resolve) => waiting.push((e) => {
    taken++;
    resolve(e);
  })));
  return { proxy, seen, next };
}

/** The URL of a loopback port nothing listens on any more: a target that refuses connections. */
export async function closedPort(): Promise<string> {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  return url;
}
