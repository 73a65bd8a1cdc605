/** Makes the suites self-sufficient under plain vitest: resolve settings, start the reference
 * server if no target is given. Under `tsiws-conform run` the settings are already provided. */
import type { TestProject } from 'vitest/node';
import { targetSettings } from '../src/engine/run/vitest-context.js';
import { resolveSettings } from '../src/config/resolve.js';
import { CATALOGS } from '../src/checks/catalogs.js';
import { embeddedServer, openTarget, type Target } from '../src/engine/send/target.js';

let target: Target | undefined;

export async function setup(project: TestProject): Promise<void> {
  if (project.getProvidedContext().tsiws) return;
  const settings = resolveSettings({ flags: {}, env: process.env, envFile: '.env', envFileExplicit: false, catalogs: CATALOGS });
  // A given target is not probed here: each test's exchange says whether it answers.
  target = await openTarget({ baseUrl: settings.baseUrl, server: embeddedServer(settings) });
  project.provide('tsiws', targetSettings(settings, target.baseUrl, target.embedded));
}

export async function teardown(): Promise<void> {
  await target?.close();
}
