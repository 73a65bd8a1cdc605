/** Builds parity records: one case's records over several transports, compared. */
import { caseChecks } from '../../checks/registry.js';
import { scopedFor, type RunSettings } from '../../config/settings.js';
import { rulesFor } from '../../parity/normalise.js';
import { PROFILES } from '../../profiles/expectations.js';
import type { ExchangeRecord } from '../../results/record.js';
import { transportOutcomeOf } from '../../results/outcome-of-record.js';
import type { TransportOutcome } from '../../results/transport-outcome.js';
import { runChecks, selected } from '../../checks/runner.js';
import { getOperation } from '../../contract/index.js';
import { hasData, type LearnedState } from '../learn/learned-state.js';
import type { NormalisationRule, ParityDifference } from '../../results/differences.js';
import { excusedNoise } from '../../parity/compare.js';
import { noiseAmong, type ParsedTexts } from '../../regression/reference-compare.js';
import { OUTCOME_FIELD, type FieldPath } from '../../results/reference.js';
import { takeParsedAnswers } from '../reference/reference.js';

/** Against a target with data, texts may rightly differ between transports: a create makes a new
 * id on each, and a case whose transports each had their own instance (instances.ts) names other
 * ids on each. The echo server's are compared text by text, as always. */
function byOutcome(settings: { learned?: LearnedState }, records: readonly ExchangeRecord[]): boolean {
  if (!hasData(settings.learned)) return false;
  if (getOperation(records[0]!.operation).class === 'create') return true;
  const first = JSON.stringify(records[0]!.values ?? {});
  return records.some((r) => JSON.stringify(r.values ?? {}) !== first);
}

/** What the parity record says of the noise: the noise fields the transports' results differed in. */
function excused(outcomes: readonly TransportOutcome[], rules: readonly NormalisationRule[], compared: boolean, noise: readonly FieldPath[]): { noise?: FieldPath[] } {
  const fields = compared ? [] : excusedNoise(outcomes, { rules, recogniseInherent: true, noise });
  return fields.length > 0 ? { noise: fields } : {};
}

export const paritySelected = (settings: Pick<RunSettings, 'checks' | 'skipChecks'>) => selected(caseChecks, settings);

/** The result fields in which the reference's answers to this case differ among themselves, over
 * all its transports and askings (issue 38): a candidate's transports may differ there too. The
 * outcome is left out: a transport that rejects what another accepts is judged by the profile
 * (inherent ASMX behaviours), whatever the reference did. `parsed`: the answers' fields the
 * exchanges' comparisons parsed already (reference.ts takeParsedAnswers). */
export function referenceNoise(settings: RunSettings, records: readonly ExchangeRecord[], parsed: ParsedTexts = new Map()): FieldPath[] {
  const answers = records.flatMap((r) => r.reference?.answers ?? []);
  return answers.length < 2 ? [] : noiseAmong(answers, rulesFor(settings), parsed).filter((f) => f !== OUTCOME_FIELD);
}

/** The parity record of one case, or undefined when parity is not selected. `noise`: result fields
 * known to differ anyway (a baseline's, for its operation); a run with a reference learns them from
 * the records' reference answers. */
export function parityRecord(settings: RunSettings & { learned?: LearnedState }, all: readonly ExchangeRecord[], caseId = all[0]!.caseId, knownNoise: readonly FieldPath[] = []): ExchangeRecord | undefined {
  // Taken first, so that the case drops them whether or not it has a parity record.
  const parsed = takeParsedAnswers(all);
  // What was not sent (not applicable, issue 49) has no answer to compare.
  const records = all.some((r) => r.skipped) ? all.filter((r) => !r.skipped) : all;
  // A config file's per-operation section leaves checks out of its operation's comparisons too; a
  // per-transport one does not reach them: they compare every transport of the case.
  const skipped = scopedFor(settings, all[0]!.operation).skipChecks;
  const chosen = paritySelected(settings).filter((c) => !skipped.includes(c.id));
  if (chosen.length === 0 || records.length < 2) return undefined;
  const first = records[0]!;
  const outcomes = records.map(transportOutcomeOf);
  const rules = rulesFor(settings);
  const values = first.values ?? {};
  const noise = [...new Set([...knownNoise, ...referenceNoise(settings, records, parsed)])];
  const compared = byOutcome(settings, records);
  let differences: readonly ParityDifference[] = [];
  const checks = runChecks(chosen, (c) => {
    const judged = c.run({ outcomes, values, profile: PROFILES[settings.profile], rules, ...(compared ? { byOutcome: true } : {}), ...(noise.length > 0 ? { noise } : {}), ...(settings.learned?.failure ? { failure: settings.learned.failure } : {}) });
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
    parity: { outcomes, differences, rules, ...excused(outcomes, rules, compared, noise) },
  };
}
