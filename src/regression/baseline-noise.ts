/**
 * The noise a baseline carries (issue 38): recorded with `run --record DIR --repeat 2`, it holds
 * each case's repetitions, and the fields in which the repetitions' answers of one case differ over
 * one transport (a time stamp, a fresh id) are noise for that operation. A replay knows it before it
 * sends anything, so the verdicts do not depend on the order cases are replayed in.
 *
 * A repetition is told apart by its id (src/engine/run/plan.ts, repetitionId: the first keeps the
 * case's id, the others are `<id>-r<n>`) and must have the same operation, kind, scenario and
 * values: fuzz repetitions have seeds and values of their own, so they teach nothing here.
 */
import { operationNoise } from './operation-noise.js';
import { noiseAmong } from './reference-compare.js';
import type { Baseline } from './baseline.js';
import type { BaselineCase } from './format.js';
import type { NormalisationRule } from '../results/differences.js';
import type { FieldPath } from '../results/reference.js';
import type { BaselineAnswer } from '../results/transport-outcome.js';
import type { TransportId } from '../transports/index.js';

const REPETITION = /-r\d+$/;

const sameCase = (c: BaselineCase) => JSON.stringify([c.operation, c.kind, c.scenario ?? '', c.param ?? '', c.values]);

/** The repetitions of each case (two or more), in the order recorded. */
export function repetitionsOf(cases: readonly BaselineCase[]): BaselineCase[][] {
  const byId = new Map(cases.map((c) => [c.id, c]));
  const groups = new Map<string, BaselineCase[]>();
  for (const c of cases) {
    const first = byId.get(c.id.replace(REPETITION, ''));
    const key = first && first !== c && sameCase(first) === sameCase(c) ? first.id : c.id;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  return [...groups.values()].filter((g) => g.length > 1);
}

/** The noise fields of each operation: where two repetitions of one of its cases answered
 * differently over the same transport (the outcome as OUTCOME_FIELD), after the --normalise rules. */
export function baselineNoise(baseline: Pick<Baseline, 'cases' | 'answers'>, rules: readonly NormalisationRule[]): ReadonlyMap<string, readonly FieldPath[]> {
  const noise = new Map<string, Map<FieldPath, number>>();
  const taught = new Set<string>();
  for (const group of repetitionsOf(baseline.cases)) {
    const operation = group[0]!.operation;
    const byTransport = new Map<TransportId, BaselineAnswer[]>();
    for (const c of group) for (const [t, a] of baseline.answers.get(c.id) ?? []) if (a.outcome !== 'skipped') byTransport.set(t, [...(byTransport.get(t) ?? []), a]);
    const fields = noise.get(operation) ?? new Map<FieldPath, number>();
    for (const answers of byTransport.values()) {
      if (answers.length < 2) continue;
      // Only results teach an operation the noise of its results: rejected repetitions (the
      // negative cases) differ in nothing a result holds.
      if (answers.filter((a) => a.outcome === 'result').length > 1) taught.add(operation);
      for (const f of noiseAmong(answers, rules)) fields.set(f, (fields.get(f) ?? 0) + 1);
    }
    if (fields.size > 0) noise.set(operation, fields);
  }
  // An operation none of whose results was repeated alike goes by the noise of all (operation-noise.ts).
  const byOperation = new Map<string, FieldPath[]>();
  for (const operation of new Set([...noise.keys(), ...baseline.cases.map((c) => c.operation)])) {
    const { fields } = operationNoise(operation, noise, taught);
    if (fields.size > 0) byOperation.set(operation, [...fields.keys()]);
  }
  return byOperation;
}
