/**
 * The bench's measurement of one target, shared by the reference server (main.ts) and the Mono
 * host (asmx.ts): autocannon warms the target up (2 s), replays the prebuilt requests (the raw
 * rate, with the target's CPU), the harness runs its positive suite, and autocannon replays again;
 * then the harness's HTTP client alone replays the same requests (client-alone.ts).
 * The ratio is the harness's steady rate over the mean of the two raw rates, which bracket it in
 * time: on a shared machine a single raw window moved by up to 1.7x within a minute.
 */
import type { HttpRequest } from '../transports/index.js';
import { bracketingRate, raw, rawSpread, unsteadyNote, type RawResult } from './autocannon.js';
import { clientAlone, type ClientAloneResult } from './client-alone.js';
import { cpuDuring, cpuPerRequest, type CpuPerRequest, type Placement } from './cpu.js';
import { harness, sizedRepeat, type HarnessResult } from './harness.js';

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
  /** The harness run's --repeat; undefined: sized from the first raw rate (harness.ts, sizedRepeat). */
  readonly repeat: number | undefined;
  readonly seed: string;
  readonly reports: string;
  /** The target may have findings (a real runtime): the harness run's exit 1 is not a failure. */
  readonly findingsAllowed?: boolean;
  /** What the printed note on unsteady raw rates starts with ('' or 'asmx '). */
  readonly who: string;
  /** Prints each figure as it comes: the raw rate, the harness's, the raw rate again with the mean. */
  readonly print: {
    raw(r: RawResult): string;
    harness(h: HarnessResult, repeat: number): string;
    rawAgain(r: RawResult, mean: number): string;
  };
}

export interface Bracketed {
  readonly raw: RawResult;
  readonly rawAfter: RawResult;
  readonly harness: HarnessResult;
  /** The harness run's --repeat (given, or sized from the first raw rate). */
  readonly repeat: number;
  /** Harness rate over the mean raw rate, to three decimals. */
  readonly ratio: number;
  /** How far apart the two raw rates were (autocannon.ts, rawSpread): over 0.2, the ratio is uncertain. */
  readonly rawSpread: number;
  /** CPU per request of each side, and the ratio those costs allow; null where /proc was not read. */
  readonly cpuPerRequest: CpuPerRequest | null;
  /** The harness's HTTP client alone on the same target (client-alone.ts): its rate over the mean
   * raw rate (`ofRaw`), and the harness's rate over its rate (`harnessOfClient`). */
  readonly clientAlone: ClientAloneResult & { readonly ofRaw: number; readonly harnessOfClient: number };
}

const percent = (n: number) => `${(n * 100).toFixed(0)}%`;

/** The line of the client alone: its rate, how it compares with the raw rate, and the harness with it. */
export function clientAloneLine(who: string, requests: number, concurrency: number, seconds: number, c: Bracketed['clientAlone']): string {
  const failures = c.errors > 0 ? ` (first error: ${c.firstError})` : '';
  return `${who}HTTP client alone (src/http over undici, the same ${requests} requests, ${concurrency} in flight, ${seconds} s, no checks): ${c.perSecond.toFixed(0)} req/s, ${percent(c.ofRaw)} of raw; the harness reached ${percent(c.harnessOfClient)} of it; ${c.errors} errors, ${c.non2xx} non-2xx${failures}`;
}

export async function bracketed(target: BracketedTarget, options: BracketedOptions): Promise<Bracketed> {
  const { requests, concurrency, seconds, print } = options;
  await raw(target.url, requests, concurrency, 2); // warm-up: the target's code paths compiled (JIT) before measuring
  const rawRun = await cpuDuring(target.pid, () => raw(target.url, requests, concurrency, seconds));
  console.log(print.raw(rawRun.result));
  // The positive suite makes one exchange per prebuilt request (every operation's example over every transport).
  const repeat = options.repeat ?? sizedRepeat(rawRun.result.perSecond, seconds, requests.length);
  const { result: harnessResult } = await harness({ url: target.url, repeat, seed: options.seed, reports: options.reports, targetPid: target.pid, ...(options.findingsAllowed ? { findingsAllowed: true } : {}) });
  console.log(print.harness(harnessResult, repeat));
  const rawAfter = await raw(target.url, requests, concurrency, seconds);
  const mean = bracketingRate(rawRun.result, rawAfter);
  console.log(print.rawAgain(rawAfter, mean));
  const unsteady = unsteadyNote(options.who, rawRun.result, rawAfter);
  if (unsteady) console.log(unsteady);
  // After both raw windows, so the ratio's brackets stay right around the harness.
  const alone = await clientAlone({ url: target.url, targetPid: target.pid, requests, concurrency, seconds });
  const clientFigures = { ...alone, ofRaw: Number((alone.perSecond / mean).toFixed(3)), harnessOfClient: Number((harnessResult.perSecond / Math.max(1, alone.perSecond)).toFixed(3)) };
  console.log(clientAloneLine(options.who, requests.length, concurrency, seconds, clientFigures));
  const cpu = rawRun.cpu && harnessResult.steadyCpu ? cpuPerRequest(rawRun.cpu, rawRun.result.requests, harnessResult.steadyCpu, target.placement, target.oneThread) : null;
  return { raw: rawRun.result, rawAfter, harness: harnessResult, repeat, ratio: Number((harnessResult.perSecond / mean).toFixed(3)), rawSpread: Number(rawSpread(rawRun.result, rawAfter).toFixed(3)), cpuPerRequest: cpu, clientAlone: clientFigures };
}
