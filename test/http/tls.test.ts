/** TLS failures are TSIWS_TLS: a certificate no one vouches for, and a port that does not speak TLS. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { createHttpClient, TargetError } from '../../src/http/send.js';

const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

async function listen(server: Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function tlsFailure(baseUrl: string): Promise<TargetError> {
  const client = createHttpClient({ baseUrl, timeoutMs: 2000, maxResponseBytes: 1024, connections: 1 });
  try {
    return await client.send({ method: 'GET', path: '/x', headers: {} }).then(() => { throw new Error('expected a TargetError'); }, (e: TargetError) => e);
  } finally {
    await client.close();
  }
}

const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

test.runIf(hasOpenssl)('a self-signed certificate: TSIWS_TLS naming the reason', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tsiws-tls-'));
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=127.0.0.1'], { stdio: 'ignore' });
  const port = await listen(createHttpsServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, (_req, res) => res.end('ok')));
  const error = await tlsFailure(`https://127.0.0.1:${port}`);
  expect([error.code, error.message]).toEqual(['TSIWS_TLS', `TLS failure talking to https://127.0.0.1:${port}/x (DEPTH_ZERO_SELF_SIGNED_CERT): self-signed certificate`]);
});

test('https:// to a port that speaks plain HTTP: the handshake fails, TSIWS_TLS', async () => {
  const port = await listen(createHttpServer((_req, res) => res.end('ok')));
  const error = await tlsFailure(`https://127.0.0.1:${port}`);
  expect(error.code).toBe('TSIWS_TLS');
  expect(error.message).toMatch(new RegExp(`^TLS failure talking to https://127\\.0\\.0\\.1:${port}/x \\(ERR_SSL_WRONG_VERSION_NUMBER\\): .*wrong version number`));
});
