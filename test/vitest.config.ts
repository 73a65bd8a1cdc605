import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  test: {
    root,
    reporters: ['default'],
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
          // Each test runs the real CLI, which runs its own vitest with forked workers: one fork for
          // all these files, so one at a time, keeps a 2-core machine from thrashing.
          pool: 'forks',
          poolOptions: { forks: { singleFork: true } },
          testTimeout: 180_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
