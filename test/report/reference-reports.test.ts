/** Every report of a run given --reference-url, from hand-made records: results.json's counts, the
 * console's `ref` column and line, junit.xml (valid), the certificate's column and report.html's
 * section. Without a reference, none of them changes. */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { compileSchema } from '../../src/decode/xml.js';
import { certificateJson } from '../../src/report/formats/certificate.js';
import { consoleTable } from '../../src/report/formats/console.js';
import { digestOf } from '../../src/report/digest/digest.js';
import { reportHtml } from '../../src/report/html/page.js';
import { junitXml } from '../../src/report/foreign/junit.js';
import { resultsJson } from '../../src/report/formats/results-json.js';
import { MIXED_RECORDS, MIXED_RUN } from '../support/records.js';
import { REFERENCE_EXCHANGES, REFERENCE_RUN, REFERENCE_RUN_RECORDS } from '../support/reference-records.js';

const OPERATIONS = ['MobileAccountSearch', 'MobileGetEmployee'];

test('results.json: summary.reference counts the run against the reference, and the verdict fails on a difference', () => {
  const { summary } = JSON.parse(resultsJson(REFERENCE_RUN_RECORDS, REFERENCE_RUN)) as { summary: { reference: unknown; verdict: string } };
  expect(summary.reference).toEqual({ url: 'http://reference', compared: 6, same: 2, noise: 2, different: 2 });
  expect(summary.verdict).toBe('does-not-conform');
  expect(JSON.parse(resultsJson(REFERENCE_EXCHANGES, REFERENCE_RUN)).summary).not.toHaveProperty('reference');
});

describe('console', () => {
  const lines = consoleTable(REFERENCE_RUN_RECORDS, OPERATIONS, ['soap11', 'get'], REFERENCE_RUN).split('\n');

  test('a ref column per operation: N different, or same; the transports\' cells are the exchanges\' own', () => {
    expect(lines.slice(0, 3)).toEqual([
      'operation            soap11   get      parity   ref',
      'MobileAccountSearch  ok       ok       -        2 different',
      'MobileGetEmployee    ok       ok       -        same',
    ]);
  });

  test('a summary line, and the finding with the field and both values', () => {
    expect(lines).toContain('Reference: 6 exchanges compared with http://reference: 2 the same, 2 differing only in noise, 2 differing beyond it (see report.html, Differences from the reference)');
    expect(lines.join('\n')).toContain('  MobileAccountSearch soap11 matches-reference: 2 of 3 answers differ from the reference beyond its noise: (case reference MobileAccountSearch soap11, failures/reference_MobileAccountSearch_soap11-soap11.json)\n    $.name: reference "Acme", candidate "ACME" (2 of 3; case search-1)');
  });

  test('noise only reads noise; without a reference there is no ref column and no line', () => {
    const noiseOnly = [...REFERENCE_EXCHANGES.slice(2), ...REFERENCE_RUN_RECORDS.slice(REFERENCE_EXCHANGES.length)].filter((r) => r.operation === 'MobileAccountSearch' && r.transport === 'get');
    expect(consoleTable(noiseOnly, ['MobileAccountSearch'], ['get'], REFERENCE_RUN).split('\n')[1]).toBe('MobileAccountSearch  ok       -        noise');
    const plain = consoleTable(REFERENCE_EXCHANGES, OPERATIONS, ['soap11', 'get'], REFERENCE_RUN);
    expect(plain.split('\n')[0]).toBe('operation            soap11   get      parity');
    expect(plain).not.toContain('Reference:');
  });
});

test('junit.xml: each reference check a testcase of the operation, valid against the Jenkins JUnit schema', () => {
  const schema = compileSchema(readFileSync(new URL('../../fixtures/junit/jenkins-junit-4.xsd', import.meta.url), 'utf8'));
  const xml = junitXml(REFERENCE_RUN_RECORDS, REFERENCE_RUN);
  expect(schema.validateText(xml)).toEqual([]);
  expect(xml).toContain('<testcase classname="MobileAccountSearch.soap11" name="soap11 matches-reference"><failure message="matches-reference: 2 of 3 answers differ from the reference beyond its noise:&#xA;$.name: reference &quot;Acme&quot;, candidate &quot;ACME&quot; (2 of 3; case search-1)" type="matches-reference">');
  expect(xml).toContain("Reproduce with:\ncurl -sS -i -X POST 'http://candidate/tsiWS.asmx' # search-1");
});

test('the certificate: a reference column, failing where the candidate differed; the transports\' cells unchanged', () => {
  const { outcomes } = JSON.parse(certificateJson(REFERENCE_RUN_RECORDS, REFERENCE_RUN, {})) as { outcomes: Record<string, Record<string, string>> };
  expect(outcomes['MobileAccountSearch']).toEqual({ soap11: 'pass', get: 'pass', reference: 'fail' });
  expect(outcomes['MobileGetEmployee']).toEqual({ soap11: 'pass', get: 'pass', reference: 'pass' });
});

test('a reference verdict is never counted as a transport sent over', () => {
  expect([...digestOf(REFERENCE_RUN_RECORDS.filter((r) => r.kind === 'reference' && r.transport === 'get'), 'error').sentOver]).toEqual([]);
});

describe('report.html: Differences from the reference', () => {
  const html = reportHtml(REFERENCE_RUN_RECORDS, REFERENCE_RUN);
  const section = html.slice(html.indexOf('<section id="reference">'), html.indexOf('</section>', html.indexOf('<section id="reference">')));

  test('per operation and transport: the field with both values side by side, how often, the first case', () => {
    expect(section).toContain('<h2>Differences from the reference</h2>');
    expect(section).toContain('<summary><span class="tag fail">different</span> <code>MobileAccountSearch</code> over soap11: 3 compared: 0 the same, 1 only in noise, 2 beyond it</summary>');
    expect(section).toContain('<tr><td><code>$.name</code></td><td><code>&quot;Acme&quot;</code></td><td><code>&quot;ACME&quot;</code></td><td class="num">2 of 3</td><td><code>search-1</code></td></tr>');
    expect(section).toContain('<summary><span class="tag pass">matches</span> <code>MobileGetEmployee</code> over get: 1 compared: 1 the same, 0 only in noise, 0 beyond it</summary>');
  });

  test('the noise learned is shown, so a reader sees what was ignored', () => {
    expect(section).toContain('Noise learned for the operation (ignored on every transport): <code>$.modified</code> (1×)');
  });

  test('values are escaped; the section is absent without a reference; the matrix cell is not failed by the verdict', () => {
    expect(section).not.toContain('<script');
    expect(reportHtml(MIXED_RECORDS, MIXED_RUN)).not.toContain('id="reference"');
    expect(html).toContain('data-state="pass" data-operation="MobileAccountSearch" data-transport="soap11"');
  });
});
