/**
 * The noise an operation goes by (issue 38), one rule for a run against a reference
 * (reference-tally.ts) and for a baseline's replay (baseline-noise.ts): an operation taught noise
 * of its own (its results were answered more than once alike) goes by its own; any other goes by
 * the union of every operation's noise. A create, update or delete is asked of a reference once,
 * and a baseline may hold no two alike results of an operation (only fuzz samples and negative
 * cases, or cases on instances of their own); a time stamp in every answer of the service is
 * noise in those operations' answers too.
 */
import type { FieldPath } from '../results/reference.js';

/** Per field, how often the answers that taught it differed there. */
export type NoiseFields = ReadonlyMap<FieldPath, number>;

export interface OperationNoise {
  readonly fields: NoiseFields;
  /** The operation was taught none of its own: `fields` are every operation's. */
  readonly fromOtherOperations: boolean;
}

/** `learned`: each operation's noise; `taught`: the operations that learned theirs from their own
 * repeated results. An untaught operation's own noise (an outcome its negative cases differed in)
 * is part of the union, as any other operation's is. */
export function operationNoise(operation: string, learned: ReadonlyMap<string, NoiseFields>, taught: ReadonlySet<string>): OperationNoise {
  if (taught.has(operation)) return { fields: learned.get(operation) ?? new Map<FieldPath, number>(), fromOtherOperations: false };
  const all = new Map<FieldPath, number>();
  for (const fields of learned.values()) for (const [field, times] of fields) all.set(field, (all.get(field) ?? 0) + times);
  return { fields: all, fromOtherOperations: true };
}
