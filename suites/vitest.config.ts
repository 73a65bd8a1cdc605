/**
 * The conformance suites, run by `tsiws-conform run` (which provides the resolved settings) or
 * directly with `npx vitest run --config suites/vitest.config.ts` (global-setup.ts then resolves
 * settings from the environment and .env, and starts the reference server when no target is set).
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The quick suites first and fuzzing last. A worker runs one file after another (isolate: false),
 * often one worker for all (src/engine/run/lanes.ts, fileWorkers): in this order a run shows progress
 * and has finished cases early, and an interrupted one reports them, rather than wait behind a
 * long fuzz file (--runs 5000) that vitest's own order (by size or last duration) may start first. */
const ORDER = ['service', 'positive', 'baseline', 'sequences', 'negative', 'fuzz'];
const rank = (file: TestSpecification): number => {
  const at = ORDER.findIndex((suite) => file.moduleId.endsWith(`/${suite}.conform.ts`));
  return at === -1 ? ORDER.length : at;
};
class QuickSuitesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => rank(a) - rank(b));
  }
}

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
    // A worker runs the next file once one is done, rather than a fresh process being started for
    // it (isolate: false; the suites keep no state between files but their own client): each
    // process loads the sources and libxmljs2, about a second of CPU. `tsiws-conform run` chooses
    // how many workers (src/engine/run/lanes.ts, fileWorkers, with the measurements); under plain
    // vitest, one a core, up to one a suite file.
    maxWorkers: Math.min(4, availableParallelism()),
    isolate: false,
    sequence: { sequencer: QuickSuitesFirst },
    // No worker kept in reserve: with 1, the pool started a second worker process as the run closed
    // (about 0.2 s of CPU and 50 MiB, for nothing; seen in the process tree of a default run).
    minWorkers: 0,
    testTimeout: 120_000,
    // A --shard may hold nothing of a suite (the ?WSDL check is the first shard's); `run` leaves
    // such suites out, and plain vitest must not call that an error either.
    passWithNoTests: true,
    hookTimeout: 60_000,
  },
});
