/**
 * reports/junit.xml with junit-report-builder: a testsuite per operation, a testcase per transport
 * and check. It validates against the Jenkins JUnit schema (fixtures/junit/, test/report/
 * junit-schema.test.ts), which is what CI servers' JUnit importers are built to read:
 * - a finding that fails the run is <failure> naming the check and its level, and so is an exchange the target did not complete
 *   (reset, timeout: a finding about the target, as in the verdict); its body holds the request
 *   line, the answer's status and first lines, and the curl command (junit-text.ts);
 * - a warning (or an info observation) that does not fail the run (--fail-on) passes, with its
 *   level, check and message in <system-out>;
 * - a tool error (RunInfo.toolErrors, a check that crashed) is <error>;
 * - an exchange deliberately not sent, or a service check that could not be made, is <skipped>.
 * A check that had nothing to judge in a response (a fault check on a success, say) is not a
 * testcase: thousands of <skipped> entries would bury what matters; their number is in
 * results.json.
 * That schema allows <properties> only on a testsuite, so each testcase carries its operation,
 * transport, check and seed (and, unless it passed, the curl command) as `name: value` lines in
 * <system-out>, which Jenkins, GitLab and GitHub test reporters all display.
 * Every testcase has its own (classname, name), which CI history views key tests by (uniqueNames);
 * times are what the exchanges took (suiteSeconds). The document is built one operation's
 * testsuite at a time (see joinDocuments).
 */
import junitModule, { type Builder } from 'junit-report-builder';

// A CommonJS package: at run time the default import is the builder factory itself.
const junit = junitModule as unknown as Builder;
import type { CheckOutcome, ExchangeRecord } from '../results/record.js';
import type { RunInfo } from './summary.js';
import { failOnOf, failsRun } from '../results/levels.js';
import { cdataSafe, failureBody, testcaseDetails, testcaseLabel, uniqueNames } from './junit-text.js';

export { testcaseDetails } from './junit-text.js';

export function junitXml(records: readonly ExchangeRecord[], run: RunInfo): string {
  const byOperation = new Map<string, ExchangeRecord[]>();
  for (const r of records) {
    const group = byOperation.get(r.operation);
    if (group) group.push(r);
    else byOperation.set(r.operation, [r]);
  }
  const parts: string[] = [];
  for (const [operation, group] of byOperation) parts.push(operationSuite(operation, group, run));
  if (run.toolErrors.length > 0 || run.incomplete) parts.push(runSuite(run));
  return joinDocuments(parts);
}

/** The run's own testsuite: each tool error as an <error> (typed with the code of an error that
 * ended the run early), and what an incomplete run did not do as a skipped testcase, so that a CI
 * view shows it even when the run was stopped before any operation's suite had a result. */
function runSuite(run: RunInfo): string {
  const builder = junit.newBuilder();
  const suite = builder.testSuite().name('tsiws-conform').property('target', run.target);
  for (const [index, message] of run.toolErrors.entries()) {
    suite.testCase().className('tsiws-conform').name(`tool error ${index + 1}`).error(message, run.failure?.code ?? 'tool-error');
  }
  if (run.incomplete) {
    const text = `${run.incomplete.reason}: ${run.incomplete.casesNotRun} cases not run, ${run.incomplete.fuzzPropertiesInterrupted} fuzz properties stopped early`;
    suite.property('incomplete', text).testCase().className('tsiws-conform').name('run incomplete').skipped().standardOutput(text);
  }
  return builder.build();
}

/** One testcase to write: what it reports, before names are made unique. */
interface Entry {
  readonly record: ExchangeRecord;
  readonly className: string;
  readonly label: string;
  readonly caseId: string;
  /** The check verdict it reports; none for an exchange not sent or not completed. */
  readonly check?: CheckOutcome;
}

function entriesOf(records: readonly ExchangeRecord[]): Entry[] {
  const entries: Entry[] = [];
  for (const r of records) {
    const base = { record: r, className: `${r.operation}.${r.transport}`, caseId: r.caseId };
    if (r.skipped) entries.push({ ...base, label: testcaseLabel(r, `${r.kind} not sent`) });
    else if (r.error) entries.push({ ...base, label: testcaseLabel(r, 'exchange') });
    // A service-level skip (no WSDL published) is news for the reader; other skips are not.
    else for (const c of r.checks) if (c.status !== 'skipped' || r.kind === 'service') entries.push({ ...base, label: testcaseLabel(r, c.id), check: c });
  }
  return entries;
}

