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
  const byOperation = new Map<string, ExchangeRecord[]>();
  for (const r of records) {
    const group = byOperation.get(r.operation);
    if (group) group.push(r);
    else byOperation.set(r.operation, [r]);
  }
  const parts: string[] = [];
  for (const [operation, group] of byOperation) parts.push(operationSuite(operation, group, run));
  if (run.toolErrors.length > 0) {
    const builder = junit.newBuilder();
    for (const [index, message] of run.toolErrors.entries()) {
      builder.testSuite().name('tsiws-conform').testCase().className('tsiws-conform').name(`tool error ${index + 1}`).error(message, 'tool-error');
    }
    parts.push(builder.build());
  }
  return joinDocuments(parts);
}

/** One operation's <testsuite> as a whole junit document of its own. */
function operationSuite(operation: string, records: readonly ExchangeRecord[], run: RunInfo): string {
  const builder = junit.newBuilder();
  const suite = builder.testSuite().name(operation).timestamp(run.startedAt).property('target', run.target).property('namespace', run.namespace).property('seed', String(run.seed));
  if (run.incomplete) suite.property('incomplete', `${run.incomplete.reason}: ${run.incomplete.casesNotRun} cases not run, ${run.incomplete.fuzzPropertiesInterrupted} fuzz properties stopped early`);
  for (const r of records) {
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
  const head = `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites tests="${tests}" failures="${failures}" errors="${errors}" skipped="${skipped}"`;
  return bodies.length === 0 ? `${head}/>` : `${head}>\n${bodies.join('')}${FOOTER}`;
}
