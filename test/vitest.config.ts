import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { SYSTEM_TEST_FILES } from './system-files.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The CLI project's files first, then the unit files, each in vitest's own order (longest first
 * when vitest has timings from an earlier run, else largest file first). A CLI file runs up to
 * ten times longer than a unit file, and file size says little about it (the mutation subset is
 * one of the smallest files and the longest): started last, one would run alone at the end while
 * the other worker idles. Started first, the short unit files fill the gaps behind them. */
class CliFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted.filter((f) => f.project.name === 'cli'), ...sorted.filter((f) => f.project.name !== 'cli')];
  }
}

export default defineConfig({
  test: {
    root,
    reporters: ['default'],
    // vitest's default on a 2-core machine is one worker (cores - 1), which runs every file one at a
    // time. Workers are global, not per project. Much of a CLI test is start-up and waiting on
    // loopback (time-outs, signals, a browser): with two at a time the cores were idle a fifth of
    // the run; three finished 4 to 10% sooner in two pairs of runs (2026-11-24, noisy machine).
    maxWorkers: 3,
    minWorkers: 1,
    sequence: { sequencer: CliFirst },
    projects: [
      {
        test: {
          name: 'unit',
          root,
          include: ['test/**/*.test.ts'],
          exclude: ['test/cli/**', 'test/wsdl/*cli*.test.ts', ...SYSTEM_TEST_FILES, '**/node_modules/**'],
          // Our own tests start real servers on loopback; a generous timeout keeps a loaded CI machine green.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Fails the run if a test wrote into the checkout's reports/ (the user's).
          globalSetup: ['test/support/reports-guard.ts'],
        },
      },
      {
        test: {
          name: 'cli',
          root,
          include: ['test/cli/**/*.test.ts', 'test/wsdl/*cli*.test.ts'],
          // The system tests run in their own suite (system-files.ts).
          exclude: [...SYSTEM_TEST_FILES, '**/node_modules/**'],
          // Each test runs the real CLI, which runs its own vitest with forked workers.
          pool: 'forks',
          // The bin a test starts as a child process is the compiled package's (about 2 s of CPU
          // less each than the sources through tsx; test/support/compiled-package.ts).
          globalSetup: ['test/support/compiled-package.ts', 'test/support/reports-guard.ts'],
          testTimeout: 180_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
