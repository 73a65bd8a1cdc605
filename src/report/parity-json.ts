/** reports/parity.json: the rules in force, the inherent behaviours and their evidence, and every
 * case whose transports differed, with what each said and a character-level diff. */
import type { Records } from '../results/record.js';
import type { NormalisationRule } from '../parity/rules.js';
import { INHERENT } from '../parity/inherent.js';
import type { RunInfo } from './summary.js';

export interface ParitySummary {
  readonly compared: number;
  readonly agreeing: number;
  readonly withDefects: number;
  readonly inherentOnly: number;
}

export function paritySummary(records: Records): ParitySummary {
  let compared = 0;
  let withDefects = 0;
  let inherentOnly = 0;
  for (const r of records) {
    if (!r.parity) continue;
    compared++;
    const { differences } = r.parity;
    if (differences.some((d) => !d.inherent)) withDefects++;
    else if (differences.length > 0) inherentOnly++;
  }
  return { compared, agreeing: compared - withDefects - inherentOnly, withDefects, inherentOnly };
}

const EXCERPT = 400;

/** One pass: the summary is counted and the differing cases kept (the few that differ, never
 * every case compared) while the records are read. */
export function parityJson(records: Records, run: RunInfo): string {
  let rules: readonly NormalisationRule[] | undefined;
  const summary = { compared: 0, agreeing: 0, withDefects: 0, inherentOnly: 0 };
  const differing = [];
  for (const r of records) {
    if (!r.parity) continue;
    rules ??= r.parity.rules;
    const tally = paritySummary([r]);
    for (const key of Object.keys(summary) as Array<keyof ParitySummary>) summary[key] += tally[key];
    if (r.parity.differences.length === 0) continue;
    differing.push({
      caseId: r.caseId,
      operation: r.operation,
      ...(r.scenario ? { scenario: r.scenario } : {}),
      ...(r.fuzz ? { fuzz: { seed: r.fuzz.seed, path: r.fuzz.path ?? null } } : {}),
      values: r.values ?? {},
      verdict: r.checks.find((c) => c.id === 'transport-parity')?.status ?? 'passed',
      outcomes: r.parity.outcomes.map((o) => ({ ...o, text: o.text === null ? null : o.text.slice(0, EXCERPT) })),
      differences: r.parity.differences,
    });
  }
  return `${JSON.stringify({
    schemaVersion: 1,
    profile: run.configuration['profile'],
    seed: run.seed,
    rules: rules ?? [],
    inherentBehaviours: run.configuration['profile'] === 'strict' ? [] : INHERENT.map(({ id, description, evidence }) => ({ id, description, evidence })),
    summary,
    differing,
  }, null, 2)}\n`;
}
