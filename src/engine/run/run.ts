/**
 * One conformance run: pick the target (start the embedded reference server when none is given,
 * otherwise make sure the target answers at all), run the suites under vitest, collect the records.
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createVitest } from 'vitest/node';
import type { RunSettings, SettingsOf } from '../../config/settings.js';
import { signerFor, trySigner } from '../send/auth.js';
import { RecordCollector } from './collector.js';
import { plannedTests, suitesToRun, suiteWork } from './plan.js';
import { fileWorkers, laneTotal, runLanes, targetIsLocal, type LanedSuite, type SuiteWork } from './lanes.js';
import { casesToReplay } from '../replay/baseline-replay.js';
import { readBaseline } from '../../regression/baseline.js';
import { HandoverReader, handoverDir } from './worker-handover.js';
import { escapeRegExp } from '../../results/redact.js';
import type { ExchangeRecord } from '../../results/record.js';
import { toolRoot } from '../../results/tool-info.js';
import { keepHeapNearLive } from '../../runtime/heap-keeper.js';
import { abortedWithin, SIGNAL_LAG_MS } from './signal-lag.js';
import { catchStrays } from './strays.js';
import { embeddedServer, openTarget, type Target } from '../send/target.js';
import { discover } from '../learn/discover.js';
import type { LearnedState } from '../learn/learned-state.js';
import { searchValues } from '../learn/value-search.js';
import { PHASES, phaseSettings, runsInPhase, runsInPhases, type Phase } from '../learn/phases.js';
import type { HttpClient } from '../../http/send.js';
import { runClient } from '../send/run-client.js';
import { ensureReferenceReachable, openReferenceSides } from '../reference/reference-clients.js';
import { targetSettings, type TargetSettings } from './vitest-context.js';
import { readWsdl } from './wsi-wsdl.js';

export interface RunResult {
  readonly target: TargetSettings;
  readonly toolErrors: readonly string[];
  /** Tests skipped because --max-duration ran out, or never finished because the run was interrupted. */
  readonly cutShort: number;
  readonly startedAt: string;
  readonly durationMs: number;
  /** Set when the run was stopped from outside (SIGINT, SIGTERM) before it finished. */
  readonly interrupted?: string;
}

/** How long an interrupted run waits for tests under way before it reports what it has. */
const INTERRUPT_GRACE_MS = 2000;
/** How long a finished run waits for vitest to close its workers. */
const CLOSE_LIMIT_MS = 15_000;

const SUITES_CONFIG = fileURLToPath(new URL('suites/vitest.config.ts', toolRoot()));

export interface RunOptions {
  /** Each record as it arrives, with its JSON text (JSON.stringify of it, already made): the run
   * keeps none (the caller keeps what it needs). */
  readonly onRecord?: (r: ExchangeRecord, text: string) => void;
  /** Without onRecord: the records' JSON lines as bytes, never parsed in this process (collector.ts);
   * valid during the call only. */
  readonly onRecordBytes?: (lines: Buffer) => void;
  /** Every fuzz sample's exchanges (recorded in a baseline, not reported). */
  readonly onSample?: (r: ExchangeRecord) => void;
  /** Tests finished and planned; `collected` once every suite file is collected (planned is final);
   * the records so far with findings that fail the run. */
  readonly onProgress?: (finished: number, planned: number, collected: boolean, withFindings: number) => void;
  readonly signal?: AbortSignal;
  /** Start the embedded server as this mutant (src/server/mutants/); ignored with a --base-url. */
  readonly mutant?: string;
}

