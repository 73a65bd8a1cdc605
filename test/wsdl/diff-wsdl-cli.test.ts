/** tsiws-conform diff-wsdl: exit codes, console text and the two report files. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { fixturePath, FIXTURES } from '../../fixtures/wsdl/edits.js';
import { bin, cliInProcess, repoFile, tempDir } from './cli.js';

const reportsOf = (dir: string) => ({
  json: JSON.parse(readFileSync(join(dir, 'wsdl-diff.json'), 'utf8')),
  junit: readFileSync(join(dir, 'wsdl-diff.junit.xml'), 'utf8'),
});

describe('tsiws-conform diff-wsdl', () => {
  test('the namespace and the reports folder come from TSIWS_ variables too, as for run', async () => {
    const reports = tempDir('tsiws-diff-');
    const { code, stdout } = await cliInProcess(['diff-wsdl', '--file', repoFile('wsdl/tsiWS.wsdl')], { TSIWS_NAMESPACE: 'urn:other', TSIWS_REPORTS: reports });
    // The checked-in WSDL is in the default namespace: against urn:other it drifts.
    expect(code).toBe(1);
    expect(stdout).toContain('Expected namespace: urn:other');
    expect(reportsOf(reports).json.summary.verdict).toBe('drift');
  });

  test('wsdl prints the WSDL of TSIWS_NAMESPACE; its flag wins', async () => {
    expect((await cliInProcess(['wsdl'], { TSIWS_NAMESPACE: 'urn:env' })).stdout).toContain('targetNamespace="urn:env"');
    expect((await cliInProcess(['wsdl', '--namespace', 'urn:flag'], { TSIWS_NAMESPACE: 'urn:env' })).stdout).toContain('targetNamespace="urn:flag"');
  });

  test.each(Object.keys(FIXTURES))('--file fixtures/wsdl/%s: exit 1 and its drifts in both reports', async (name) => {
    const reports = tempDir('tsiws-diff-');
    const { code, stdout, stderr } = await cliInProcess(['diff-wsdl', '--file', fixturePath(name), '--reports', reports]);
    expect([code, stderr]).toEqual([1, '']);
    const { json, junit } = reportsOf(reports);
    expect(json.summary.verdict).toBe('drift');
    expect(stdout).toContain(`\n    [${json.drifts[0].kind}] ${json.drifts[0].message}\n`);
    const failedAspects = new Set(json.drifts.map((d: { aspect: string }) => d.aspect)).size;
    expect(junit).toContain(`<testsuite name="wsdl-diff" `);
    expect(junit.match(/<failure /g)?.length).toBe(failedAspects);
    expect(junit.match(/<testcase /g)?.length).toBe(json.summary.aspects.total);
  });

  test('--file with the int-to-string fixture: the exact console text, JSON and JUnit failure', async () => {
    const reports = tempDir('tsiws-diff-');
    const file = fixturePath('int-to-string.wsdl');
    const { stdout } = await cliInProcess(['diff-wsdl', '--file', file, '--reports', reports]);
    expect(stdout).toBe([
      `WSDL: ${file}`,
      'Expected namespace: http://www.tigerpawsoftware.com',
      '',
      'Drift from the contract (- contract, + WSDL):',
      '',
      '  MobileTimeLogCreate: request parameters',
      '    [parameter-type] MobileTimeLogCreate: parameter accountnumber changed type from int to string',
      '      - int',
      '      + string',
      '    [min-occurs] MobileTimeLogCreate: parameter accountnumber minOccurs changed from 1 to 0',
      '      - 1',
      '      + 0',
      '',
      'Verdict: drift (2 drifts in 1 of 152 aspects)',
      `Reports: ${join(reports, 'wsdl-diff.json')}, ${join(reports, 'wsdl-diff.junit.xml')}`,
      '',
    ].join('\n'));
    const { json, junit } = reportsOf(reports);
    expect(json.summary).toEqual({ verdict: 'drift', drifts: 2, aspects: { total: 152, passed: 151, failed: 1, skipped: 0 } });
    expect(json.run.source).toEqual({ kind: 'file', location: file });
    expect(json.drifts.map((d: { aspect: string; kind: string }) => [d.aspect, d.kind])).toEqual([
      ['MobileTimeLogCreate: request parameters', 'parameter-type'],
      ['MobileTimeLogCreate: request parameters', 'min-occurs'],
    ]);
    expect(junit).toContain('<testsuites tests="152" failures="1" errors="0" skipped="0">');
    expect(junit).toContain('<testcase classname="wsdl-diff" name="MobileTimeLogCreate: request parameters">'
      + '<failure message="MobileTimeLogCreate: parameter accountnumber changed type from int to string; MobileTimeLogCreate: parameter accountnumber minOccurs changed from 1 to 0" type="parameter-type min-occurs">'
      + '<![CDATA[parameter-type: MobileTimeLogCreate: parameter accountnumber changed type from int to string\n  expected: int\n  actual:   string\n'
      + 'min-occurs: MobileTimeLogCreate: parameter accountnumber minOccurs changed from 1 to 0\n  expected: 1\n  actual:   0]]></failure>');
  });

  test('--file with the missing-operation fixture: the operation\'s other aspects are skipped', async () => {
    const reports = tempDir('tsiws-diff-');
    await cliInProcess(['diff-wsdl', '--file', fixturePath('missing-operation.wsdl'), '--reports', reports]);
    const { json, junit } = reportsOf(reports);
    expect(json.summary.aspects).toEqual({ total: 152, passed: 145, failed: 1, skipped: 6 });
    expect(json.aspects.filter((a: { status: string }) => a.status === 'skipped')[0]).toEqual({
      aspect: 'MobileOpportunitySummary: request parameters', status: 'skipped', reason: 'MobileOpportunitySummary is missing',
    });
    expect(junit).toContain('<testsuites tests="152" failures="1" errors="0" skipped="6">');
  });

  test('--file wsdl/tsiWS.wsdl: exit 0, no drift', async () => {
    const reports = tempDir('tsiws-diff-');
    const { code, stdout } = await cliInProcess(['diff-wsdl', '--file', repoFile('wsdl/tsiWS.wsdl'), '--reports', reports]);
    expect(code).toBe(0);
    expect(stdout).toContain('\nVerdict: equal (152 of 152 aspects match the contract)\n');
    expect(reportsOf(reports).json.drifts).toEqual([]);
    expect(reportsOf(reports).junit).toContain('<testsuites tests="152" failures="0" errors="0" skipped="0">');
  });

  test('--namespace: the other-namespace fixture is equal under its own namespace', async () => {
    const { code } = await cliInProcess(['diff-wsdl', '--file', fixturePath('other-namespace.wsdl'), '--namespace', 'http://example.com/tsiws', '--reports', tempDir('tsiws-diff-')]);
    expect(code).toBe(0);
  });

  test('the real bin against the embedded reference server: exit 0, reports in ./reports', async () => {
    const { code, stdout, stderr } = await bin(['diff-wsdl']);
    expect([code, stderr]).toEqual([0, '']);
    expect(stdout).toMatch(/^WSDL: http:\/\/127\.0\.0\.1:\d+\/api\/rmm\/tsiWS\.asmx\?WSDL \(embedded reference server\)$/m);
    expect(stdout).toMatch(/^Verdict: equal \(152 of 152 aspects match the contract\)$/m);
    // The reports folder resolves as run's does: ./reports, shown as an absolute path.
    expect(stdout).toMatch(/^Reports: \/\S*\/reports\/wsdl-diff\.json, \/\S*\/reports\/wsdl-diff\.junit\.xml$/m);
  });

  test('the embedded server started with another namespace is equal under it', async () => {
    const { code } = await cliInProcess(['diff-wsdl', '--namespace', 'urn:other', '--reports', tempDir('tsiws-diff-')]);
    expect(code).toBe(0);
  });

  test('an unreachable --base-url: exit 3 and a one-line reason', async () => {
    const { code, stderr } = await cliInProcess(['diff-wsdl', '--base-url', 'http://127.0.0.1:1', '--reports', tempDir('tsiws-diff-')]);
    expect([code, stderr]).toEqual([3, 'tsiws-conform: target unreachable: cannot connect to http://127.0.0.1:1/api/rmm/tsiWS.asmx?WSDL (ECONNREFUSED)\n']);
  });

  test('a --file that is not a WSDL: exit 2 naming --file', async () => {
    const notWsdl = join(tempDir('tsiws-diff-'), 'page.xml');
    writeFileSync(notWsdl, '<html><body>Service Unavailable</body></html>');
    const { code, stderr } = await cliInProcess(['diff-wsdl', '--file', notWsdl]);
    expect([code, stderr]).toEqual([2, `tsiws-conform: --file: ${notWsdl} is not a WSDL 1.1 document: the root element is html, expected {http://schemas.xmlsoap.org/wsdl/}definitions; give a WSDL 1.1 file, e.g. one saved from <base-url>/api/rmm/tsiWS.asmx?WSDL\n`]);
  });

  test('a --file that is not well-formed: exit 2 naming --file', async () => {
    const { code, stderr } = await cliInProcess(['diff-wsdl', '--file', repoFile('README.md')]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^tsiws-conform: --file: \S+README\.md is not well-formed XML: Start tag expected, '<' not found \(line 1, column 1\); give a WSDL 1\.1 file/);
  });

  test('a missing --file: exit 2 naming --file', async () => {
    const { code, stderr } = await cliInProcess(['diff-wsdl', '--file', '/nonexistent/tsiWS.wsdl']);
    expect([code, stderr]).toEqual([2, 'tsiws-conform: --file: cannot read /nonexistent/tsiWS.wsdl (ENOENT); give the path of a WSDL file\n']);
  });

  test.each([
    [['--file', 'a.wsdl', '--base-url', 'http://x'], '--base-url and --file exclude each other: give one, or neither to compare the embedded reference server'],
    [['--base-url', 'ftp://x'], '--base-url: only http and https URLs are supported, got "ftp:"'],
    [['--nope'], 'unknown flag --nope (see tsiws-conform diff-wsdl --help)'],
  ])('bad usage %j: exit 2', async (args, message) => {
    const { code, stderr } = await cliInProcess(['diff-wsdl', ...args]);
    expect([code, stderr]).toEqual([2, `tsiws-conform: ${message}\n`]);
  });
});
