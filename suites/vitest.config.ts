/**
 * The conformance suites, run by `tsiws-conform run` (which provides the resolved settings) or
 * directly with `npx vitest run --config suites/vitest.config.ts` (global-setup.ts then resolves
 * settings from the environment and .env, and starts the reference server when no target is set).
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['suites/**/*.conform.ts'],
    globalSetup: [fileURLToPath(new URL('./global-setup.ts', import.meta.url))],
    // libxmljs2 is a native addon that is not safe to load in worker threads: use processes.
    pool: 'forks',
    // Workers leave SIGINT and SIGHUP to the CLI, which decides how the run ends (see the file).
    // A worker's live heap stays near 30 MiB whatever the run's size (heap snapshot at --repeat 32),
    // but V8 lets garbage grow the heap by its default factor before collecting: at --repeat 16 the
    // workers peaked at 75 to 306 MiB. A growing factor of 1.1 held them to 77 to 202 MiB with the
    // same wall time (measured 2026-11-23, npm run bench's growth rows).
    poolOptions: { forks: { execArgv: ['--import', new URL('./worker-signals.mjs', import.meta.url).href, '--heap-growing-percent=10'] } },
    // The four suite files mostly wait on the target: run them side by side even on 2 cores.
    maxWorkers: 4,
    minWorkers: 1,
    testTimeout: 120_000,
    // A --shard may hold nothing of a suite (the ?WSDL check is the first shard's); `run` leaves
    // such suites out, and plain vitest must not call that an error either.
    passWithNoTests: true,
    hookTimeout: 60_000,
  },
});
