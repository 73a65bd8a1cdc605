/** A wrong --base-url (nothing at the service's path: every request 404) is one clear error before
 * any case, while a real service that publishes no WSDL still runs. Servers on loopback. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, expect, test } from 'vitest';
import { DEFAULTS } from '../../../src/config/settings.js';
import { ensureReachable as ensureOver } from '../../../src/engine/send/reachable.js';
import { runClient } from '../../../src/engine/send/run-client.js';
import { TargetUnreachableError } from '../../../src/http/errors.js';

const servers: Server[] = [];
const seen: string[] = [];

/** A server answering `status(request line)` with an empty text body. */
async function serve(status: (method: string, url: string) => number): Promise<string> {
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    req.resume().on('end', () => res.writeHead(status(req.method!, req.url!), { 'content-type': 'text/plain' }).end());
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
afterAll(() => servers.forEach((s) => s.close()));

const settings = (baseUrl: string) => ({ ...DEFAULTS, baseUrl, operations: ['MobileTimeLogCreate', 'MobileAccountSearch'] });

/** The probe over the run's client for the settings' URL, closed after. */
async function ensureReachable(s: ReturnType<typeof settings>) {
  const client = runClient(s, s.baseUrl);
  try {
    return await ensureOver(s, client);
  } finally {
    await client.close();
  }
}

test('every request 404: target unreachable, naming the URL and the flag to check', async () => {
  const base = `${await serve(() => 404)}/typo`;
  seen.length = 0;
  const error = await ensureReachable(settings(base)).then(() => undefined, (err: unknown) => err);
  expect(error).toBeInstanceOf(TargetUnreachableError);
  expect((error as Error).message).toBe(`target unreachable: nothing at ${base}/api/rmm/tsiWS.asmx: GET ?WSDL and a SOAP 1.1 MobileAccountSearch request were both answered HTTP 404. Is --base-url right? It is the scheme, host and any path prefix before /api/rmm/tsiWS.asmx`);
  // The probe is a read-only operation of the run's own, never a mutating one.
  expect(seen).toEqual(['GET /typo/api/rmm/tsiWS.asmx?WSDL', 'POST /typo/api/rmm/tsiWS.asmx']);
});

test('no WSDL published, but the service answers: reachable', async () => {
  const base = await serve((method, url) => (url.endsWith('?WSDL') ? 404 : 500));
  // The answer to ?WSDL comes back all the same: the WS-I checks read it (engine/run/wsi-wsdl.ts).
  await expect(ensureReachable(settings(base))).resolves.toMatchObject({ status: 404 });
});

test('a WSDL answered: reachable, with no further probe', async () => {
  const base = await serve(() => 200);
  seen.length = 0;
  expect((await ensureReachable(settings(base))).status).toBe(200);
  expect(seen).toEqual(['GET /api/rmm/tsiWS.asmx?WSDL']);
});
