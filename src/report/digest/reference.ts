/**
 * What the reports show of a run's verdict against --reference-url (issue 38): the records of kind
 * 'reference' (one per operation and transport compared, made by the session once the run's noise
 * was known), kept whole (at most operations x transports of them), and their counts.
 */
import type { ExchangeRecord } from '../../results/record.js';
import type { ReferenceCounts, ReferenceSummary } from '../../results/reference.js';

/** The cell of an operation's 'reference' records (digest.cell, the certificate's outcomes). */
export const REFERENCE_COLUMN = 'reference';

export class ReferenceReport {
  readonly records: ExchangeRecord[] = [];

  add(r: ExchangeRecord): void {
    if (r.kind === 'reference' && r.referenceSummary) this.records.push(r);
  }

  /** results.json `summary.reference`; undefined when the run had no reference. */
  counts(url: string): ReferenceCounts | undefined {
    if (this.records.length === 0) return undefined;
    const totals = { url, compared: 0, same: 0, noise: 0, different: 0 };
    for (const r of this.records) {
      const s = r.referenceSummary!;
      totals.compared += s.compared;
      totals.same += s.same;
      totals.noise += s.noise;
      totals.different += s.different;
    }
    return totals;
  }

  /** The console's `ref` cell of one operation over its transports: `same`, `noise` (differed only
   * in noise), `N different` (exchanges), `-` when nothing was compared; blank without a reference. */
  cellText(operation: string): string {
    const mine = this.records.filter((r) => r.operation === operation).map((r) => r.referenceSummary!);
    if (mine.length === 0) return '';
    return referenceCellText(mine);
  }
}

export function referenceCellText(summaries: readonly ReferenceSummary[]): string {
  const sum = (key: 'compared' | 'noise' | 'different') => summaries.reduce((n, s) => n + s[key], 0);
  if (sum('compared') === 0) return '-';
  if (sum('different') > 0) return `${sum('different')} different`;
  return sum('noise') > 0 ? 'noise' : 'same';
}

/** The URL reports name the reference by: the run's --reference-url setting (redacted like every
 * setting in run.configuration). */
export const referenceUrlOf = (configuration: Readonly<Record<string, unknown>>): string => String(configuration['referenceUrl'] ?? '(the reference)');

/** The console summary's line about the reference. */
export const referenceLine = (c: ReferenceCounts): string =>
  `Reference: ${c.compared} exchanges compared with ${c.url}: ${c.same} the same, ${c.noise} differing only in noise, ${c.different} differing beyond it (see report.html, Differences from the reference)`;
