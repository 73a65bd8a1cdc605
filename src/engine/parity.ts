/** Builds parity records: one case's records over several transports, compared. */
import { caseChecks } from '../checks/registry.js';
import type { RunSettings } from '../config/settings.js';
import type { ParityDifference } from '../parity/compare.js';
import { rulesFor } from '../parity/normalise.js';
import { PROFILES } from '../profiles/expectations.js';
import type { ExchangeRecord } from '../results/record.js';
import { transportOutcomeOf } from '../results/transport-outcome.js';
import { runChecks, selected } from '../checks/runner.js';

export const paritySelected = (settings: Pick<RunSettings, 'checks' | 'skipChecks'>) => selected(caseChecks, settings);

/** The parity record of one case, or undefined when parity is not selected. */
export function parityRecord(settings: RunSettings, records: readonly ExchangeRecord[], caseId = records[0]!.caseId): ExchangeRecord | undefined {
  const chosen = paritySelected(settings);
  if (chosen.length === 0 || records.length < 2) return undefined;
  const first = records[0]!;
  const outcomes = records.map(transportOutcomeOf);
  const rules = rulesFor(settings);
  const values = first.values ?? {};
  let differences: readonly ParityDifference[] = [];
  const checks = runChecks(chosen, (c) => {
    const judged = c.run({ outcomes, values, profile: PROFILES[settings.profile], rules });
    differences = judged.differences;
    return judged.verdict;
  });
  return {
    operation: first.operation,
    transport: 'parity',
    caseId,
    kind: 'parity',
    values,
    ...(first.scenario ? { scenario: first.scenario } : {}),
    ...(first.param ? { param: first.param } : {}),
    ...(first.fuzz ? { fuzz: first.fuzz } : {}),
    request: first.request,
    checks,
    parity: { outcomes, differences, rules },
  };
}