export async function conformanceRun(settings: RunSettings, options: RunOptions = {}): Promise<RunResult> {
  const startedAt = new Date();
  // A signer that does not load, or whose sign() throws, is a configuration error before any request.
  if (settings.signer) await signerFor(settings.signer).then(() => trySigner(settings, settings.operations));
  const { opened, given } = await openDeployments(settings, options.mutant);
  // A mutant may answer in its own result format: the echo is read in the format the server writes.
  let target = targetSettings({ ...settings, resultFormat: opened.resultFormat ?? settings.resultFormat }, opened.baseUrl, opened.embedded, startedAt.getTime());
  // The run's one client for the target: the probe's, or made once the embedded server listens.
  const client = given ?? runClient(target, target.baseUrl);
  const files = new HandoverReader(handoverDir());
  let interrupted: string | undefined;
  const stopKeepingHeap = keepHeapNearLive();
  let collector: RecordCollector | undefined;
  let inPlan: number | undefined;
  try {
    // A target with data is asked first what it holds (discover.ts); the echo server holds nothing.
    target = { ...target, ...(await readWsdl(target, opened.wsdl, client)) };
    if (learnsFromTarget(target) && !options.signal?.aborted) target = { ...target, learned: await discoverWith(target, client) };
    // The plan's count: the suite files may run one after another in one worker, so the last is
    // collected only near the end, and a count of collected tests would keep growing until then.
    inPlan = settings.baseline || settings.traffic ? undefined : plannedTests(target);
    collector = new RecordCollector(files, { ...(options.onRecord ? { onRecord: options.onRecord } : {}), ...(options.onRecordBytes ? { onBytes: options.onRecordBytes } : {}) }, options.onSample, options.onProgress, inPlan);
    // A target that keeps state is run in phases (phases.ts): the reads, then the mutations.
    // A replay of captured traffic keeps the capture's order instead: one part, no phases.
    const parts = runsInPhases(target) && !settings.traffic ? PHASES.map((phase) => inReferenceOrder(phaseSettings(target, phase))) : [target];
    for (const part of parts) {
      // A shard may have nothing to run (more shards than cases): no suites, not vitest's default of all.
      // A regression run (--baseline) replays the recorded cases instead of generating its own.
      // A replay of captured traffic (--traffic) sends the captured calls.
      const suites: LanedSuite[] = settings.traffic ? ['traffic'] : settings.baseline ? (runsInPhase(part.phase, 'baseline') ? ['baseline'] : []) : suitesToRun(part);
      // A signal that came while the target was being prepared ends the run before any test.
      if (options.signal?.aborted) interrupted = String(options.signal.reason);
      else if (suites.length > 0) interrupted = await runSuites(part, part, suites, collector, files.dir, options.signal);
      if (interrupted) break;
    }
  } finally {
    stopKeepingHeap();
    // A worker still winding down after an interruption has nobody left to report to.
    try {
      files.close();
    } finally {
      try {
        await client.close();
      } finally {
        await opened.close();
      }
    }
  }
  // An interrupted run may not have collected every suite yet: the plan knows how many tests it has.
  const done = collector!;
  const planned = Math.max(done.planned, inPlan ?? 0);
  return { target, ...(interrupted ? { interrupted } : {}), toolErrors: done.toolErrors, cutShort: done.cutShort + (interrupted ? Math.max(0, planned - done.finished) : 0), startedAt: startedAt.toISOString(), durationMs: Date.now() - startedAt.getTime() };
}

/** A phase that changes state, run against a reference too (issue 38), goes one case at a time: the
 * cases must reach both sides in the same order, and four transports' sequences side by side did
 * not (a time-log list on the candidate saw another transport's new time log that the reference had
 * not been sent yet: a difference made by the tool, found running the clean service against itself).
 * The reads change nothing, so their order does not matter. */
export function inReferenceOrder<S extends RunSettings & { readonly phase: Phase }>(part: S): S {
  return part.referenceUrl !== undefined && part.phase !== 'reads' ? { ...part, workers: 1, concurrency: 1 } : part;
}

/** Every target but the embedded echo server has data to learn from. */
const learnsFromTarget = (target: TargetSettings): boolean => !target.embedded || target.stateful;

/** The discovery step, then the search for values that succeed, over the run's client. */
async function discoverWith(target: TargetSettings, client: HttpClient): Promise<LearnedState> {
  return searchValues(target, client, await discover(target, client));
}

/**
 * The target opened and probed, and the reference probed, each over the run's client for it
 * (run-client.ts), made here once: a given URL's is returned (`given`) for the rest of the run, which
 * closes it; the reference's have no other use in this process and are closed here. An unreachable
 * target or reference stops the run before its suites (exit 3), every client closed.
 */
