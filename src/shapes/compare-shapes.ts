/** `compare OLD NEW`: per operation, how the shape of its results in NEW left the one in OLD
 * (src/shapes/drift.ts), learned from each run's results of valid requests (records.jsonl). */
import { describeChange, shapeDrift } from './drift.js';
import { learnShapes } from './infer-schemas.js';
import type { ResultSamples } from './samples.js';

export interface OperationDrift {
  readonly operation: string;
  readonly changes: readonly string[];
}

export interface ShapeComparison {
  readonly drift: readonly OperationDrift[];
  /** Operations with results in one run only (or none readable in one): their shapes are not compared. */
  readonly notCompared: readonly string[];
  readonly compared: number;
}

export function compareShapes(older: ResultSamples, newer: ResultSamples): ShapeComparison {
  const was = new Map(learnShapes(older).filter((l) => l.shape).map((l) => [l.operation, l.shape!]));
  const now = new Map(learnShapes(newer).filter((l) => l.shape).map((l) => [l.operation, l.shape!]));
  const drift: OperationDrift[] = [];
  for (const [operation, before] of was) {
    const after = now.get(operation);
    if (!after) continue;
    const changes = shapeDrift(before, after);
    if (changes.length > 0) drift.push({ operation, changes: changes.map(describeChange) });
  }
  const notCompared = [...new Set([...was.keys(), ...now.keys()])].filter((op) => !(was.has(op) && now.has(op))).sort();
  return { drift, notCompared, compared: [...was.keys()].filter((op) => now.has(op)).length };
}
