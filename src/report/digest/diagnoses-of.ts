/**
 * A run's diagnoses (src/diagnoses/) from its digest, made once and shared by every report: the
 * records the digest keeps (those with findings, and the service's) are all a diagnosis reads.
 */
import { DEFAULT_NAMESPACE } from '../../contract/index.js';
import { diagnose } from '../../diagnoses/diagnose.js';
import type { Diagnosis, FindingRef } from '../../diagnoses/types.js';
import type { RunDigest } from './digest.js';
import { failureId } from './failure-files.js';

export type { Diagnosis, FindingRef } from '../../diagnoses/types.js';

const made = new WeakMap<RunDigest, readonly Diagnosis[]>();

type Configured = { readonly configuration: Readonly<Record<string, unknown>> };

/** The diagnoses of the run `digest` counted; `run` gives the namespace it expected. */
export function diagnosesOf(digest: RunDigest, run: Configured): readonly Diagnosis[] {
  let diagnoses = made.get(digest);
  if (!diagnoses) {
    const namespace = typeof run.configuration['namespace'] === 'string' ? run.configuration['namespace'] : DEFAULT_NAMESPACE;
    diagnoses = diagnose({ records: digest.kept, namespace, sentOver: digest.sentOver, passedOver: digest.validPassedOver });
    made.set(digest, diagnoses);
  }
  return diagnoses;
}

/** The key a finding is known by: its exchange and check. */
export const findingKey = (f: { readonly caseId: string; readonly transport: string; readonly check: string }): string => `${f.caseId} ${f.transport} ${f.check}`;

/** Which diagnosis explains each finding, by findingKey. */
export function explainedBy(diagnoses: readonly Diagnosis[]): ReadonlyMap<string, string> {
  return new Map(diagnoses.flatMap((d) => d.explains.map((f) => [findingKey(f), d.id] as const)));
}

/** A finding as the reports link it: its failure file. */
export const findingFile = (f: FindingRef): string => `failures/${failureId(f)}.json`;

/** "explains 183 findings (12 errors ...)" counts. */
export const findingsCount = (n: number): string => `${n} ${n === 1 ? 'finding' : 'findings'}`;