async function openDeployments(settings: RunSettings, mutant: string | undefined): Promise<{ opened: Target; given?: HttpClient }> {
  const given = settings.baseUrl ? runClient(settings, settings.baseUrl) : undefined;
  const reference = openReferenceSides(settings);
  let opened: Target | undefined;
  try {
    opened = await openTarget({ baseUrl: settings.baseUrl, probe: settings, ...(given ? { client: given } : {}), server: embeddedServer(settings, mutant) });
    await ensureReferenceReachable({ ...settings, baseUrl: opened.baseUrl }, reference);
    return { opened, ...(given ? { given } : {}) };
  } catch (err) {
    await given?.close();
    await opened?.close();
    throw err;
  } finally {
    await reference?.close();
  }
}

/** The signals that stop a run gracefully: Ctrl-C or a CI cancel (SIGINT, often to the whole
 * process group), timeout(1) and CI runners (SIGTERM), a closed terminal (SIGHUP). */
export const INTERRUPT_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** Events on which vitest's logger ends the process (Logger.addCleanupListeners exits on SIGINT and
 * SIGTERM, registerUnhandledRejection exits 1), which would lose the reports. */
const VITEST_EXITS: ReadonlySet<string | symbol> = new Set([...INTERRUPT_SIGNALS, 'unhandledRejection']);

/** While a caller handles interruption, listeners added for those events are taken off again
 * before any event can reach them (signals and rejections are dispatched from the event loop, after
 * the microtask). Removing them only after createVitest returned would leave a window in which a
 * Ctrl-C exits the process. Returns the function that stops this. */
function keepVitestFromExiting(): () => void {
  const onNewListener = (event: string | symbol, listener: (...args: unknown[]) => void) => {
    if (VITEST_EXITS.has(event)) queueMicrotask(() => process.off(event as NodeJS.Signals, listener));
  };
  process.on('newListener', onNewListener);
  return () => process.off('newListener', onNewListener);
}

const suiteFile = (suite: LanedSuite) => `suites/${suite}.conform.ts`;

/** Where this module runs compiled (the package's dist/, `prepack`, or a checkout's .build/<key>/,
 * bin/checkout-build.js), the suites' workers load the same compiled sources with Node's own
 * loader: the suites import `../src/X.js`, which would
 * make vite-node transform every TypeScript source of src/ in each worker (a default run of the
 * compiled package took 5.0 to 6.4 s instead of 8.6 to 8.7 s, and 7.3 to 8.1 s of CPU instead of
 * 9.2 to 9.7 s; two pairs, issue 20). A TypeScript checks module still loads (user-module.ts falls
 * back to tsx). Run through tsx (TSIWS_CHECKOUT_BUILD=off), the workers transform src/ themselves. */
const COMPILED = compiledSources();
function compiledSources(): { options: Partial<Parameters<typeof createVitest>[1]>; vite?: Parameters<typeof createVitest>[2] } {
  if (!import.meta.url.endsWith('.js')) return { options: {} };
  const dist = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');
  return {
    // vite-node runs a module it does not transform with Node's import: dist/ is JavaScript.
    options: { server: { deps: { external: [new RegExp(`^${escapeRegExp(dist)}/`)] } } },
    vite: { resolve: { alias: [{ find: /^\.\.\/src\/(.*)\.js$/, replacement: `${dist}/$1.js` }] } },
  };
}

/** What a regression run replays: the recorded cases of this shard, each over its transports. */
function baselineWork(settings: SettingsOf<'generation' | 'execution'> & { baseline: string }): SuiteWork {
  const rows = casesToReplay(readBaseline(settings.baseline), settings);
  return { units: rows.length, exchanges: rows.reduce((sum, r) => sum + r.transports.length, 0) };
}

/** The vitest options that say which worker processes run `suites` (lanes.ts): without lanes, how
 * many workers take the files in turn (fileWorkers); with lanes, one project per lane, each
 * running the suite files that have that lane and told its lane through `provide`. */
