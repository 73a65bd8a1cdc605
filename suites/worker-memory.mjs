/**
 * Preloaded into every forked test worker (vitest.config.ts, with --expose-gc).
 *
 * A worker's live heap stays near 30 MiB whatever the size of the run (a heap snapshot of the
 * largest worker at --repeat 32 held 32 MB), but V8 sizes its heap for throughput and lets garbage
 * (answers, parses, records already handed over; libxml2's documents live outside the heap until
 * their wrappers are collected) pile up before it collects: at --repeat 16 the workers' resident
 * sizes peaked at 82 to 302 MiB. A full collection once a second held them to 98 to 209 MiB, for
 * about 0.015 ms of CPU per checked exchange; a smaller heap growing factor
 * (--heap-growing-percent=10) did as well on memory but cost 0.05 ms (measured 2026-11-23 with
 * `node --cpu-prof`, the bench's stage table). The timer never keeps a worker alive.
 */
const EVERY_MS = 1000;
if (typeof globalThis.gc === 'function') setInterval(() => globalThis.gc(), EVERY_MS).unref();
