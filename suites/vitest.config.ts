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
    // worker-memory.mjs collects the workers' garbage once a second (see there).
    poolOptions: { forks: { execArgv: ['--import', new URL('./worker-signals.mjs', import.meta.url).href, '--expose-gc', '--import', new URL('./worker-memory.mjs', import.meta.url).href] } },
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
