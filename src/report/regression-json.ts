/** reports/regression.json (runs given --baseline): every exchange whose answer differs from the
 * baseline's, classified, with both answers and a diff; the differences that normalisation rules
 * explained; and the rules in force. `regressionData` is the structured form other reports use. */
import type { ExchangeRecord } from '../results/record.js';
import { answerOf, type RecordedAnswer } from '../regression/format.js';
import type { RegressionDifference } from '../regression/compare.js';
import type { RunInfo } from './summary.js';

export interface RegressionSummary {
  /** Exchanges sent again and compared with the baseline. */
  readonly compared: number;
  readonly same: number;
  /** Result texts that differed only in what the normalisation rules replace. */
  readonly explained: number;
  readonly different: number;
  /** Of those, results whose shape left the baseline's (class shape-drift), not only their values. */
  readonly shapeDrift: number;
  /** Recorded exchanges not sent again (mutation safety, or not sent when recording). */
  readonly notSent: number;
}

export interface RegressionEntry extends RegressionDifference {
  readonly caseId: string;
  readonly operation: string;
  readonly transport: string;
  readonly kind: string;
  readonly scenario?: string;
  readonly values: Readonly<Record<string, string>>;
  readonly baseline: RecordedAnswer;
  /** The candidate's answer: outcome, status, content type, text (cut to an excerpt). */
  readonly candidate: RecordedAnswer;
  readonly curl: string;
}

export interface RegressionData {
  readonly rules: readonly string[];
  readonly summary: RegressionSummary;
  readonly differences: readonly RegressionEntry[];
  readonly explained: ReadonlyArray<{ readonly caseId: string; readonly transport: string; readonly rules: readonly string[] }>;
}

const EXCERPT = 400;
const cut = (t: string | null) => (t === null ? null : t.slice(0, EXCERPT));

/** Pure: the regression comparison of a run's records (empty when the run had no baseline). */
export function regressionData(records: readonly ExchangeRecord[]): RegressionData {
  const compared = records.filter((r) => r.regression);
  const differing = compared.filter((r) => r.regression!.difference);
  const explained = compared.filter((r) => !r.regression!.difference && (r.regression!.explainedBy?.length ?? 0) > 0);
  const notSent = records.filter((r) => r.skipped && r.kind !== 'parity' && r.transport !== 'parity').length;
  return {
    rules: compared[0]?.regression!.rules ?? [],
    summary: { compared: compared.length, same: compared.length - differing.length - explained.length, explained: explained.length, different: differing.length, shapeDrift: differing.filter((r) => r.regression!.difference!.class === 'shape-drift').length, notSent },
    differences: differing.map((r) => {
      const reg = r.regression!;
      const candidate = answerOf(r);
      return {
        caseId: r.caseId, operation: r.operation, transport: r.transport, kind: r.kind,
        ...(r.scenario ? { scenario: r.scenario } : {}),
        values: r.values ?? {},
        ...reg.difference!,
        baseline: { ...reg.baseline, text: cut(reg.baseline.text) },
        candidate: { ...candidate, text: cut(candidate.text) },
        curl: r.request.curl,
      };
    }),
    explained: explained.map((r) => ({ caseId: r.caseId, transport: r.transport, rules: r.regression!.explainedBy! })),
  };
}

export function regressionJson(records: readonly ExchangeRecord[], run: RunInfo): string {
  return `${JSON.stringify({ schemaVersion: 1, baseline: run.configuration['baseline'] ?? null, seed: run.seed, ...regressionData(records) }, null, 2)}\n`;
}
