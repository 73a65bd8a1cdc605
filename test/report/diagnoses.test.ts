/** Every report leads with the diagnoses: the console's first finding lines, report.html's first
 * section, results.json's `diagnoses`, a junit.xml testcase each (valid against the Jenkins schema),
 * the CI summary's first section and first workflow commands;
 * the verdict is the same with or without them. */
import { readFileSync } from 'node:fs';
import { Lexer, type Tokens } from 'marked';
import { describe, expect, test } from 'vitest';
import { compileSchema } from '../../src/decode/xml.js';
import { stepSummaryMarkdown, workflowCommands } from '../../src/report/formats/ci-summary.js';
import { consoleTable } from '../../src/report/formats/console.js';
import { digestOf } from '../../src/report/digest/digest.js';
import { reportHtml } from '../../src/report/html/page.js';
import { junitXml, junitChunks } from '../../src/report/foreign/junit.js';
import { resultsJson } from '../../src/report/formats/results-json.js';
import { diagnosesOf } from '../../src/report/digest/diagnoses-of.js';
import type { RunInfo } from '../../src/report/digest/summary.js';
import type { ExchangeRecord } from '../../src/results/record.js';
import { exchange, wsdlRecord } from '../diagnoses/support.js';

const refused = (op: string): ExchangeRecord => exchange(op, 'get', { status: 500, contentType: 'text/html', body: `<html>Request format is unrecognized for URL unexpectedly ending in '/${op}'.</html>` }, { 'http-status-200': 'error', 'xml-well-formed': 'error' });
const passed = (transport: 'soap11' | 'soap12' | 'post'): ExchangeRecord => ({ ...exchange('MobileTasksList', transport, { status: 200, body: '<x/>' }, {}), checks: [{ id: 'http-status-200', status: 'passed' }] });
/** A finding of another cause, listed after the explained ones would be in report order. */
const other = exchange('MobileTimeLogList', 'post', { status: 200, body: '<x/>' }, { 'echo-matches': 'error' });
const RECORDS = [wsdlRecord(['[binding-missing] no HTTP GET binding (bindings present: tsiWSSoap (SOAP 1.1))']), refused('MobileTasksList'), refused('MobileAccountSearch'), other, passed('soap11'), passed('soap12'), passed('post')];
const RUN: RunInfo = {
  tool: { name: 'tsiws-conformance', version: '0.0.0-test' }, target: 'http://127.0.0.1:1', embedded: false, namespace: 'http://www.tigerpawsoftware.com',
  startedAt: '2026-01-02T03:04:05.678Z', durationMs: 1, toolErrors: [], seed: 1,
  configuration: { profile: 'asmx', failOn: 'error', operations: ['MobileTasksList', 'MobileAccountSearch', 'MobileTimeLogList'], transports: ['soap11', 'soap12', 'get', 'post'] },
};
const OPERATIONS = ['MobileTasksList', 'MobileAccountSearch', 'MobileTimeLogList'];

