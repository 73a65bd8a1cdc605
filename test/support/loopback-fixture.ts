/** Vitest hooks for the access tests: a reference server, and servers closed after the file. */
import { afterAll, beforeAll } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/server/server.js';
import type { LoopbackServer } from './access-servers.js';

/** A reference server for the file's tests, and `serve` to start servers that are closed after them. */
export function useLoopbackServers(): { reference: () => ReferenceServer; serve: (server: Promise<LoopbackServer>) => Promise<LoopbackServer> } {
  let reference: ReferenceServer;
  const started: LoopbackServer[] = [];
  beforeAll(async () => {
    reference = await startReferenceServer();
  });
  afterAll(async () => {
    await Promise.all(started.map((s) => s.close()));
    await reference.close();
  });
  return {
    reference: () => reference,
    serve: async (server) => {
      started.push(await server);
      return started.at(-1)!;
    },
  };
}
