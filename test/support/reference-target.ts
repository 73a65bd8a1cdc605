/** The embedded reference server and a client of it, for the tests of a file (started before them,
 * closed after). Read `target.server` and `target.client` inside tests. */
import { afterAll, beforeAll } from 'vitest';
import { createHttpClient, type HttpClient } from '../../src/http/send.js';
import { startReferenceServer, type ReferenceServer } from '../../src/server/server.js';

export function useReferenceTarget(): { server: ReferenceServer; client: HttpClient } {
  const target = {} as { server: ReferenceServer; client: HttpClient };
  beforeAll(async () => {
    target.server = await startReferenceServer();
    target.client = createHttpClient({ baseUrl: target.server.url, timeoutMs: 5000, maxResponseBytes: 1 << 20, connections: 4 });
  });
  afterAll(async () => {
    await target.client.close();
    await target.server.close();
  });
  return target;
}
