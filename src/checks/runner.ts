/**
 * The one check runner, for every kind of check (exchange, case, service, baseline): selection by
 * --checks / --skip-checks, applicability, the level of each finding, and a check that throws
 * becoming a tool error (a defect of this tool, never of the target).
 */
import type { CheckOutcome } from '../results/check-outcome.js';
import { clip, MESSAGE_CHARS } from '../results/clip.js';
import type { CheckInfo, Verdict } from './types.js';
import { isSelected, type CheckSelection } from './selection.js';

export { isSelected, type CheckSelection } from './selection.js';

/** The checks of a catalog that --checks and --skip-checks leave in. */
export function selected<C extends CheckInfo>(catalog: readonly C[], selection: CheckSelection): C[] {
  return catalog.filter((c) => isSelected(c.id, selection));
}

/** Runs `judge` for every check (which calls the check with its subject) and records the verdicts. */
export function runChecks<C extends CheckInfo>(checks: readonly C[], judge: (check: C) => Verdict): CheckOutcome[] {
  return checks.map((check): CheckOutcome => {
    let verdict: Verdict;
    try {
      verdict = judge(check);
    } catch (err) {
      return { id: check.id, status: 'error', message: `check crashed: ${(err as Error).stack ?? String(err)}` };
    }
    switch (verdict.status) {
      case 'passed': return { id: check.id, status: 'passed' };
      // A message may quote a megabyte answer whole (a fault's reason, say): bounded here, once.
      case 'skipped': return { id: check.id, status: 'skipped', message: clip(verdict.message, MESSAGE_CHARS) };
      case 'failed': return { id: check.id, status: 'failed', level: verdict.level ?? check.level, message: clip(verdict.message, MESSAGE_CHARS) };
    }
  });
}
