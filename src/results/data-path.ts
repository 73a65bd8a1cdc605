/**
 * Data-path coverage: what the valid requests of a run got. A conformance run that only ever gets
 * business errors ("unknown accountnumber") or empty lists never reaches the code behind a valid id,
 * where most of a real service's bugs live (issue 37). Each valid exchange is classed as one of:
 * - success: HTTP 200 with a result text that is not an in-band failure;
 * - failure: HTTP 200 with a result text the target's failure pattern matches (in-band business error),
 *            or a fault the target's business-fault signature matches (state/business-fault.ts);
 * - unknown: HTTP 200 with a result the run cannot class: requests that should fail were answered
 *            HTTP 200 unlike any success, and nothing learned tells such answers from successes
 *            (engine/learn/discover.ts, failureUnknown); not a success, so the ratio does not count it;
 * - fault:   a SOAP fault or an HTTP error answer from the service;
 * - refused: refused by the host before the service (profiles/host-rejection.ts), or no answer.
 */
export const DATA_PATH_OUTCOMES = ['success', 'failure', 'unknown', 'fault', 'refused'] as const;
export type DataPathOutcome = (typeof DATA_PATH_OUTCOMES)[number];

export type DataPathTally = Partial<Record<DataPathOutcome, number>>;

export interface DataPathCounts {
  readonly success: number;
  readonly failure: number;
  readonly unknown: number;
  readonly fault: number;
  readonly refused: number;
  readonly total: number;
}

/** Adds one outcome to a tally, in place. */
export function tallyOutcome(tally: { -readonly [K in DataPathOutcome]?: number }, outcome: DataPathOutcome, count = 1): void {
  tally[outcome] = (tally[outcome] ?? 0) + count;
}

/** A tally as counts with a total. */
export function countsOf(tally: DataPathTally): DataPathCounts {
  const c = { success: tally.success ?? 0, failure: tally.failure ?? 0, unknown: tally.unknown ?? 0, fault: tally.fault ?? 0, refused: tally.refused ?? 0 };
  return { ...c, total: c.success + c.failure + c.unknown + c.fault + c.refused };
}
