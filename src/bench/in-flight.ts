/** A fixed number of calls in flight for a fixed time, cycling through a list: how the bench's
 * clients other than autocannon (client-alone.ts, node-soap.ts) load a target. */

export interface InFlightResult {
  /** Calls that got an answer, good or not. */
  readonly answered: number;
  /** Answered calls over the time to the last answer. */
  readonly perSecond: number;
  /** Calls that got no usable answer (the call threw). */
  readonly errors: number;
  /** Answered calls that `send` said were not good (an HTTP client's non-2xx). */
  readonly notGood: number;
  /** The first error's message: a replay that fails says why. */
  readonly firstError?: string;
}

/** `concurrency` loops, each making the next call of `items` (in turn, shared by all loops, so each
 * item is called as often as the others) as soon as its last one ended, until `seconds` are over.
 * `send` resolves true for a good answer, false for an answer that is not, and throws for none. */
export async function keepInFlight<T>(items: readonly T[], concurrency: number, seconds: number, send: (item: T) => Promise<boolean>, onAnswered?: (sentAt: number, endAt: number) => void): Promise<InFlightResult> {
  if (items.length === 0) throw new Error('at least one request to replay is needed');
  const started = performance.now();
  const end = started + seconds * 1000;
  let answered = 0;
  let errors = 0;
  let notGood = 0;
  let firstError: string | undefined;
  let next = 0;
  const loop = async () => {
    while (performance.now() < end) {
      const item = items[next++ % items.length]!;
      const sentAt = performance.now();
      try {
        const good = await send(item);
        answered++;
        onAnswered?.(sentAt, performance.now());
        if (!good) notGood++;
      } catch (err) {
        errors++;
        firstError ??= (err as Error).message;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  const elapsed = (performance.now() - started) / 1000;
  return { answered, perSecond: answered / elapsed, errors, notGood, ...(firstError !== undefined ? { firstError } : {}) };
}
