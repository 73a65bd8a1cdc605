/**
 * reports/junit.xml with junit-report-builder: a testsuite per operation, a testcase per transport
 * and check. Findings are <failure> naming the check; an exchange that could not complete, or a
 * check that crashed, is <error>. A check that had nothing to judge in a response (a fault check on
 * a success, say) is not a testcase: thousands of <skipped> entries would bury what matters; their
 * number is in results.json.
 */
import junitModule, { type Builder } from 'junit-report-builder';

// A CommonJS package: at run time the default import is the builder factory itself.
const junit = junitModule as unknown as Builder;
import type { ExchangeRecord } from '../engine/record.js';
import type { RunInfo } from './summary.js';

export function junitXml(records: readonly ExchangeRecord[], run: RunInfo): string {
  const builder = junit.newBuilder();
  const suites = new Map<string, ReturnType<typeof builder.testSuite>>();
  const suiteFor = (operation: string) => {
    let suite = suites.get(operation);
    if (!suite) {
      suite = builder.testSuite().name(operation).timestamp(run.startedAt).property('target', run.target).property('namespace', run.namespace).property('seed', String(run.seed));
      if (run.incomplete) suite.property('incomplete', `${run.incomplete.reason}: ${run.incomplete.casesNotRun} cases not run, ${run.incomplete.fuzzPropertiesInterrupted} fuzz properties stopped early`);
      suites.set(operation, suite);
    }
    return suite;
  };
  for (const r of records) {
    const suite = suiteFor(r.operation);
    const className = `${r.operation}.${r.transport}`;
    const seconds = (r.response?.elapsedMs ?? 0) / 1000;
    if (r.skipped) {
      suite.testCase().className(className).name(`${r.transport} ${r.kind} not sent`).skipped().standardOutput(r.skipped);
      continue;
    }
    if (r.error) {
      suite.testCase().className(className).name(`${r.transport} ${r.kind === 'negative' ? `${r.scenario} ` : ''}exchange`).time(seconds)
        .error(`${r.error.code}: ${r.error.message}`, r.error.code).standardOutput(`Reproduce with:\n${r.request.curl}`);
      continue;
    }
    for (const c of r.checks) {
      // A service-level skip (no WSDL published) is news for the reader; other skips are not.
      if (c.status === 'skipped' && r.kind !== 'service') continue;
      const label = r.kind === 'fuzz' ? `${r.transport} fuzz ${c.id}` : r.kind === 'negative' ? `${r.transport} ${r.scenario}${r.param ? `(${r.param})` : ''} ${c.id}` : `${r.transport} ${c.id}`;
      const tc = suite.testCase().className(className).name(label).time(seconds)
        .property('operation', r.operation).property('transport', r.transport).property('check', c.id).property('kind', r.kind);
      if (r.expectation) tc.property('expected', `${r.expectation.summary} (${r.expectation.profile} profile)`);
      if (r.fuzz) tc.property('seed', String(r.fuzz.seed)).property('runs', String(r.fuzz.runs)).property('path', r.fuzz.path ?? '');
      if (c.status === 'failed') tc.failure(`${c.id}: ${c.message ?? ''}`, c.id).standardOutput(`Reproduce with:\n${r.request.curl}`);
      else if (c.status === 'error') tc.error(`${c.id}: ${c.message ?? ''}`, 'check-error');
      else if (c.status === 'skipped') tc.skipped().standardOutput(`Not checked: ${c.message ?? ''}`);
    }
  }
  for (const [index, message] of run.toolErrors.entries()) {
    builder.testSuite().name('tsiws-conform').testCase().className('tsiws-conform').name(`tool error ${index + 1}`).error(message, 'tool-error');
  }
  return builder.build();
}
