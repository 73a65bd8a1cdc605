/**
 * Full garbage collections in the CLI's long synchronous passes over a large run's records.jsonl
 * (junit.xml's two passes, results.json's verdicts). Each record read back is parsed and dropped
 * at once, but V8 sizes its heap for throughput and lets garbage pile up before it collects: at
 * --repeat 64 (records.jsonl 138 MB, read three times) the CLI's resident size went from about 350
 * to 720 MiB while it wrote the reports, with about 90 MiB of its heap live. The passes are
 * synchronous, so no timer can fire in them (the test workers' worker-memory.mjs collects once a
 * second): a full collection every GARBAGE_BYTES read keeps the CLI near 420 MiB there. Measured
 * at --repeat 64 (2026-11-23): every 8 MiB, 47 collections, 1.9 s, 421 MiB; every 16 MiB, 24, 0.8
 * s, 420 MiB; every 32 MiB, 12, 0.5 s, 512 MiB. A 1x run collects once.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

const GARBAGE_BYTES = 16 * 1024 * 1024;

let sinceLast = 0;
/** The collector taken from a context of its own, made once for the process. */
let fromContext: (() => void) | undefined;

/** The engine's collector: given to scripts by --expose-gc, which is set here when the process
 * was not started with it (it takes effect for functions made after it, such as a new context's).
 * Its callers (dropped, heap-keeper.ts) share the one context. */
export function collector(): () => void {
  if (typeof globalThis.gc === 'function') return globalThis.gc as () => void;
  if (!fromContext) {
    setFlagsFromString('--expose-gc');
    fromContext = runInNewContext('gc') as () => void;
  }
  return fromContext;
}

/** Says that `bytes` more were read and will be dropped soon; collects once enough have been. */
export function dropped(bytes: number): void {
  sinceLast += bytes;
  if (sinceLast < GARBAGE_BYTES) return;
  sinceLast = 0;
  collector()();
}
