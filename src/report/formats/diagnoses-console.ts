/** The console's diagnoses: one line each, before the findings, with the fix and the count (pure). */
import type { Diagnosis } from '../digest/diagnoses-of.js';
import { findingsCount } from '../digest/diagnoses-of.js';

/** "1 root cause explains 183 of 200 findings (evidence in ...)": also the CI summary's (ci-summary.ts). */
export function diagnosesHeadline(diagnoses: readonly Diagnosis[], findings: number): string {
  const explained = diagnoses.reduce((n, d) => n + d.explains.length, 0);
  return `${diagnoses.length} root ${diagnoses.length === 1 ? 'cause explains' : 'causes explain'} ${explained} of ${findings} findings (evidence in report.html and results.json)`;
}

export function diagnosisLines(diagnoses: readonly Diagnosis[], findings: number): string[] {
  if (diagnoses.length === 0) return [];
  return [
    `Diagnoses: ${diagnosesHeadline(diagnoses, findings)}:`,
    ...diagnoses.map((d) => `  ${d.level} ${d.id}: ${d.summary}; fix: ${d.fix} (explains ${findingsCount(d.explains.length)})`),
  ];
}

/** Findings no diagnosis explains first (they are what a vendor has not heard about yet), then the
 * explained ones, each group in its given order. */
export function unexplainedFirst<F>(findings: readonly F[], explained: (f: F) => boolean): F[] {
  return [...findings.filter((f) => !explained(f)), ...findings.filter(explained)];
}
