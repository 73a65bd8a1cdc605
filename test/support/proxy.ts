/** A proxy in front of a reference server that can rewrite answers: a target with a planted defect. */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Decides the answer; `body` is the request body as received. */
export type Rewrite = (req: IncomingMessage, upstream: Answer, body: Buffer) => Answer;

export async function startProxy(upstreamUrl: string, rewrite: Rewrite): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => k !== 'host' && k !== 'content-length')) as Record<string, string>;
    const up = await fetch(upstreamUrl + req.url, { method: req.method, headers, body: req.method === 'POST' ? Buffer.concat(chunks) : undefined });
    const answer = rewrite(req, { status: up.status, headers: { 'content-type': up.headers.get('content-type') ?? '' }, body: Buffer.from(await up.arrayBuffer()) }, Buffer.concat(chunks));
    res.writeHead(answer.status, { ...answer.headers, 'content-length': answer.body.length });
    res.end(answer.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => {
      server.close(() => r());
      server.closeAllConnections();
    }),
  };
}