describe('a run whose HTTP GET is not enabled', () => {
  const console = consoleTable(RECORDS, OPERATIONS, ['soap11', 'soap12', 'get', 'post'], RUN).split('\n');
  const first = () => console.findIndex((l) => l.startsWith('Diagnoses:'));

  test('console: the diagnosis with its fix and count first, then the finding no diagnosis explains, then the explained ones', () => {
    const first = console.findIndex((l) => l.startsWith('Diagnoses:'));
    expect(console[first]).toBe('Diagnoses: 1 root cause explains 5 of 6 findings (evidence in report.html and results.json):');
    expect(console[first + 1]).toBe('  error transport-not-enabled: HTTP GET is not enabled for the service; fix: add <add name="HttpGet" /> to <system.web><webServices><protocols> in the service\'s web.config (and take out any <remove> of HttpGet) (explains 5 findings)');
    expect(console[first + 2]).toMatch(/^ {2}MobileTimeLogList post echo-matches: .*\(case MobileTimeLogList-example, failures\/MobileTimeLogList-example-post\.json\)$/);
    expect(console[first + 3]).toMatch(/^ {2}tsiWS wsdl wsdl-matches-contract: .*; diagnosis transport-not-enabled\)$/);
  });

  test('results.json: diagnoses with id, level, explains, evidence and fix; each explained failure names it', () => {
    const doc = JSON.parse(resultsJson(RECORDS, RUN)) as { diagnoses: Array<Record<string, unknown> & { explains: { count: number; findings: Array<{ file: string }> } }>; failures: Array<{ check: string; diagnosis?: string }> };
    expect(doc.diagnoses.map((d) => [d.id, d.level, d.explains.count])).toEqual([['transport-not-enabled', 'error', 5]]);
    expect(doc.diagnoses[0]!.evidence).toEqual(['2 answers over HTTP GET say "Request format is unrecognized for URL unexpectedly ending in \'/MobileTasksList\'." (first: MobileTasksList over HTTP GET, case MobileTasksList-example)', '?WSDL: [binding-missing] no HTTP GET binding (bindings present: tsiWSSoap (SOAP 1.1))']);
    expect(doc.diagnoses[0]!.explains.findings.map((f) => f.file)).toContain('failures/MobileTasksList-example-get.json');
    expect(doc.failures.filter((f) => f.diagnosis === 'transport-not-enabled').length).toBe(5);
    expect(doc.failures.filter((f) => f.diagnosis === undefined).map((f) => f.check)).toEqual(['echo-matches']);
  });

  test('junit.xml: one testcase per diagnosis, a failure of its level, valid against the Jenkins schema', () => {
    const diagnoses = diagnosesOf(digestOf(RECORDS, 'error'), RUN);
    const xml = [...junitChunks(RECORDS, RUN, diagnoses)].join('');
    const schema = compileSchema(readFileSync(new URL('../../fixtures/junit/jenkins-junit-4.xsd', import.meta.url), 'utf8'));
    expect(schema.validateText(xml)).toEqual([]);
    expect(xml).toMatch(/<testsuite name="diagnoses" tests="1" failures="1" errors="0" skipped="0">\n {4}<testcase classname="diagnoses" name="transport-not-enabled"><failure message="HTTP GET is not enabled for the service; fix: add &lt;add name=&quot;HttpGet&quot; \/&gt;/);
    // One failure more than without the diagnosis, and nothing else changed.
    const failures = (text: string) => Number(/<testsuites tests="\d+" failures="(\d+)"/.exec(text)![1]);
    expect(failures(xml)).toBe(failures(junitXml(RECORDS, RUN)) + 1);
  });

  test('CI summary: the diagnosis first, with its count; the unexplained finding before the explained ones, which name it', () => {
    const markdown = stepSummaryMarkdown(digestOf(RECORDS, 'error'), RUN, { operations: OPERATIONS, transports: ['soap11', 'soap12', 'get', 'post'], files: [] });
    const lists = Lexer.lex(markdown).filter((t): t is Tokens.List => t.type === 'list');
    const headings = Lexer.lex(markdown).filter((t): t is Tokens.Heading => t.type === 'heading').map((h) => h.text);
    expect(headings).toEqual(['tsiws-conformance', 'Diagnoses', 'Findings (6 of 6)', 'Reports']);
    expect(markdown).toContain('\n### Diagnoses\n\n1 root cause explains 5 of 6 findings (evidence in report.html and results.json):\n');
    // marked reads the escaped markup back as the console's text.
    expect(lists[0]!.items.map((i) => i.tokens.flatMap((t) => ('tokens' in t ? t.tokens ?? [] : [])).map((t) => ('text' in t ? t.text : '')).join(''))).toEqual([console[first() + 1]!.trim()]);
    const findings = lists[1]!.items.map((i) => i.text);
    expect(findings[0]).toMatch(/^error `echo-matches` MobileTimeLogList post: .* \(case MobileTimeLogList-example, `failures\/MobileTimeLogList-example-post\.json`\)$/);
    expect(findings.slice(1).map((f) => f.endsWith('; diagnosis `transport-not-enabled`)'))).toEqual([true, true, true, true, true]);
  });

  test('workflow commands: the diagnosis first, then the findings in the same order', () => {
    const commands = workflowCommands(digestOf(RECORDS, 'error'), RUN);
    expect(commands[0]).toBe('::error title=diagnosis transport-not-enabled::HTTP GET is not enabled for the service; fix: add <add name="HttpGet" /> to <system.web><webServices><protocols> in the service\'s web.config (and take out any <remove> of HttpGet) (explains 5 findings)');
    expect(commands[1]).toMatch(/^::error title=echo-matches \(MobileTimeLogList post\)::.*\(case MobileTimeLogList-example\)$/);
    expect(commands.slice(2)).toHaveLength(5);
    for (const c of commands.slice(2)) expect(c).toMatch(/; diagnosis transport-not-enabled\)$/);
  });

  test('report.html: a Diagnoses section before the matrix, the explained findings folded under it', () => {
    const html = reportHtml(RECORDS, RUN);
    expect(html.indexOf('<section id="diagnoses">')).toBeGreaterThan(0);
    expect(html.indexOf('<section id="diagnoses">')).toBeLessThan(html.indexOf('<section id="matrix">'));
    expect(html).toContain('<details><summary>Explains 5 findings</summary>');
    expect(html).toContain('failures/MobileAccountSearch-example-get.json');
    // Each explained finding is marked in the details, linking to its diagnosis; the other one is not.
    expect(html.match(/<a class="tag diagnosis" href="#diagnosis-transport-not-enabled">explained: transport-not-enabled<\/a>/g)?.length).toBe(5);
    expect(html).toMatch(/<strong class="check">echo-matches<\/strong> <span class="tag level-error">/);
  });
});

test('a run no diagnosis explains: no Diagnoses line, section, key entry or testcase', () => {
  const records = [other, passed('soap11')];
  expect(consoleTable(records, OPERATIONS, ['soap11', 'post'], RUN)).not.toContain('Diagnoses');
  expect(JSON.parse(resultsJson(records, RUN)).diagnoses).toEqual([]);
  expect(reportHtml(records, RUN)).not.toContain('id="diagnoses"');
  expect(junitXml(records, RUN)).not.toContain('name="diagnoses"');
});
