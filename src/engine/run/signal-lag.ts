/**
 * A signal sent to the whole process group (Ctrl-C, a CI cancel) reaches this process and the
 * helpers it started at the same moment: esbuild's service, which vitest uses to load the suites'
 * config. Node runs this process's signal listener on a later turn of the event loop, so the
 * helper's death (a broken pipe) can reach the run before the signal does. Seen in CI on
 * 2026-11-25: SIGINT to the group 1 s into a run gave "failed to load config ... The service was
 * stopped: write EPIPE" and exit 4 (internal error) instead of 130 and reports marked interrupted.
 * An error therefore waits this long for a signal before it is taken for what it says.
 */
export const SIGNAL_LAG_MS = 500;

/** Whether `signal` is aborted now or becomes so within `ms`. */
export function abortedWithin(signal: AbortSignal | undefined, ms: number): Promise<boolean> {
  if (!signal) return Promise.resolve(false);
  if (signal.aborted) return Promise.resolve(true);
  return new Promise((resolve) => {
    // Not unref'd: the run's error waits on this, and an empty event loop would end the process
    // before either answer.
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(false);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(true);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
