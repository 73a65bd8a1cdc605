/** --rate: at most N requests per second across one client. undici has no rate limiter. */
import { setTimeout as sleep } from 'node:timers/promises';

export interface RateLimiter {
  /** Resolves when the next request may be sent. */
  take(): Promise<void>;
}

/** Hands out send times 1/N s apart, so no window of one second ever holds more than N sends.
 * A token bucket would allow a burst of N at once and then N more within that same second. */
export function createRateLimiter(perSecond: number): RateLimiter {
  const interval = 1000 / perSecond;
  let nextSlot = 0;
  return {
    async take() {
      const slot = Math.max(performance.now(), nextSlot);
      nextSlot = slot + interval;
      // libuv measures timers from its cached loop time, so one can fire a little before the
      // wall-clock slot: wait again until the slot has really come.
      for (let now = performance.now(); now < slot; now = performance.now()) await sleep(Math.ceil(slot - now));
    },
  };
}
