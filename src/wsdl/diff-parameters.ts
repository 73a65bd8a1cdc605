/**
 * Drift of one operation's request sequence from the reference: names, order, types, minOccurs,
 * maxOccurs and nillable.
 *
 * Matching: a parameter is matched by name. An unmatched expected parameter whose position holds an
 * unmatched actual one of the same type counts as renamed (what a rename in the service's source
 * produces); any others are missing or extra. Order is then judged on the matched pairs, so one
 * moved parameter gives one 'parameter-reordered', not a cascade of renames.
 */
import { ABSENT, type Drift } from './drift.js';
import type { Particle } from './model.js';

const typeText = (t: string | null) => t ?? '(no type)';
const decl = (p: Particle) => `${p.name}: ${typeText(p.type)}`;
const list = (ps: readonly Particle[]) => ps.map((p) => p.name).join(', ');

export function parameterDrifts(operation: string, expected: readonly Particle[], actual: readonly Particle[]): Drift[] {
  const actualByName = new Map(actual.map((p, i) => [p.name, i]));
  const expectedNames = new Set(expected.map((p) => p.name));
  const isExtra = (i: number) => !expectedNames.has(actual[i]!.name);
  const pairs: Array<{ e: Particle; index: number; renamed: boolean }> = [];
  const unmatched: Particle[] = [];
  expected.forEach((e, i) => {
    const index = actualByName.get(e.name);
    if (index !== undefined) pairs.push({ e, index, renamed: false });
    else if (i < actual.length && isExtra(i) && actual[i]!.type === e.type) pairs.push({ e, index: i, renamed: true });
    else unmatched.push(e);
  });
  const claimed = new Set(pairs.map((p) => p.index));

  const drifts: Drift[] = [];
  const indices = pairs.map((p) => p.index);
  if (indices.some((index, k) => k > 0 && index < indices[k - 1]!)) {
    drifts.push({
      kind: 'parameter-reordered', operation, expected: list(expected), actual: list(actual),
      message: `${operation}: parameters reordered: expected ${list(expected)} got ${list(actual)}`,
    });
  }
  for (const e of expected) {
    const pair = pairs.find((p) => p.e === e);
    if (!pair) {
      drifts.push({ kind: 'parameter-missing', operation, parameter: e.name, expected: decl(e), actual: ABSENT, message: `${operation}: parameter ${e.name} (${typeText(e.type)}) is missing` });
      continue;
    }
    const a = actual[pair.index]!;
    if (pair.renamed) {
      drifts.push({ kind: 'parameter-renamed', operation, parameter: e.name, expected: e.name, actual: a.name, message: `${operation}: parameter ${e.name} renamed to ${a.name} (position ${pair.index + 1}, ${typeText(a.type)})` });
    }
    drifts.push(...attributeDrifts(operation, e, a));
  }
  actual.forEach((a, i) => {
    if (isExtra(i) && !claimed.has(i)) {
      drifts.push({ kind: 'parameter-extra', operation, parameter: a.name, expected: ABSENT, actual: decl(a), message: `${operation}: unexpected parameter ${a.name} (${typeText(a.type)}) at position ${i + 1}` });
    }
  });
  return drifts;
}

/** Type, minOccurs, maxOccurs and nillable of a matched pair; named by the contract's name. */
function attributeDrifts(operation: string, e: Particle, a: Particle): Drift[] {
  const out: Drift[] = [];
  const parameter = e.name;
  const compare = (kind: Drift['kind'], what: string, want: string, got: string) => {
    if (want !== got) out.push({ kind, operation, parameter, expected: want, actual: got, message: `${operation}: parameter ${parameter} ${what} from ${want} to ${got}` });
  };
  compare('parameter-type', 'changed type', typeText(e.type), typeText(a.type));
  compare('min-occurs', 'minOccurs changed', String(e.minOccurs), String(a.minOccurs));
  compare('max-occurs', 'maxOccurs changed', String(e.maxOccurs), String(a.maxOccurs));
  compare('nillable', 'nillable changed', String(e.nillable), String(a.nillable));
  return out;
}
