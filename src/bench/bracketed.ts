/**
 * The bench's measurement of one target, shared by the reference server (main.ts) and the Mono
 * host (asmx.ts): autocannon warms the target up (2 s), replays the prebuilt requests (the raw
 * rate, with the target's CPU), the harness runs its positive suite, and autocannon replays again.
 * The ratio is the harness's steady rate over the mean of the two raw rates, which bracket it in
 * time: on a shared machine a single raw window moved by up to 1.7x within a minute.
 */
import type { HttpRequest } from '../transports/index.js';
import { bracketingRate, raw, rawSpread, unsteadyNote, type RawResult } from './autocannon.js';
import { cpuDuring, cpuPerRequest, type CpuPerRequest, type Placement } from './cpu.js';
import { harness, type HarnessResult } from './harness.js';

export interface BracketedTarget {
  readonly url: string;
  readonly pid: number;
  /** Serves on one thread (Node's event loop), so one core bounds it; Mono serves on a pool. */
  readonly oneThread: boolean;
  /** The cores the target and this bench (autocannon, the harness) run on. */
  readonly placement: Placement;
}

export interface BracketedOptions {
  readonly requests: readonly HttpRequest[];
  readonly concurrency: number;
  readonly seconds: number;
  readonly repeat: number;
  readonly seed: string;
  readonly reports: string;
  /** The target may have findings (a real runtime): the harness run's exit 1 is not a failure. */
  readonly findingsAllowed?: boolean;
  /** What the printed note on unsteady raw rates starts with ('' or 'asmx '). */
  readonly who: string;
  /** Prints each figure as it comes: the raw rate, the harness's, the raw rate again with the mean. */
  readonly print: {
    raw(r: RawResult): string;
    harness(h: HarnessResult): string;
    rawAgain(r: RawResult, mean: number): string;
  };
}

export interface Bracketed {
  readonly raw: RawResult;
  readonly rawAfter: RawResult;
  readonly harness: HarnessResult;
  /** Harness rate over the mean raw rate, to three decimals. */
  readonly ratio: number;
  /** How far apart the two raw rates were (autocannon.ts, rawSpread): over 0.2, the ratio is uncertain. */
  readonly rawSpread: number;
  /** CPU per request of each side, and the ratio those costs allow; null where /proc was not read. */
  readonly cpuPerRequest: CpuPerRequest | null;
}

export async function bracketed(target: BracketedTarget, options: BracketedOptions): Promise<Bracketed> {
  const { requests, concurrency, seconds, print } = options;
  await raw(target.url, requests, concurrency, 2); // warm-up: the target's code paths compiled (JIT) before measuring
  const rawRun = await cpuDuring(target.pid, () => raw(target.url, requests, concurrency, seconds));
  console.log(print.raw(rawRun.result));
  const { result: harnessResult } = await harness({ url: target.url, repeat: options.repeat, seed: options.seed, reports: options.reports, targetPid: target.pid, ...(options.findingsAllowed ? { findingsAllowed: true } : {}) });
  console.log(print.harness(harnessResult));
  const rawAfter = await raw(target.url, requests, concurrency, seconds);
  const mean = bracketingRate(rawRun.result, rawAfter);
  console.log(print.rawAgain(rawAfter, mean));
  const unsteady = unsteadyNote(options.who, rawRun.result, rawAfter);
  if (unsteady) console.log(unsteady);
  const cpu = rawRun.cpu && harnessResult.steadyCpu ? cpuPerRequest(rawRun.cpu, rawRun.result.requests, harnessResult.steadyCpu, target.placement, target.oneThread) : null;
  return { raw: rawRun.result, rawAfter, harness: harnessResult, ratio: Number((harnessResult.perSecond / mean).toFixed(3)), rawSpread: Number(rawSpread(rawRun.result, rawAfter).toFixed(3)), cpuPerRequest: cpu };
}
