/**
 * What the Allure results (issue 40, part 3; --allure DIR) say: one result per testcase of
 * junit.xml (testcases.ts decides both, so `allure generate` counts what the JUnit counts), as
 * plain data; allure-results.ts writes it. Pure: a record in, its results out.
 *
 * Status, as JUnit draws the line (STYLE: checks report, tools raise):
 * - `failed`: a finding that fails the run under --fail-on, or an exchange the target did not
 *   complete (reset, timeout: a finding about the target, which the verdict counts; JUnit <failure>);
 * - `broken`: a defect of this tool, a check that crashed or a tool error of the run (JUnit <error>);
 * - `skipped`: an exchange deliberately not sent, a service check that could not be made;
 * - `passed`: everything else, a warning (or info) that does not fail the run included. Allure has
 *   no warning status: such a result passes, as in JUnit and the verdict, while its check step is
 *   `failed` (the check did fire), its level a label and its message the result's status message,
 *   so the report shows it without counting it as a failure.
 * Steps: encode (the request attached), send (the answer attached), then the testcase's check;
 * a parity comparison sent nothing of its own and has only the check. Texts are the record's own,
 * so secrets are placeholders and bodies cut at EXCERPT_BYTES as in every other report.
 */
import type { DataPathCounts } from '../../results/data-path.js';
import type { CheckOutcome } from '../../results/check-outcome.js';
import type { ExchangeRecord } from '../../results/record.js';
import { failsRun, type FailOn } from '../../results/levels.js';
import type { Diagnosis } from '../digest/diagnoses-of.js';
import { diagnosisBody } from './diagnoses-junit.js';
import { failureBody, testcaseFacts } from '../digest/junit-text.js';
import type { RunInfo } from '../digest/summary.js';
import { entriesOf, runTestcases, verdictOf, type Entry, type Verdict } from '../digest/testcases.js';

export type AllureStatus = 'passed' | 'failed' | 'broken' | 'skipped';

export interface AllureStep {
  readonly name: string;
  readonly status: AllureStatus;
  readonly message?: string;
  /** The record's text this step carries as an attachment. */
  readonly attach?: 'request' | 'answer';
  readonly start?: number;
  readonly stop?: number;
}

export interface AllureTest {
  readonly name: string;
  /** Unique in a run and the same in the next: Allure derives testCaseId and historyId from it
   * (a second result with the same historyId would be shown as a retry, not counted). */
  readonly fullName: string;
  readonly status: AllureStatus;
  readonly message?: string;
  readonly trace?: string;
  readonly labels: ReadonlyArray<{ readonly name: string; readonly value: string }>;
  readonly parameters: ReadonlyArray<readonly [string, string]>;
  readonly steps: readonly AllureStep[];
  readonly start?: number;
  readonly stop?: number;
}

const STATUS: Record<Verdict, AllureStatus> = { failure: 'failed', error: 'broken', skipped: 'skipped', passed: 'passed' };
// A waived finding is skipped, as in junit.xml: known, accepted until its waiver expires.
const CHECK_STATUS: Record<CheckOutcome['status'], AllureStatus> = { passed: 'passed', failed: 'failed', error: 'broken', skipped: 'skipped', waived: 'skipped' };

/** The tool's own testcases (tool errors, data path, run incomplete) group under its name, as
 * their JUnit classname. */
const OWN_SUITE = 'tsiws-conform';

/** Allure's standard labels group by operation (the Suites and Behaviors tabs), then transport;
 * ours name the testcase's operation, transport, check and level for filtering. */
function labelsOf(suite: string, sub: string | undefined, own: ReadonlyArray<readonly [string, string | undefined]>) {
  const pairs: Array<readonly [string, string | undefined]> = [['parentSuite', OWN_SUITE], ['suite', suite], ['subSuite', sub], ['feature', suite], ['story', sub], ['framework', OWN_SUITE], ...own];
  return pairs.filter((p): p is readonly [string, string] => p[1] !== undefined).map(([name, value]) => ({ name, value }));
}

/** The level of what a testcase reports: a failed check's, or error for an exchange not completed. */
const levelOf = ({ record: r, check: c }: Entry): string | undefined => (r.error ? 'error' : c?.status === 'failed' ? c.level ?? 'error' : undefined);

