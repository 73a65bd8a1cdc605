import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  test: {
    root,
    reporters: ['default'],
    // vitest's default on a 2-core machine is one worker (cores - 1), which runs every file one at a
    // time. Workers are global, not per project. Much of a CLI test is start-up and waiting on
    // loopback, so two at a time fill two cores without thrashing them.
    maxWorkers: 2,
    minWorkers: 1,
    projects: [
      {
        test: {
          name: 'unit',
          root,
          include: ['test/**/*.test.ts'],
          exclude: ['test/cli/**', 'test/wsdl/*cli*.test.ts', 'test/hostile/hostile.test.ts', '**/node_modules/**'],
          // Our own tests start real servers on loopback; a generous timeout keeps a loaded CI machine green.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'cli',
          root,
          include: ['test/cli/**/*.test.ts', 'test/wsdl/*cli*.test.ts', 'test/hostile/hostile.test.ts'],
          // Each test runs the real CLI, which runs its own vitest with forked workers.
          pool: 'forks',
          testTimeout: 180_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
