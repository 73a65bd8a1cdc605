/** The bench's bare proxy (src/bench/bare-proxy.ts): it forwards a request and copies the answer
 * back whole (status, end-to-end headers, a body larger than a socket's buffer), so the rate through
 * it is a proxy's, not a shortcut's. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startBareProxy } from '../../src/bench/bare-proxy.js';

const BODY = Buffer.alloc(4 * 1024 * 1024, 'x');
let target: Server;
let origin: string;
beforeAll(async () => {
  target = createServer((req, res) => {
    let size = 0;
    req.on('data', (c: Buffer) => (size += c.length));
    req.on('end', () => {
      res.writeHead(req.method === 'POST' ? 201 : 200, { 'x-seen': `${req.method} ${req.url} ${size}`, 'content-type': 'text/plain' });
      res.end(req.method === 'POST' ? 'ok' : BODY);
    });
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => target.close(() => resolve())));

test('a request goes through with its body, and the answer comes back whole', async () => {
  const bare = await startBareProxy(origin);
  try {
    const got = await fetch(`${bare.url}/api/rmm/tsiWS.asmx?x=1`);
    expect(got.status).toBe(200);
    expect(got.headers.get('x-seen')).toBe('GET /api/rmm/tsiWS.asmx?x=1 0');
    expect(Buffer.from(await got.arrayBuffer()).equals(BODY)).toBe(true);
    const posted = await fetch(`${bare.url}/p`, { method: 'POST', body: 'a'.repeat(1000) });
    expect(posted.status).toBe(201);
    expect(posted.headers.get('x-seen')).toBe('POST /p 1000');
    expect(await posted.text()).toBe('ok');
  } finally {
    await bare.stop();
  }
});
