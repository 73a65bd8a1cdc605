/** reports/parity.json: the rules in force, the inherent behaviours and their evidence, and every
 * case whose transports differed, with what each said and a character-level diff. */
import type { ExchangeRecord } from '../results/record.js';
import { INHERENT } from '../parity/inherent.js';
import type { RunInfo } from './summary.js';

export interface ParitySummary {
  readonly compared: number;
  readonly agreeing: number;
  readonly withDefects: number;
  readonly inherentOnly: number;
}

export function paritySummary(records: readonly ExchangeRecord[]): ParitySummary {
  const parity = records.filter((r) => r.parity);
  const withDefects = parity.filter((r) => r.parity!.differences.some((d) => !d.inherent)).length;
  const inherentOnly = parity.filter((r) => r.parity!.differences.length > 0 && r.parity!.differences.every((d) => d.inherent)).length;
  return { compared: parity.length, agreeing: parity.length - withDefects - inherentOnly, withDefects, inherentOnly };
}

const EXCERPT = 400;

export function parityJson(records: readonly ExchangeRecord[], run: RunInfo): string {
  const parity = records.filter((r) => r.parity);
  const differing = parity.filter((r) => r.parity!.differences.length > 0).map((r) => ({
    caseId: r.caseId,
    operation: r.operation,
    ...(r.scenario ? { scenario: r.scenario } : {}),
    ...(r.fuzz ? { fuzz: { seed: r.fuzz.seed, path: r.fuzz.path ?? null } } : {}),
    values: r.values ?? {},
    verdict: r.checks.find((c) => c.id === 'transport-parity')?.status ?? 'passed',
    outcomes: r.parity!.outcomes.map((o) => ({ ...o, text: o.text === null ? null : o.text.slice(0, EXCERPT) })),
    differences: r.parity!.differences,
  }));
  return `${JSON.stringify({
    schemaVersion: 1,
    profile: run.configuration['profile'],
    seed: run.seed,
    rules: parity[0]?.parity!.rules ?? [],
    inherentBehaviours: run.configuration['profile'] === 'strict' ? [] : INHERENT.map(({ id, description, evidence }) => ({ id, description, evidence })),
    summary: paritySummary(records),
    differing,
  }, null, 2)}\n`;
}