/** The Allure results of one record, one per JUnit testcase of it. */
export function allureTestsOf(r: ExchangeRecord, run: Pick<RunInfo, 'seed'>, failOn: FailOn): AllureTest[] {
  return entriesOf(r).map((entry) => testOf(entry, verdictOf(entry, failOn), run));
}

function testOf(entry: Entry, verdict: Verdict, run: Pick<RunInfo, 'seed'>): AllureTest {
  const { record: r, check: c } = entry;
  const level = levelOf(entry);
  const message = r.skipped ?? (r.error ? `${r.error.code}: ${r.error.message}` : c ? `${c.id}: ${c.message ?? ''}` : undefined);
  const start = r.response?.sentAt ? Date.parse(r.response.sentAt) : undefined;
  const stop = start !== undefined ? start + r.response!.elapsedMs : undefined;
  const failing = verdict === 'failure' || verdict === 'error';
  const noticed = verdict === 'passed' && level !== undefined;
  return {
    name: entry.label,
    fullName: `${entry.className}: ${entry.label} [${entry.caseId}]`,
    status: STATUS[verdict],
    ...(failing ? { message: message!, trace: failureBody(r, message!) } : noticed ? { message: `${level}: ${message}` } : verdict === 'skipped' && message ? { message } : {}),
    labels: labelsOf(r.operation, r.transport, [['operation', r.operation], ['transport', r.transport], ['check', c?.id], ['level', level], ['tag', level], ['kind', r.kind]]),
    parameters: testcaseFacts(r, run, c?.id ?? r.error?.code),
    steps: stepsOf(r, c, start, stop),
    ...(start !== undefined ? { start, stop } : {}),
  };
}

function stepsOf(r: ExchangeRecord, c: CheckOutcome | undefined, start: number | undefined, stop: number | undefined): AllureStep[] {
  const at = (from: number | undefined, to: number | undefined) => (from !== undefined ? { start: from, stop: to ?? from } : {});
  const steps: AllureStep[] = [];
  if (r.response || r.error || r.skipped) {
    steps.push({ name: `encode: ${r.request.method} ${r.request.url}`, status: 'passed', attach: 'request', ...at(start, start) });
    if (r.skipped) steps.push({ name: 'send: not sent', status: 'skipped', message: r.skipped });
    else if (r.error) steps.push({ name: `send: no complete answer (${r.error.code})`, status: 'failed', message: `${r.error.code}: ${r.error.message}` });
    else steps.push({ name: `send: HTTP ${r.response!.status} in ${r.response!.elapsedMs} ms`, status: 'passed', attach: 'answer', ...at(start, stop) });
  }
  if (c) steps.push({ name: `check ${c.id}${c.status === 'failed' ? ` (${c.level ?? 'error'})` : ''}`, status: CHECK_STATUS[c.status], ...(c.message ? { message: c.message } : {}), ...at(stop, stop) });
  return steps;
}

/** The results of the run itself, as junit.xml's own testsuite and its diagnoses have testcases. */
export function runAllureTests(run: RunInfo, noSuccess: ReadonlyArray<[string, DataPathCounts]>, diagnoses: readonly Diagnosis[], failOn: FailOn): AllureTest[] {
  const own = runTestcases(run, noSuccess, failOn).map((tc): AllureTest => ({
    name: tc.name,
    fullName: `${OWN_SUITE}: ${tc.name}`,
    status: STATUS[tc.verdict],
    ...(tc.message ? { message: tc.message } : tc.text ? { message: tc.text } : {}),
    ...(tc.message && tc.text ? { trace: tc.text } : {}),
    labels: labelsOf(OWN_SUITE, undefined, [['level', tc.type === 'data-path' || tc.text?.startsWith('warning') ? 'warning' : undefined]]),
    parameters: [],
    steps: [],
  }));
  const diagnosed = diagnoses.map((d): AllureTest => ({
    name: d.id,
    fullName: `diagnoses: ${d.id}`,
    status: failsRun(d.level, failOn) ? 'failed' : 'passed',
    message: `${d.summary}; fix: ${d.fix}`,
    trace: diagnosisBody(d),
    labels: labelsOf('diagnoses', undefined, [['level', d.level], ['tag', d.level]]),
    parameters: [],
    steps: [],
  }));
  return [...diagnosed, ...own];
}
