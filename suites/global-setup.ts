/** Makes the suites self-sufficient under plain vitest: resolve settings, start the reference
 * server if no target is given. Under `tsiws-conform run` the settings are already provided. */
import type { TestProject } from 'vitest/node';
import { targetSettings } from '../src/engine/vitest-context.js';
import { resolveSettings } from '../src/config/resolve.js';
import { CATALOGS } from '../src/engine/catalogs.js';
import { startReferenceServer, type ReferenceServer } from '../src/server/server.js';

let server: ReferenceServer | undefined;

export async function setup(project: TestProject): Promise<void> {
  if (project.getProvidedContext().tsiws) return;
  const settings = resolveSettings({ flags: {}, env: process.env, envFile: '.env', envFileExplicit: false, catalogs: CATALOGS });
  if (settings.baseUrl) {
    project.provide('tsiws', targetSettings(settings, settings.baseUrl, false));
    return;
  }
  server = await startReferenceServer({ namespace: settings.namespace, ...(settings.authSecret ? { authSecret: settings.authSecret } : {}) });
  project.provide('tsiws', targetSettings(settings, server.url, true));
}

export async function teardown(): Promise<void> {
  await server?.close();
}
