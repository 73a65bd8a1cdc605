/**
 * Preloaded into every forked test worker (vitest.config.ts, with --expose-gc).
 *
 * A worker's live heap stays near 30 MiB whatever the size of the run (a heap snapshot of the
 * largest worker at --repeat 32 held 32 MB), but V8 sizes its heap for throughput and lets garbage
 * (answers, parses, records already handed over; libxml2's documents live outside the heap until
 * their wrappers are collected) pile up before it collects: at --repeat 16 the workers' resident
 * sizes peaked at 82 to 302 MiB. Measured 2026-11-23 (--repeat 16, then --repeat 8 for CPU):
 * - a full collection every second held them to 92 to 204 MiB but cost 7 to 25% more CPU;
 * - a smaller heap growing factor (--heap-growing-percent=10) did as well, at a similar cost;
 * - a full collection only in a second whose heap holds more than LIMIT_BYTES (below, live and
 *   garbage together) held them to 105 to 206 MiB at no CPU cost measurable between runs.
 * LIMIT_BYTES was 64 MiB until the runs loaded compiled sources (bin/checkout-build.js): the default
 * run's 1x peak for the process tree fell to about 280 MiB, and the garbage a worker let pile up to
 * 64 MiB became most of what grew with the run (--repeat 64: 358 to 362 MiB, 1.26 to 1.28 times
 * 1x; the live heap stays at 27 to 29 MiB). At 40 MiB: 328 to 339 MiB; the workers' CPU for the
 * positive suite x200 was 5,960 to 7,480 ms against 6,530 to 7,760 at 64 MiB (three pairs,
 * alternately, 2026-11-25): no cost measurable.
 * The timer never keeps a worker alive.
 */
import { getHeapStatistics } from 'node:v8';

const EVERY_MS = 1000;
const LIMIT_BYTES = 40 * 1024 * 1024;

const gc = globalThis.gc;
if (typeof gc === 'function') {
  setInterval(() => {
    if (getHeapStatistics().used_heap_size > LIMIT_BYTES) gc();
  }, EVERY_MS).unref();
}
