/** The comparison of a run's answers with its baseline (--baseline), counted as the run digest takes
 * the records: regression.json and the other reports show it. */
import type { ExchangeRecord } from '../../results/record.js';
import { answerOf } from '../../regression/format.js';
import type { BaselineAnswer } from '../../results/transport-outcome.js';
import type { RegressionDifference } from '../../results/differences.js';

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
  readonly baseline: BaselineAnswer;
  /** The candidate's answer: outcome, status, content type, text (cut to an excerpt). */
  readonly candidate: BaselineAnswer;
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
  const tally = new RegressionTally();
  for (const r of records) tally.add(r);
  return tally.data();
}

/** The comparison counted a record at a time, keeping only the differing and explained entries
 * (excerpts), never the records: the run digest feeds it as records arrive. */
export class RegressionTally {
  private rules: readonly string[] | undefined;
  private compared = 0;
  private shapeDrift = 0;
  private notSent = 0;
  private readonly differences: RegressionEntry[] = [];
  private readonly explained: Array<RegressionData['explained'][number]> = [];

  add(r: ExchangeRecord): void {
    if (r.skipped && r.kind !== 'parity' && r.transport !== 'parity') this.notSent++;
    const reg = r.regression;
    if (!reg) return;
    this.compared++;
    this.rules ??= reg.rules;
    if (reg.difference) {
      if (reg.difference.class === 'shape-drift') this.shapeDrift++;
      const candidate = answerOf(r);
      this.differences.push({
        caseId: r.caseId, operation: r.operation, transport: r.transport, kind: r.kind,
        ...(r.scenario ? { scenario: r.scenario } : {}),
        values: r.values ?? {},
        ...reg.difference,
        baseline: { ...reg.baseline, text: cut(reg.baseline.text) },
        candidate: { ...candidate, text: cut(candidate.text) },
        curl: r.request.curl,
      });
    } else if ((reg.explainedBy?.length ?? 0) > 0) this.explained.push({ caseId: r.caseId, transport: r.transport, rules: reg.explainedBy! });
  }

  data(): RegressionData {
    const { compared, differences, explained } = this;
    return {
      rules: this.rules ?? [],
      summary: { compared, same: compared - differences.length - explained.length, explained: explained.length, different: differences.length, shapeDrift: this.shapeDrift, notSent: this.notSent },
      differences,
      explained,
    };
  }
}

