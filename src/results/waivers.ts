/**
 * Applying waivers (config/waivers.ts) to a record: a failed check verdict the first matching
 * waiver accepts becomes `waived` (reported with the reason, never failing the run); from the
 * waiver's expiry day on it stays failed and its message says the waiver expired. Pure: the day is
 * a parameter (the run's UTC day), so tests set the clock. The suites' workers apply it to each
 * record before handing it over, and the main process to the records it makes itself, so
 * records.jsonl and every report see the same verdicts.
 */
import type { Waiver } from '../config/waivers.js';
import type { CheckOutcome, WaiverMark } from './check-outcome.js';
import type { ExchangeRecord } from './record.js';

export type { Waiver } from '../config/waivers.js';
export type { WaiverMark } from './check-outcome.js';

/** Whether `w` matches a failed verdict `c` of `r`. The message is a case-sensitive substring. */
export function waiverMatches(w: Waiver, r: Pick<ExchangeRecord, 'operation' | 'transport'>, c: CheckOutcome): boolean {
  return c.status === 'failed' && w.check === c.id
    && (w.operation === undefined || w.operation === r.operation)
    && (w.transport === undefined || w.transport === r.transport)
    && (w.message === undefined || (c.message ?? '').includes(w.message));
}

const markOf = (w: Waiver, index: number, expired: boolean): WaiverMark =>
  ({ index, reason: w.reason, expires: w.expires, ...(w.ticket ? { ticket: w.ticket } : {}), ...(expired ? { expired: true as const } : {}) });

/** `c` as the first matching waiver leaves it; `c` itself when none matches. `today`: YYYY-MM-DD. */
export function waivedOutcome(c: CheckOutcome, r: Pick<ExchangeRecord, 'operation' | 'transport'>, waivers: readonly Waiver[], today: string): CheckOutcome {
  if (c.status !== 'failed') return c;
  const index = waivers.findIndex((w) => waiverMatches(w, r, c));
  if (index < 0) return c;
  const w = waivers[index]!;
  // YYYY-MM-DD strings compare as the days they name.
  if (today >= w.expires) return { ...c, message: `waiver expired on ${w.expires} (${w.reason}): ${c.message ?? ''}`, waiver: markOf(w, index, true) };
  return { ...c, status: 'waived', waiver: markOf(w, index, false) };
}

/** `r` with its failed verdicts waived where a waiver matches; `r` itself when none does (the
 * common case costs one pass over its checks and no copy). */
export function applyWaivers(r: ExchangeRecord, waivers: readonly Waiver[], today: string): ExchangeRecord {
  if (waivers.length === 0 || !r.checks.some((c) => c.status === 'failed')) return r;
  let changed = false;
  const checks = r.checks.map((c) => {
    const out = waivedOutcome(c, r, waivers, today);
    if (out !== c) changed = true;
    return out;
  });
  return changed ? { ...r, checks } : r;
}

/** How one waiver fared in a run: the verdicts it waived, and those it matched after its expiry. */
export interface WaiverUse {
  readonly waiver: Waiver;
  readonly waived: number;
  readonly expiredMatches: number;
}

/** What the reports say of a run's waivers: each with its count; `stale` when it matched nothing. */
export const isStale = (u: WaiverUse): boolean => u.waived === 0 && u.expiredMatches === 0;