/**
 * Times, in seconds: a testcase's is the time its exchange took, request sent to last byte read
 * (each check of one exchange judged that same exchange); a parity comparison, which sends
 * nothing, has none. A suite's is the time during which at least one of its exchanges was in
 * flight: its exchanges ran concurrently, with each other and with other suites', so the sum of its
 * testcases' times, or its first-to-last span, would count the same seconds many times over.
 */
function suiteSeconds(records: readonly ExchangeRecord[]): number | undefined {
  const spans = records.flatMap((r) => (r.response?.sentAt ? [[Date.parse(r.response.sentAt), Date.parse(r.response.sentAt) + r.response.elapsedMs] as const] : []));
  if (spans.length === 0) return undefined;
  spans.sort((a, b) => a[0] - b[0]);
  let busy = 0;
  let [from, to] = spans[0]!;
  for (const [start, end] of spans) {
    if (start > to) {
      busy += to - from;
      from = start;
    }
    to = Math.max(to, end);
  }
  return (busy + to - from) / 1000;
}

/** One operation's <testsuite> as a whole junit document of its own. */
function operationSuite(operation: string, records: readonly ExchangeRecord[], run: RunInfo): string {
  const failOn = failOnOf(run);
  const builder = junit.newBuilder();
  const suite = builder.testSuite().name(operation).timestamp(run.startedAt).property('target', run.target).property('namespace', run.namespace).property('seed', String(run.seed));
  const seconds = suiteSeconds(records);
  if (seconds !== undefined) suite.time(seconds);
  if (run.incomplete) suite.property('incomplete', `${run.incomplete.reason}: ${run.incomplete.casesNotRun} cases not run, ${run.incomplete.fuzzPropertiesInterrupted} fuzz properties stopped early`);
  const entries = entriesOf(records);
  const names = uniqueNames(entries);
  for (const [index, { record: r, className, check: c }] of entries.entries()) {
    const tc = suite.testCase().className(className).name(names[index]!);
    if (r.response) tc.time(r.response.elapsedMs / 1000);
    if (r.skipped) {
      tc.skipped().standardOutput(cdataSafe(`${r.skipped}\n${testcaseDetails(r, run, undefined, false)}`));
    } else if (r.error) {
      const message = `${r.error.code}: ${r.error.message}`;
      tc.failure(message, r.error.code).stacktrace(cdataSafe(failureBody(r, message))).standardOutput(cdataSafe(testcaseDetails(r, run, r.error.code, true)));
    } else if (c) {
      const details = testcaseDetails(r, run, c.id, c.status !== 'passed');
      // A warning or an observation that does not fail the run is no <failure>: CI would go red.
      const notice = c.status === 'failed' && !failsRun(c.level, failOn);
      const message = `${c.id}: ${c.message ?? ''}`;
      if (c.status === 'failed' && !notice) tc.failure(message, c.id).stacktrace(cdataSafe(failureBody(r, message)));
      else if (c.status === 'error') tc.error(message, 'check-error');
      else if (c.status === 'skipped') tc.skipped();
      tc.standardOutput(cdataSafe(c.status === 'skipped' ? `Not checked: ${c.message ?? ''}\n${details}`
        : notice ? `${c.level}: ${message}\n${details}`
        : c.status === 'failed' ? `level: ${c.level ?? 'error'}\n${details}` : details));
    }
  }
  return builder.build();
}

// Each operation's suite is built, turned into text and let go: junit-report-builder keeps an
// object tree of about 8 KiB per testcase (measured), and a run with --repeat 16 has 117,000 of
// them, which took 900 MiB when built at once. The documents are joined under one <testsuites>
// whose totals are the sums of theirs, giving the text one builder would have made.
const HEADER = /^<\?xml[^>]*>\n<testsuites tests="(\d+)" failures="(\d+)" errors="(\d+)" skipped="(\d+)">\n/;
const FOOTER = '</testsuites>';

function joinDocuments(documents: readonly string[]): string {
  const totals = [0, 0, 0, 0];
  const bodies: string[] = [];
  for (const xml of documents) {
    const m = HEADER.exec(xml);
    if (!m || !xml.endsWith(FOOTER)) throw new Error(`junit-report-builder wrote an unexpected document: ${xml.slice(0, 200)}`);
    m.slice(1).forEach((n, i) => (totals[i]! += Number(n)));
    bodies.push(xml.slice(m[0].length, -FOOTER.length));
  }
  const [tests, failures, errors, skipped] = totals;
  // junit-report-builder also counts skips on the root <testsuites>, an attribute the Jenkins schema
  // does not define there (each <testsuite> keeps its own skipped count): left out of that one tag.
  void skipped;
  const head = `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites tests="${tests}" failures="${failures}" errors="${errors}"`;
  return bodies.length === 0 ? `${head}/>` : `${head}>\n${bodies.join('')}${FOOTER}`;
}
