/** results.json's `diagnoses`: each root cause with its id, level, the findings it explains (count
 * and each one's exchange, check and failure file), its evidence and its fix. */
import { findingFile, type Diagnosis } from '../digest/diagnoses-of.js';

export function diagnosesJson(diagnoses: readonly Diagnosis[]) {
  return diagnoses.map((d) => ({
    id: d.id,
    level: d.level,
    summary: d.summary,
    explains: { count: d.explains.length, findings: d.explains.map((f) => ({ ...f, file: findingFile(f) })) },
    evidence: d.evidence,
    fix: d.fix,
    runtimeEvidence: d.runtimeEvidence,
  }));
}
