/**
 * The run's verdict against a reference deployment as records of kind 'reference', one per
 * operation and transport compared (issue 38): the tally (regression/reference-tally.ts) fed every
 * record of the run, judged by the reference checks once all are in. A run and merge-reports (which
 * recomputes the verdict from every shard's exchanges, so noise learned in one shard applies to all)
 * make them alike.
 */
import { referenceChecks } from '../checks/registry.js';
import { runChecks, selected, type CheckSelection } from '../checks/runner.js';
import { ReferenceTally } from '../regression/reference-tally.js';
import type { ExchangeRecord } from '../results/record.js';

/** The settings the verdict depends on: --checks, --skip-checks and --profile (strict recognises
 * no host refusal). A run's settings, or a merged run's configuration. */
export interface ReferenceJudging extends CheckSelection {
  readonly profile: string;
}

export class ReferenceVerdicts {
  private readonly tally: ReferenceTally;

  constructor(private readonly judging: ReferenceJudging) {
    this.tally = new ReferenceTally({ hostRejections: judging.profile !== 'strict' });
  }

  /** Every record of the run, as it arrives (records without a reference side are let by). */
  add(r: ExchangeRecord): void {
    this.tally.add(r);
  }

  /** One 'reference' record per operation and transport whose records carried the reference's side. */
  records(): ExchangeRecord[] {
    const chosen = selected(referenceChecks, this.judging);
    return this.tally.verdicts().map((v): ExchangeRecord => ({
      operation: v.operation,
      transport: v.transport as ExchangeRecord['transport'],
      caseId: `reference ${v.operation} ${v.transport}`,
      kind: 'reference',
      referenceSummary: v.summary,
      // The example case's request, so the first difference can be sent again from the report alone.
      request: v.request,
      checks: runChecks(chosen, (check) => check.run(v)),
    }));
  }
}

/** The judging settings of a merged run's configuration (results.json `run.configuration`). */
export function judgingOf(configuration: Readonly<Record<string, unknown>>): ReferenceJudging {
  const list = (value: unknown) => (Array.isArray(value) ? (value as string[]) : undefined);
  return { profile: String(configuration['profile'] ?? 'asmx'), checks: list(configuration['checks']), skipChecks: list(configuration['skipChecks']) ?? [] };
}