function workerOptions(settings: RunSettings, target: TargetSettings, suites: readonly LanedSuite[]) {
  const withoutLanes = { maxWorkers: fileWorkers(suites.length, { cores: availableParallelism(), local: targetIsLocal(target), workers: settings.workers }) };
  // One core (or --rate) needs no count of the work: reading a baseline twice is not free. Captured
  // traffic goes in its order, in one worker.
  if (settings.rate !== undefined || settings.workers === 1 || settings.traffic) return withoutLanes;
  const work = settings.baseline ? { baseline: baselineWork({ ...settings, baseline: settings.baseline }) } : suiteWork(settings);
  const counts = runLanes(settings, work);
  const lanes = laneTotal(counts);
  if (lanes === 1) return withoutLanes;
  const projects = Array.from({ length: lanes }, (_, index) => ({
    extends: true as const,
    // A project extending the root config gets its arrays joined to the root's: an include would
    // add to the root's glob, an exclude takes out the suites that have no such lane.
    test: { name: `lane ${index + 1}`, exclude: suites.filter((s) => (counts[s] ?? 1) <= index).map(suiteFile), provide: { tsiwsLane: { index, counts } } },
  }));
  // Every lane of every suite at once: the lanes are the run's use of the cores.
  const workers = suites.reduce((sum, s) => sum + (counts[s] ?? 1), 0);
  // A process per file again: reusing workers across lane projects (isolate: false, the suites'
  // config) makes vitest terminate them between projects, which rejects inside its pool.
  return { projects, maxWorkers: Math.max(4, workers), isolate: true };
}

/** Runs the suite files under vitest; returns the signal's reason when the run was interrupted. */
async function runSuites(settings: RunSettings, target: TargetSettings, suites: readonly LanedSuite[], collector: RecordCollector, recordsDir: string, signal: AbortSignal | undefined): Promise<string | undefined> {
  const exitCode = process.exitCode;
  let interrupted: string | undefined;
  // What breaks inside vitest's pool when a signal kills a worker: never a reason to exit without reports.
  const strays = signal ? catchStrays(signal, (message) => collector.toolError(message)) : undefined;
  const allowExits = signal ? keepVitestFromExiting() : () => {};
  try {
    const vitest = await createVitest('test', {
      config: SUITES_CONFIG,
      watch: false,
      reporters: [collector],
      provide: { tsiws: target, tsiwsRecords: recordsDir },
      maxConcurrency: settings.concurrency,
      // --rate is enforced per client; one suite file at a time keeps it a limit for the whole run.
      ...(settings.rate !== undefined ? { fileParallelism: false } : {}),
      ...workerOptions(settings, target, suites),
      ...COMPILED.options,
    }, COMPILED.vite);
    // An interrupted run stops scheduling tests; what finished is kept and reported.
    const stop = () => {
      interrupted = String(signal?.reason ?? 'interrupted');
      collector.interrupted = true;
      void vitest.cancelCurrentRun('keyboard-input');
    };
    // A signal that came while vitest was starting stops the run before its first test.
    if (signal?.aborted) stop();
    else signal?.addEventListener('abort', stop, { once: true });
    // Cancelling stops scheduling, but a test under way (a long fuzz property) runs on: after a
    // short grace the run reports what it has rather than wait.
    const aborted = new Promise<void>((resolve) => (signal?.aborted ? resolve() : signal?.addEventListener('abort', () => resolve(), { once: true })));
    const grace = () => new Promise<void>((resolve) => setTimeout(resolve, INTERRUPT_GRACE_MS).unref());
    const running = interrupted ? Promise.resolve() : vitest.start(suites.map(suiteFile));
    running.catch(() => {}); // an interrupted run may reject after we stopped waiting
    try {
      await Promise.race([running, aborted.then(grace)]);
    } finally {
      signal?.removeEventListener('abort', stop);
      // Closing waits for the test workers; one that will not go must not keep the reports unwritten.
      await Promise.race([vitest.close(), interrupted ? grace() : new Promise<void>((resolve) => setTimeout(resolve, CLOSE_LIMIT_MS).unref())]);
    }
  } catch (err) {
    // A signal to the whole group also ends the helpers vitest starts (esbuild's service, which
    // compiles the suites): what then breaks is the interruption's doing, and what finished stands.
    // The helper's broken pipe may arrive before the signal itself (signal-lag.ts).
    if (!signal || !(await abortedWithin(signal, SIGNAL_LAG_MS))) throw err;
    interrupted ??= String(signal.reason);
    collector.interrupted = true;
  } finally {
    // vitest sets the process exit code from its own verdict; ours is decided by the CLI.
    process.exitCode = exitCode;
    allowExits();
    await strays?.settled();
    // Late errors from workers that were still winding down stay harmless.
    if (!interrupted) strays?.release();
  }
  return interrupted;
}
