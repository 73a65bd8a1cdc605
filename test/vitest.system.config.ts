import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { SYSTEM_TEST_FILES } from './system-files.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/** `npm run test:system`: the files of system-files.ts, with the settings of the main config's cli
 * project (forked workers, the compiled package laid out once for the child processes). Two at a
 * time: most of their time is child processes, and a signal test's timing suffers on a loaded core. */
export default defineConfig({
  test: {
    root,
    name: 'system',
    include: [...SYSTEM_TEST_FILES],
    pool: 'forks',
    maxWorkers: 2,
    minWorkers: 1,
    globalSetup: ['test/support/compiled-package.ts', 'test/support/reports-guard.ts'],
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
});
