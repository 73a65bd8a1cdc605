/** At most N requests in flight per client, so a request's deadline starts when it gets a
 * connection: time spent queueing behind the client's own requests is not the target's slowness. */

export interface Slots {
  /** Resolves with a release function once a slot is free. */
  acquire(): Promise<() => void>;
}

export function createSlots(size: number): Slots {
  let free = size;
  const waiting: Array<() => void> = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else free++;
  };
  return {
    async acquire() {
      if (free > 0) free--;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      return release;
    },
  };
}
