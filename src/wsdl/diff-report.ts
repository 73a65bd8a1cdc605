/**
 * Pure formatters for a WSDL comparison: console text, reports/wsdl-diff.json and
 * reports/wsdl-diff.junit.xml. Writing the files is the command's job.
 */
import { attributes, buildFragment, buildStartTag, cdataOf } from '../xml/build.js';
import { aspectOf, aspectResults, type AspectResult } from './aspects.js';
import type { Drift } from './drift.js';

export interface DiffRun {
  readonly tool: { readonly name: string; readonly version: string };
  /** Where the WSDL came from: a URL, a file, or the embedded reference server. */
  readonly source: { readonly kind: 'url' | 'file' | 'embedded'; readonly location: string };
  readonly namespace: string;
  readonly startedAt: string;
  readonly durationMs: number;
}

export const verdictOf = (drifts: readonly Drift[]): 'equal' | 'drift' => (drifts.length === 0 ? 'equal' : 'drift');

function counts(aspects: readonly AspectResult[]) {
  const n = (status: AspectResult['status']) => aspects.filter((a) => a.status === status).length;
  return { total: aspects.length, passed: n('passed'), failed: n('failed'), skipped: n('skipped') };
}

const sourceText = (run: DiffRun) => (run.source.kind === 'embedded' ? `${run.source.location} (embedded reference server)` : run.source.location);

export function diffConsole(drifts: readonly Drift[], run: DiffRun): string {
  const aspects = aspectResults(drifts);
  const c = counts(aspects);
  const lines = [`WSDL: ${sourceText(run)}`, `Expected namespace: ${run.namespace}`];
  if (drifts.length > 0) lines.push('', 'Drift from the contract (- contract, + WSDL):');
  for (const a of aspects.filter((x) => x.status === 'failed')) {
    lines.push('', `  ${a.aspect}`);
    for (const d of a.drifts) lines.push(`    [${d.kind}] ${d.message}`, `      - ${d.expected}`, `      + ${d.actual}`);
  }
  const skipped = c.skipped > 0 ? `, ${c.skipped} not compared` : '';
  lines.push('', drifts.length === 0
    ? `Verdict: equal (${c.passed} of ${c.total} aspects match the contract)`
    : `Verdict: drift (${drifts.length} ${drifts.length === 1 ? 'drift' : 'drifts'} in ${c.failed} of ${c.total} aspects${skipped})`);
  return lines.join('\n');
}

export function diffJson(drifts: readonly Drift[], run: DiffRun): string {
  const aspects = aspectResults(drifts);
  return `${JSON.stringify({
    schemaVersion: 1,
    run,
    summary: { verdict: verdictOf(drifts), drifts: drifts.length, aspects: counts(aspects) },
    drifts: drifts.map((d) => ({ aspect: aspectOf(d), ...d })),
    aspects: aspects.map(({ aspect, status, reason }) => ({ aspect, status, ...(reason ? { reason } : {}) })),
  }, null, 2)}\n`;
}

/** One testsuite "wsdl-diff", one testcase per aspect (a line each). A testcase has at most one
 * <failure>, so an aspect with several drifts (rare: e.g. a parameter whose type and minOccurs both
 * changed) has one <failure> naming every drift, one per line in its body. */
export function diffJunit(drifts: readonly Drift[], run: DiffRun): string {
  const aspects = aspectResults(drifts);
  const n = counts(aspects);
  const totals = { tests: n.total, failures: n.failed, errors: 0, skipped: n.skipped };
  const testcases = aspects.map((a) => {
    const head = attributes({ classname: 'wsdl-diff', name: a.aspect });
    if (a.status === 'skipped') return { ...head, skipped: '', 'system-out': cdataOf(`not compared: ${a.reason ?? ''}`) };
    if (a.status !== 'failed') return head;
    const kinds = [...new Set(a.drifts.map((d) => d.kind))].join(' ');
    const body = a.drifts.map((d) => `${d.kind}: ${d.message}\n  expected: ${d.expected}\n  actual:   ${d.actual}`).join('\n');
    return { ...head, failure: { ...attributes({ message: a.drifts.map((d) => d.message).join('; '), type: kinds }), ...cdataOf(body) } };
  });
  const properties = { property: [attributes({ name: 'source', value: run.source.location }), attributes({ name: 'namespace', value: run.namespace })] };
  const suite = buildStartTag({ testsuite: { ...attributes({ name: 'wsdl-diff', timestamp: run.startedAt, time: run.durationMs / 1000, ...totals }), properties } });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    buildStartTag({ testsuites: attributes(totals) }),
    `  ${suite}`,
    ...testcases.map((tc) => `    ${buildFragment({ testcase: tc })}`),
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
