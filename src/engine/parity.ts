/** Builds parity records: one case's records over several transports, compared. */
import { caseChecks } from '../checks/registry.js';
import type { RunSettings } from '../config/settings.js';
import { rulesFor } from '../parity/normalise.js';
import { PROFILES } from '../profiles/expectations.js';
import type { ExchangeRecord } from '../results/record.js';
import { transportOutcomeOf } from '../results/transport-outcome.js';
import { runChecks, selected } from '../checks/runner.js';
import { getOperation } from '../contract/index.js';
import { hasData, type LearnedState } from './discover.js';
import type { ParityDifference } from '../results/differences.js';

/** Against a target with data, texts may rightly differ between transports: a create makes a new
 * id on each, and a case whose transports each had their own instance (instances.ts) names other
 * ids on each. The echo server's are compared text by text, as always. */
function byOutcome(settings: { learned?: LearnedState }, records: readonly ExchangeRecord[]): boolean {
  if (!hasData(settings.learned)) return false;
  if (getOperation(records[0]!.operation).class === 'create') return true;
  const first = JSON.stringify(records[0]!.values ?? {});
  return records.some((r) => JSON.stringify(r.values ?? {}) !== first);
}

export const paritySelected = (settings: Pick<RunSettings, 'checks' | 'skipChecks'>) => selected(caseChecks, settings);

/** The parity record of one case, or undefined when parity is not selected. */
export function parityRecord(settings: RunSettings & { learned?: LearnedState }, records: readonly ExchangeRecord[], caseId = records[0]!.caseId): ExchangeRecord | undefined {
  const chosen = paritySelected(settings);
  if (chosen.length === 0 || records.length < 2) return undefined;
  const first = records[0]!;
  const outcomes = records.map(transportOutcomeOf);
  const rules = rulesFor(settings);
  const values = first.values ?? {};
  let differences: readonly ParityDifference[] = [];
  const checks = runChecks(chosen, (c) => {
    const judged = c.run({ outcomes, values, profile: PROFILES[settings.profile], rules, ...(byOutcome(settings, records) ? { byOutcome: true } : {}), ...(settings.learned?.failure ? { failure: settings.learned.failure } : {}) });
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
