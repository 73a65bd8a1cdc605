/**
 * reports/junit.xml with junit-report-builder: a testsuite per operation, a testcase per transport
 * and check. It validates against the Jenkins JUnit schema (fixtures/junit/, test/report/
 * junit-schema.test.ts), which is what CI servers' JUnit importers are built to read:
 * - a finding that fails the run is <failure> naming the check and its level, and so is an exchange the target did not complete
 *   (reset, timeout: a finding about the target, as in the verdict);
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
 * The document is built one operation's testsuite at a time (see joinDocuments).
 */
import junitModule, { type Builder } from 'junit-report-builder';

// A CommonJS package: at run time the default import is the builder factory itself.
const junit = junitModule as unknown as Builder;
import type { CheckOutcome, ExchangeRecord } from '../engine/record.js';
import type { RunInfo } from './summary.js';
import { failOnOf, failsRun } from '../results/levels.js';

/** The `name: value` lines that identify a testcase and let a reader reproduce it. */
export function testcaseDetails(r: ExchangeRecord, run: RunInfo, check: string | undefined, withCurl: boolean): string {
  const lines: Array<[string, string | undefined]> = [
    ['operation', r.operation],
    ['transport', r.transport],
    ['check', check],
    ['kind', r.kind],
    ['scenario', r.scenario ? `${r.scenario}${r.param ? `(${r.param})` : ''}` : undefined],
    ['expected', r.expectation ? `${r.expectation.summary} (${r.expectation.profile} profile)` : undefined],
    ['seed', String(r.fuzz?.seed ?? run.seed)],
    ['runs', r.fuzz ? String(r.fuzz.runs) : undefined],
    ['path', r.fuzz?.path],
  ];
  const text = lines.filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => `${k}: ${v}`).join('\n');
  return withCurl ? `${text}\nReproduce with:\n${r.request.curl}` : text;
}

function labelOf(r: ExchangeRecord, c: CheckOutcome): string {
  if (r.kind === 'fuzz') return `${r.transport} fuzz ${c.id}`;
  if (r.kind === 'negative') return `${r.transport} ${r.scenario}${r.param ? `(${r.param})` : ''} ${c.id}`;
  return `${r.transport} ${c.id}`;
}

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

/** One operation's <testsuite> as a whole junit document of its own. */
function operationSuite(operation: string, records: readonly ExchangeRecord[], run: RunInfo): string {
  const failOn = failOnOf(run);
  const builder = junit.newBuilder();
  const suite = builder.testSuite().name(operation).timestamp(run.startedAt).property('target', run.target).property('namespace', run.namespace).property('seed', String(run.seed));
  if (run.incomplete) suite.property('incomplete', `${run.incomplete.reason}: ${run.incomplete.casesNotRun} cases not run, ${run.incomplete.fuzzPropertiesInterrupted} fuzz properties stopped early`);
  for (const r of records) {
    const className = `${r.operation}.${r.transport}`;
    const seconds = (r.response?.elapsedMs ?? 0) / 1000;
    if (r.skipped) {
      suite.testCase().className(className).name(`${r.transport} ${r.kind} not sent`).skipped()
        .standardOutput(`${r.skipped}\n${testcaseDetails(r, run, undefined, false)}`);
      continue;
    }
    if (r.error) {
      suite.testCase().className(className).name(`${r.transport} ${r.kind === 'negative' ? `${r.scenario} ` : ''}exchange`).time(seconds)
        .failure(`${r.error.code}: ${r.error.message}`, r.error.code).standardOutput(testcaseDetails(r, run, r.error.code, true));
      continue;
    }
    for (const c of r.checks) {
      // A service-level skip (no WSDL published) is news for the reader; other skips are not.
      if (c.status === 'skipped' && r.kind !== 'service') continue;
      const tc = suite.testCase().className(className).name(labelOf(r, c)).time(seconds);
      const details = testcaseDetails(r, run, c.id, c.status !== 'passed');
      // A warning or an observation that does not fail the run is no <failure>: CI would go red.
      const notice = c.status === 'failed' && !failsRun(c.level, failOn);
      if (c.status === 'failed' && !notice) tc.failure(`${c.id}: ${c.message ?? ''}`, c.id);
      else if (c.status === 'error') tc.error(`${c.id}: ${c.message ?? ''}`, 'check-error');
      else if (c.status === 'skipped') tc.skipped();
      tc.standardOutput(c.status === 'skipped' ? `Not checked: ${c.message ?? ''}\n${details}`
        : notice ? `${c.level}: ${c.id}: ${c.message ?? ''}\n${details}`
        : c.status === 'failed' ? `level: ${c.level ?? 'error'}\n${details}` : details);
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
