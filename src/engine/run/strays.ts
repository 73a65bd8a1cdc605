/**
 * Errors no code of the run catches while vitest runs the suites: a promise rejected with nobody
 * waiting, an exception thrown from an event. Either would end the process with no reports
 * (node's default for an uncaught exception; vitest's handlers exit on both). Two are known, both
 * when a signal to the whole group kills a test worker that has just been forked, before
 * suites/worker-signals.mjs made it ignore the signal:
 * - the pool's promise for that worker rejects ("Worker exited unexpectedly");
 * - tinypool 1.1.1's destroy() waits for the worker's exit with events.once on its ProcessWorker,
 *   which has `once` but no `removeListener`: the worker's error event makes events.once throw
 *   "emitter.removeListener is not a function" from the child process's exit event. Observed
 *   2026-11-25: SIGINT to the group 450 to 490 ms into a run exited 1 with nothing written.
 * Each is the interruption's doing when the run is interrupted (also when the signal's own listener
 * runs a moment after: signal-lag.ts) and is dropped then; otherwise it is a tool error in the
 * reports, which are still written.
 */
import { abortedWithin, SIGNAL_LAG_MS } from './signal-lag.js';

export interface StrayCatcher {
  /** Once every stray seen so far is recorded or dropped. */
  settled(): Promise<void>;
  /** Stops catching. */
  release(): void;
}

const described = (err: unknown): string => {
  if (!(err instanceof Error)) return String(err);
  const where = err.stack?.split('\n').find((line) => line.trimStart().startsWith('at '))?.trim();
  return where ? `${err.message} (${where})` : err.message;
};

type StrayEvent = 'unhandledRejection' | 'uncaughtException';

/** Where strays are heard: the process (an EventEmitter in tests, where vitest owns the process's). */
export interface StraySource {
  on(event: StrayEvent, listener: (err: unknown) => void): unknown;
  off(event: StrayEvent, listener: (err: unknown) => void): unknown;
}

export function catchStrays(signal: AbortSignal, record: (message: string) => void, source: StraySource = process): StrayCatcher {
  const pending = new Set<Promise<void>>();
  const stray = (kind: string) => (err: unknown) => {
    const decided = abortedWithin(signal, SIGNAL_LAG_MS).then((interrupted) => {
      if (!interrupted) record(`${kind}: ${described(err)}`);
    });
    pending.add(decided);
    void decided.finally(() => pending.delete(decided));
  };
  const onRejection = stray('unhandled');
  const onException = stray('uncaught');
  source.on('unhandledRejection', onRejection);
  source.on('uncaughtException', onException);
  return {
    settled: async () => {
      await Promise.all([...pending]);
    },
    release: () => {
      source.off('unhandledRejection', onRejection);
      source.off('uncaughtException', onException);
    },
  };
}
