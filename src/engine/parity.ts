/** Builds parity records: one case's records over several transports, compared. */
import { caseChecks } from '../checks/registry.js';
import type { RunSettings } from '../config/settings.js';
import type { ParityDifference } from '../parity/compare.js';
import type { TransportOutcome } from '../parity/inherent.js';
import { rulesFor } from '../parity/normalise.js';
import { PROFILES } from '../profiles/expectations.js';
import type { TransportId } from '../transports/index.js';
import type { ExchangeRecord } from './record.js';
import { runChecks, selected } from '../checks/runner.js';

/** What one exchange said, as parity sees it. */
export function outcomeOf(r: ExchangeRecord): TransportOutcome & { curl: string } {
  const transport = r.transport as TransportId;
  const status = r.response?.status ?? null;
  const curl = r.request.curl;
  if (r.error) return { transport, status, outcome: 'error', text: `${r.error.code}: ${r.error.message}`, curl };
  const result = r.result;
  if (result?.kind === 'result' && status !== null && status >= 200 && status < 300) return { transport, status, outcome: 'result', text: result.text, curl };
  if (result?.kind === 'fault') return { transport, status, outcome: 'rejected', text: `${result.code}: ${result.reason}`, curl };
  if (status !== null && (status < 200 || status >= 300)) return { transport, status, outcome: 'rejected', text: r.response?.body ?? '', curl };
  return { transport, status, outcome: 'unreadable', text: result?.kind === 'unreadable' ? result.reason : r.response?.body ?? '', curl };
}

export const paritySelected = (settings: Pick<RunSettings, 'checks' | 'skipChecks'>) => selected(caseChecks, settings);

/** The parity record of one case, or undefined when parity is not selected. */
export function parityRecord(settings: RunSettings, records: readonly ExchangeRecord[], caseId = records[0]!.caseId): ExchangeRecord | undefined {
  const chosen = paritySelected(settings);
  if (chosen.length === 0 || records.length < 2) return undefined;
  const first = records[0]!;
  const outcomes = records.map(outcomeOf);
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
