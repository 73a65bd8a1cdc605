/**
 * Keeps the CLI's old generation near what it holds live while the suites run. The CLI serves the
 * embedded server and reads every record back, and V8 lets what it promotes and then drops pile up
 * in old space until its own limit, which it sets at up to four times what the last full collection
 * left. Usually that limit is not reached in a run (one full collection in 35 s of a --repeat 64
 * run, the old generation growing from 26 to 51 MB; --trace-gc, 2026-11-25), but in about one such
 * run in five the CLI's resident size rose from 185 to 242 MiB in three seconds, and all of the
 * rise was in V8's 256 KiB heap pages (/proc/PID/smaps at the peak: 550 pages against 251). A full
 * collection when the old generation holds SLACK_BYTES more than the last one left bounds that, at
 * the cost of one collection (about 15 ms) per SLACK_BYTES promoted: once in a normal 64x run (6.6
 * s in), none at 1x. With 12 MiB the tree's 64x peak was 326 to 331 MiB, with 24 MiB 341 to 357
 * (three runs each, 2026-11-25, checkout; 1x 281 to 292). The report passes after the run collect
 * by the bytes they read (garbage.ts), where no timer fires.
 */
import { getHeapSpaceStatistics } from 'node:v8';
import { collector } from './garbage.js';

const EVERY_MS = 1000;
const SLACK_BYTES = 12 * 1024 * 1024;

/** Bytes used in the heap's spaces other than the young generation's. */
export function oldGenerationBytes(): number {
  let used = 0;
  for (const space of getHeapSpaceStatistics()) if (!space.space_name.startsWith('new_')) used += space.space_used_size;
  return used;
}

export interface HeapKeeperOptions {
  readonly everyMs?: number;
  readonly slackBytes?: number;
  readonly used?: () => number;
  readonly collect?: () => void;
}

/** Starts keeping the heap near its live size; returns the function that stops it. The timer
 * never keeps the process alive. */
export function keepHeapNearLive(options: HeapKeeperOptions = {}): () => void {
  const { everyMs = EVERY_MS, slackBytes = SLACK_BYTES, used = oldGenerationBytes } = options;
  let left = used();
  const timer = setInterval(() => {
    const now = used();
    // A collection of V8's own since the last look left less: that is the live size to keep near.
    if (now < left) left = now;
    if (now <= left + slackBytes) return;
    // The engine's collector is fetched on first need: a run that never needs it makes no context.
    (options.collect ?? collector())();
    left = used();
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
