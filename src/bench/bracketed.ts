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
import { median } from './targets.js';

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
  /** Harness windows, each between two raw windows (1 unless given): the ratio is their median. */
  readonly windows?: number;
  /** What the printed note on unsteady raw rates starts with ('' or 'asmx '). */
  readonly who: string;
  /** Prints each figure as it comes: the raw rate, the harness's, the raw rate again with the mean. */
  readonly print: {
    raw(r: RawResult): string;
    harness(h: HarnessResult, repeat: number): string;
    rawAgain(r: RawResult, mean: number): string;
  };
}

/** One harness window and the raw windows on either side of it. */
export interface RatioWindow {
  readonly rawBefore: RawResult;
  readonly harness: HarnessResult;
  readonly rawAfter: RawResult;
  readonly ratio: number;
  readonly rawSpread: number;
}

export interface Bracketed {
  /** Every window, in the order measured; the figures below are the median window's. */
  readonly windows: readonly RatioWindow[];
  readonly raw: RawResult;
  readonly rawAfter: RawResult;
  readonly harness: HarnessResult;
  /** The harness run's --repeat (given, or sized from the first raw rate). */
  readonly repeat: number;
  /** Harness rate over the mean raw rate, to three decimals: the median of the windows'. */
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

/**
 * raw, harness, raw, harness, raw...: each harness window's ratio is taken against the raw windows
 * on either side of it, and the figure is their median (issue 61: one window's ratio moved by
 * 0.05 to 0.1 from run to run on a shared machine).
 */
async function ratioWindows(target: BracketedTarget, options: BracketedOptions): Promise<{ windows: RatioWindow[]; repeat: number; rawCpu: Awaited<ReturnType<typeof cpuDuring<RawResult>>>['cpu'] }> {
  const { requests, concurrency, seconds, print } = options;
  const count = options.windows ?? 1;
  await raw(target.url, requests, concurrency, 2); // warm-up: the target's code paths compiled (JIT) before measuring
  const first = await cpuDuring(target.pid, () => raw(target.url, requests, concurrency, seconds));
  console.log(print.raw(first.result));
  // The positive suite makes one exchange per prebuilt request (every operation's example over every transport).
  const repeat = options.repeat ?? sizedRepeat(first.result.perSecond, seconds, requests.length);
  const windows: RatioWindow[] = [];
  let before = first.result;
  for (let i = 0; i < count; i++) {
    const { result: h } = await harness({ url: target.url, repeat, seed: options.seed, reports: `${options.reports}-${i + 1}`, targetPid: target.pid, ...(options.findingsAllowed ? { findingsAllowed: true } : {}) });
    console.log(print.harness(h, repeat));
    const after = await raw(target.url, requests, concurrency, seconds);
    const mean = bracketingRate(before, after);
    console.log(print.rawAgain(after, mean));
    const unsteady = unsteadyNote(options.who, before, after);
    if (unsteady) console.log(unsteady);
    windows.push({ rawBefore: before, harness: h, rawAfter: after, ratio: Number((h.perSecond / mean).toFixed(3)), rawSpread: Number(rawSpread(before, after).toFixed(3)) });
    if (count > 1) console.log(`${options.who}window ${i + 1} of ${count}: harness/raw ${windows[i]!.ratio}`);
    before = after;
  }
  return { windows, repeat, rawCpu: first.cpu };
}

/** The window whose ratio is the median (the later of the middle two for an even count). */
const medianWindow = (windows: readonly RatioWindow[]): RatioWindow => [...windows].sort((a, b) => a.ratio - b.ratio)[Math.floor(windows.length / 2)]!;

export async function bracketed(target: BracketedTarget, options: BracketedOptions): Promise<Bracketed> {
  const { requests, concurrency, seconds } = options;
  const { windows, repeat, rawCpu } = await ratioWindows(target, options);
  const ratio = Number(median(windows.map((w) => w.ratio)).toFixed(3));
  if (windows.length > 1) console.log(`${options.who}harness/raw in ${windows.length} windows: ${windows.map((w) => w.ratio).join(', ')}; median ${ratio}`);
  const mid = medianWindow(windows);
  const mean = bracketingRate(mid.rawBefore, mid.rawAfter);
  // After every raw window, so the ratio's brackets stay right around the harness.
  const alone = await clientAlone({ url: target.url, targetPid: target.pid, requests, concurrency, seconds });
  const clientFigures = { ...alone, ofRaw: Number((alone.perSecond / mean).toFixed(3)), harnessOfClient: Number((mid.harness.perSecond / Math.max(1, alone.perSecond)).toFixed(3)) };
  console.log(clientAloneLine(options.who, requests.length, concurrency, seconds, clientFigures));
  // The CPU of the first raw window and of the first harness run: the costs hardly move with load.
  const h0 = windows[0]!.harness;
  const cpu = rawCpu && h0.steadyCpu ? cpuPerRequest(rawCpu, windows[0]!.rawBefore.requests, h0.steadyCpu, target.placement, target.oneThread) : null;
  return { windows, raw: windows[0]!.rawBefore, rawAfter: windows.at(-1)!.rawAfter, harness: mid.harness, repeat, ratio, rawSpread: Math.max(...windows.map((w) => w.rawSpread)), cpuPerRequest: cpu, clientAlone: clientFigures };
}
