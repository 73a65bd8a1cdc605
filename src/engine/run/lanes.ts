/**
 * Lanes: one suite file's tests split across several vitest worker processes.
 *
 * vitest runs a test file in one worker process, so a run whose work is mostly one suite (the
 * bench's `--suites positive --repeat N`, a hard `--runs 1000` fuzz, a `--baseline` replay) used
 * one core however many the machine has. A suite with more than a core's worth of work runs in L
 * lanes instead: the same file in L vitest projects, lane i taking the suite's rows (test units: a
 * case with all its transports, a fuzz property, a recorded case) at positions p with p mod L = i.
 * A unit is never split, so a case's transports meet in one lane and its parity record is made there.
 *
 * Each lane is a worker process, with its start-up cost (module loading, about half a second of
 * CPU) and its own keep-alive pool of --concurrency connections: a suite earns a lane only for
 * about a core's worth of exchanges, so a small run (the default one) keeps one lane per suite.
 */
import { availableParallelism } from 'node:os';
import type { RunSettings, SuiteId } from '../../config/settings.js';

/** The suite files a run runs: the conformance suites, the baseline replay, and the replay of
 * captured traffic (never split: its calls go in their captured order). */
export type LanedSuite = SuiteId | 'baseline' | 'traffic';

/** How much a suite has to do: its test units and the exchanges they make. */
export interface SuiteWork {
  readonly units: number;
  readonly exchanges: number;
}

/** What a lane's worker is told (vitest `provide`): its index, and each suite's lane count. */
export interface Lane {
  readonly index: number;
  readonly counts: Partial<Record<LanedSuite, number>>;
}

/** Exchanges worth a worker process of their own. A worker checks about 2,500 exchanges a second
 * on this machine's cores and costs about half a second of CPU to start (npm run bench, profiled
 * "loading"): below about a second of work a second lane costs more than it saves. */
export const LANE_EXCHANGES = 2500;

export interface LaneChoice {
  /** Cores the run may keep busy (--workers, or the machine's). */
  readonly workers: number;
  /** Exchanges each lane must keep; 0 when the user chose --workers and so the split. */
  readonly minExchanges: number;
}

/**
 * Lanes per suite: every suite has one; the workers - 1 further cores go one at a time to the suite
 * with the most exchanges per lane, while each of its lanes would still have `minExchanges` and a
 * unit. The suites of a run already run side by side, so a run of four balanced suites on four
 * cores gets no lanes, and one dominated by one suite gives that suite the spare cores.
 */
export function laneCounts(work: Partial<Record<LanedSuite, SuiteWork>>, choice: LaneChoice): Partial<Record<LanedSuite, number>> {
  const suites = Object.keys(work) as LanedSuite[];
  const counts: Partial<Record<LanedSuite, number>> = Object.fromEntries(suites.map((s) => [s, 1]));
  const perLane = (s: LanedSuite, lanes: number) => work[s]!.exchanges / lanes;
  for (let spare = choice.workers - 1; spare > 0; spare--) {
    const candidates = suites.filter((s) => counts[s]! < work[s]!.units && perLane(s, counts[s]! + 1) >= Math.max(1, choice.minExchanges));
    if (candidates.length === 0) break;
    const busiest = candidates.reduce((a, b) => (perLane(b, counts[b]!) > perLane(a, counts[a]!) ? b : a));
    counts[busiest]! += 1;
  }
  return counts;
}

/** The lane counts of a run: --rate is a limit per client, and one suite file at a time keeps it
 * one for the whole run (run.ts), so a rated run has no lanes. --workers chooses the split outright;
 * otherwise the machine's cores are shared out by work. */
export function runLanes(settings: Pick<RunSettings, 'rate' | 'workers'>, work: Partial<Record<LanedSuite, SuiteWork>>): Partial<Record<LanedSuite, number>> {
  if (settings.rate !== undefined) return laneCounts(work, { workers: 1, minExchanges: 0 });
  if (settings.workers !== undefined) return laneCounts(work, { workers: settings.workers, minExchanges: 0 });
  return laneCounts(work, { workers: autoWorkers(availableParallelism(), Object.keys(work).length), minExchanges: LANE_EXCHANGES });
}

/**
 * The `workers` of an automatic choice: lanes only for the cores the run's suites leave idle. The
 * suite files already run side by side, each in a worker process of its own, and each lane is one
 * more (80 to 130 MiB resident): on 2 cores the default run's four suites earn no lane, while a
 * run of the positive suite alone gets a second. Sharing cores out as if each suite used one made
 * the default run at --repeat 16 and 64 start a fifth worker on 2 cores, for no gain in wall time
 * and 10 to 20% more peak memory (npm run bench, 2026-11-24). One core is left to the main process,
 * which reads every record, and to a target on the same machine (the embedded server, a local
 * host): once a checked exchange cost half as much, the positive suite x200 on 2 cores ran at
 * 2184 to 2520 checked exchanges/s in one worker and 1886 to 2107/s in two, alternately against
 * one reference server (2026-11-24): four busy processes on two cores wait on each other. Again
 * once the reference server read requests through SAX (a cheaper request), `--repeat 400`: 22.3
 * and 24.3 s in one worker, 29.0 and 29.7 s in two, alternately (2026-11-24 14:45).
 */
export const autoWorkers = (cores: number, suites: number): number => Math.max(1, cores - suites);

/** Whether a run's target shares this machine's cores: the embedded server, or a host on loopback. */
export function targetIsLocal(target: { readonly embedded: boolean; readonly baseUrl: string }): boolean {
  if (target.embedded) return true;
  const host = new URL(target.baseUrl).hostname;
  return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * Worker processes for the suite files of a run without lanes; a worker runs one file after
 * another (isolate: false, suites/vitest.config.ts). A target on this machine is CPU, not waiting:
 * one core is left to it and to the main process, which reads every record, as for lanes. On 2
 * cores that is one worker: a one-operation run took 5.3 to 5.8 s and 6.6 to 7.5 s of CPU in one,
 * 6 s and 8.5 to 9.2 s in two, and the default run 7.65 s (10.5 s of CPU) against 9 s (14 s) in
 * two (2026-11-24). A remote target is waited on: its suite files run side by side, up to four.
 * --workers chooses outright.
 */
export function fileWorkers(files: number, options: { readonly cores: number; readonly local: boolean; readonly workers?: number | undefined }): number {
  const limit = options.workers ?? (options.local ? options.cores - 1 : 4);
  return Math.max(1, Math.min(files, 4, limit));
}

/** The lanes the run needs: the highest lane count of any suite (1: no lanes). */
export const laneTotal = (counts: Partial<Record<LanedSuite, number>>): number => Math.max(1, ...Object.values(counts));

/** Whether the row at `position` of a suite with `count` lanes belongs to lane `index`. */
export const inLane = (index: number, count: number, position: number): boolean => position % count === index;

/** The rows of `suite` this lane runs; all of them without lanes (plain vitest, or one lane). */
export function laneRows<T>(lane: Lane | undefined, suite: LanedSuite, rows: readonly T[]): T[] {
  const count = lane?.counts[suite] ?? 1;
  return rows.filter((_, position) => inLane(lane?.index ?? 0, count, position));
}
