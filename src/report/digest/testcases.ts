/**
 * What a testcase is: the unit junit.xml has a <testcase> for and the Allure results (allure.ts)
 * have a result for, decided here once so that both count the same (issue 40: `allure generate`'s
 * test count equals the JUnit's). An exchange's testcases are one per check that judged it; the
 * run's own are its tool errors, the operations whose valid requests never succeeded, and what an
 * incomplete run did not do.
 */
import type { CheckOutcome } from '../../results/check-outcome.js';
import type { ExchangeRecord } from '../../results/record.js';
import type { DataPathCounts } from '../../results/data-path.js';
import { failsRun, type FailOn } from '../../results/levels.js';
import { noSuccessText } from './data-path.js';
import { labelsOf, testcaseLabel } from './junit-text.js';
import type { RunInfo } from './summary.js';

export type Verdict = 'failure' | 'error' | 'skipped' | 'passed';

/** One testcase of an exchange: what it reports, before names are made unique. */
export interface Entry {
  readonly record: ExchangeRecord;
  readonly className: string;
  readonly label: string;
  readonly caseId: string;
  /** The check verdict it reports; none for an exchange not sent or not completed. */
  readonly check?: CheckOutcome;
}

/** The testcases one record reports. Each entry is written out as a literal: spreading a shared
 * base into every one was a fifth of writing junit.xml (profiled, issue 20; V8 copies spreads slowly).
 * A check that had nothing to judge in a response (a fault check on a success, say) is none:
 * thousands of skipped entries would bury what matters. */
export function entriesOf(r: ExchangeRecord): Entry[] {
  const className = `${r.operation}.${r.transport}`;
  const { caseId } = r;
  if (r.skipped) return [{ record: r, className, caseId, label: testcaseLabel(r, `${r.kind} not sent`) }];
  if (r.error) return [{ record: r, className, caseId, label: testcaseLabel(r, 'exchange') }];
  const entries: Entry[] = [];
  const label = labelsOf(r);
  for (const c of r.checks) {
    // A service-level skip (no WSDL published) is news for the reader; other skips are not.
    if (c.status !== 'skipped' || r.kind === 'service') entries.push({ record: r, className, caseId, label: label(c.id), check: c });
  }
  return entries;
}

/** What an entry's testcase says: a finding that fails the run (or an exchange not completed) is a
 * failure; a warning or an observation that does not fail the run passes, as CI would go red. */
export function verdictOf({ record: r, check: c }: Entry, failOn: FailOn): Verdict {
  if (r.skipped) return 'skipped';
  if (r.error) return 'failure';
  if (!c) return 'passed';
  if (c.status === 'failed') return failsRun(c.level, failOn) ? 'failure' : 'passed';
  // A waived finding: skipped, with the waiver's reason (junit.ts), never failing the run.
  return c.status === 'error' ? 'error' : c.status === 'skipped' || c.status === 'waived' ? 'skipped' : 'passed';
}

/** A testcase of the run itself: `message` and `type` for a failure or error, `text` for the reader. */
export interface RunTestcase {
  readonly name: string;
  readonly verdict: Verdict;
  readonly message?: string;
  readonly type?: string;
  readonly text?: string;
}

export const incompleteText = (i: NonNullable<RunInfo['incomplete']>) => `${i.reason}: ${i.casesNotRun} cases not run, ${i.fuzzPropertiesInterrupted} fuzz properties stopped early`;

/** The run's own testcases: each tool error (typed with the code of an error that ended the run
 * early), each operation whose valid requests never succeeded (data-path.ts; a warning, failing
 * only under --fail-on warning), each note (a stale waiver), and what an incomplete run did not do, so that a CI view shows it
 * even when the run was stopped before any operation had a result. */
export function runTestcases(run: RunInfo, noSuccess: ReadonlyArray<[string, DataPathCounts]>, failOn: FailOn, notes: readonly string[] = []): RunTestcase[] {
  const testcases: RunTestcase[] = run.toolErrors.map((message, index) => ({ name: `tool error ${index + 1}`, verdict: 'error', message, type: run.failure?.code ?? 'tool-error' }));
  const failing = failsRun('warning', failOn);
  for (const [operation, counts] of noSuccess) {
    const name = `data path: ${operation}`;
    const text = noSuccessText(operation, counts);
    testcases.push(failing ? { name, verdict: 'failure', message: text, type: 'data-path', text: 'level: warning' } : { name, verdict: 'passed', text: `warning: ${text}` });
  }
  // Notes (a stale waiver: it matched nothing) pass, their text for the reader.
  notes.forEach((text, i) => testcases.push({ name: `note ${i + 1}`, verdict: 'passed', text }));
  if (run.incomplete) testcases.push({ name: 'run incomplete', verdict: 'skipped', text: incompleteText(run.incomplete) });
  return testcases;
}
