/** Regression runs (`run --baseline DIR`): the candidate answers what the baseline answered. */
import { compareWithBaseline, type BaselineComparison } from '../regression/compare.js';
import { fail, pass, type CheckInfo, type Verdict } from './types.js';
import type { BaselineAnswer } from '../results/transport-outcome.js';
import type { NormalisationRule, RegressionComparison } from '../results/differences.js';

/** One case over one transport as recorded in the baseline and as answered now. */
export interface BaselineExchange {
  readonly baseline: BaselineAnswer;
  readonly candidate: BaselineAnswer;
  readonly rules: readonly NormalisationRule[];
  /** Compare by outcome and shape, not text (regression/compare.ts, BaselineComparison). */
  readonly how?: BaselineComparison;
}

/** A check judged against a recorded baseline (only in runs given --baseline). */
export interface BaselineCheck extends CheckInfo {
  readonly scope: 'baseline';
  run(exchange: BaselineExchange): { readonly verdict: Verdict; readonly comparison: RegressionComparison };
}

export const matchesBaseline: BaselineCheck = {
  id: 'matches-baseline',
  description: 'The candidate answers each recorded case as the baseline did: same outcome and fault class, status, content type, and result text after the normalisation rules shown',
  enforces: 'release regression: "the candidate answers what the current release answers" (docs/regression.md, Regression runs)',
  scope: 'baseline',
  level: 'error',
  levelReason: 'the user asked for the release regression with --baseline',
  appliesText: 'every recorded exchange, in runs given --baseline',
  run({ baseline, candidate, rules, how }) {
    const comparison = compareWithBaseline(baseline, candidate, rules, how);
    const d = comparison.difference;
    return { verdict: d ? fail(`differs from the baseline: ${d.class}: ${d.detail}`) : pass, comparison };
  },
};
