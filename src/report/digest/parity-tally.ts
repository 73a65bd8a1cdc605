/** Parity records counted as the run digest takes them (parity.json and report.html show the counts). */
import type { ExchangeRecord } from '../../results/record.js';

export interface ParitySummary {
  readonly compared: number;
  readonly agreeing: number;
  readonly withDefects: number;
  readonly inherentOnly: number;
}

/** Parity records counted as they arrive (the run digest keeps only those that differed). */
export class ParityTally {
  private compared = 0;
  private withDefects = 0;
  private inherentOnly = 0;
  /** The rules of the first parity record: every case of a run compares under the same. */
  rules: NonNullable<ExchangeRecord['parity']>['rules'] | undefined;

  add(r: ExchangeRecord): void {
    if (!r.parity) return;
    this.compared++;
    this.rules ??= r.parity.rules;
    const { differences } = r.parity;
    if (differences.some((d) => !d.inherent)) this.withDefects++;
    else if (differences.length > 0) this.inherentOnly++;
  }

  summary(): ParitySummary {
    const { compared, withDefects, inherentOnly } = this;
    return { compared, agreeing: compared - withDefects - inherentOnly, withDefects, inherentOnly };
  }
}
