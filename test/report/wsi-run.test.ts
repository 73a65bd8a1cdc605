/**
 * reports/wsi-report.xml as `run` writes it (issue 51): a run against the embedded reference server,
 * into a temporary folder, streamed from its records; valid against fixtures/wsi/report.xsd
 * (libxmljs2, decode/xml.ts: no entity expansion, no network), every assertion passed or
 * notApplicable. Without the WS-I checks there is no WS-I report. A run against a --base-url sends
 * GET ?WSDL once: the probe's answer serves the WS-I checks and the service suite.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer, request as forward } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { WSI_ASSERTIONS } from '../../src/checks/wsi/catalog.js';
import { compileSchema, parseXml, type XmlElement } from '../../src/decode/xml.js';
import { runAndReport, runSettings } from '../../src/session/api.js';
import { startReferenceServer } from '../../src/server/server.js';

const SCHEMA = compileSchema(readFileSync(new URL('../../fixtures/wsi/report.xsd', import.meta.url), 'utf8'));
const COUNTS = '{urn:tsiws-conformance:wsi-counts}';
const FLAGS = ['--suites', 'positive,negative,service', '--operations', 'MobileContactSearch,MobileContactEmailCreate', '--runs', '1', '--seed', '5'];
const folder = () => mkdtempSync(join(tmpdir(), 'tsiws-wsi-run-'));

const assertionResults = (root: XmlElement) => root.children.filter((c) => c.name === 'artifact').flatMap((a) => a.children).flatMap((e) => e.children).filter((c) => c.name === 'assertionResult');

test('run writes wsi-report.xml, valid against the report schema; the reference server passes every assertion or is outside it', async () => {
  const reports = folder();
  const report = await runAndReport(await runSettings([...FLAGS, '--reports', reports], {}), {});
  expect(report.digest.summary(report.info).verdict).toBe('conforms');
  expect(report.digest.summary(report.info).levels).toEqual({ error: 0, warning: 0, info: 0 });
  const xml = readFileSync(join(reports, 'wsi-report.xml'), 'utf8');
  expect(SCHEMA.validateText(xml)).toEqual([]);
  const parsed = parseXml(xml);
  if (!parsed.ok) throw new Error(parsed.error);
  const results = assertionResults(parsed.root);
  expect(results.map((r) => r.attrs['id'])).toEqual([...WSI_ASSERTIONS.filter((a) => a.target === 'description'), ...WSI_ASSERTIONS.filter((a) => a.target !== 'description')].map((a) => a.id));
  expect(results.filter((r) => !['passed', 'notApplicable'].includes(r.attrs['result']!)).map((r) => r.attrs['id'])).toEqual([]);
  const byId = (id: string) => results.find((r) => r.attrs['id'] === id)!.attrs;
  // Judged, not only skipped: the WSDL once, every SOAP 1.1 envelope; the other transports outside.
  expect(byId('R2705/R2706')[`${COUNTS}passed`]).toBe('1');
  const soap11 = report.digest.cell('MobileContactSearch', 'soap11')!.total + report.digest.cell('MobileContactEmailCreate', 'soap11')!.total;
  expect(Number(byId('R9980')[`${COUNTS}passed`])).toBeGreaterThan(0);
  expect(Number(byId('R9980')[`${COUNTS}passed`]) + Number(byId('R9980')[`${COUNTS}notApplicable`])).toBeGreaterThanOrEqual(soap11);
  expect(byId('R2744')[`${COUNTS}missingInput`]).toBe('0');
  expect(Number(byId('R2712')[`${COUNTS}passed`])).toBeGreaterThan(0);
  expect(parsed.root.children.find((c) => c.name === 'summary')!.attrs).toMatchObject({ result: 'passed', '{urn:tsiws-conformance:wsi-counts}heldBy': 'none', '{urn:tsiws-conformance:wsi-counts}claimFound': 'false' });
}, 120_000);

test('a second soap:Body child (mutant two-body-children): R2712 failed in wsi-report.xml and report.html; soap-body-single-child is the one finding (issue 59)', async () => {
  const server = await startReferenceServer({ mutant: 'two-body-children' });
  try {
    const reports = folder();
    const report = await runAndReport(await runSettings([...FLAGS, '--suites', 'positive', '--base-url', server.url, '--reports', reports], {}), {});
    // soap-body-single-child's error is the one finding; wsi-basic-profile names R2712 at info.
    const { levels } = report.digest.summary(report.info);
    expect(levels.error).toBeGreaterThan(0);
    expect(levels.warning).toBe(0);
    expect(levels.info).toBe(levels.error);
    const parsed = parseXml(readFileSync(join(reports, 'wsi-report.xml'), 'utf8'));
    if (!parsed.ok) throw new Error(parsed.error);
    const r2712 = assertionResults(parsed.root).find((r) => r.attrs['id'] === 'R2712')!;
    expect(r2712.attrs['result']).toBe('failed');
    expect(Number(r2712.attrs[`${COUNTS}failed`])).toBeGreaterThan(0);
    expect(assertionResults(parsed.root).filter((r) => r.attrs['result'] === 'failed').map((r) => r.attrs['id'])).toEqual(['R2712']);
    expect(readFileSync(join(reports, 'report.html'), 'utf8')).toMatch(/R2712[\s\S]*?first failed/);
  } finally {
    await server.close();
  }
}, 120_000);

test('without the WS-I checks the run writes no WS-I report', async () => {
  const reports = folder();
  await runAndReport(await runSettings([...FLAGS, '--suites', 'positive', '--skip-checks', 'wsi-basic-profile,wsi-description', '--reports', reports], {}), {});
  expect(existsSync(join(reports, 'report.html'))).toBe(true);
  expect(existsSync(join(reports, 'wsi-report.xml'))).toBe(false);
}, 120_000);

// Where Mono 6.8 writes it under EmitConformanceClaims (fixtures/wsi/mono-6.8-claim.wsdl).
const CLAIM = '<wsdl:documentation><wsi:Claim conformsTo="http://ws-i.org/profiles/basic/1.1" xmlns:wsi="http://ws-i.org/schemas/conformanceClaim/" /></wsdl:documentation>';

test('a run against a target sends GET ?WSDL once (the probe, the WS-I checks and the service suite share it); its claim is in results.json, the certificate and report.html', async () => {
  const server = await startReferenceServer();
  const upstream = new URL(server.url);
  const wsdlRequests: string[] = [];
  // A counting proxy in front of the reference server.
  const proxy = createServer((req, res) => {
    if (/\?wsdl$/i.test(req.url ?? '')) wsdlRequests.push(`${req.method} ${req.url}`);
    req.pipe(forward({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      if (!/\?wsdl$/i.test(req.url ?? '')) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      // The WSDL with a claim in its SOAP 1.1 binding, as ASMX writes it.
      const chunks: Buffer[] = [];
      answer.on('data', (c: Buffer) => chunks.push(c)).on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8').replace(/(<wsdl:binding name="tsiWSSoap" [^>]*>)/, `$1${CLAIM}`);
        res.writeHead(answer.statusCode ?? 502, { 'content-type': answer.headers['content-type'] ?? 'text/xml' }).end(text);
      });
    }));
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  try {
    const reports = folder();
    const baseUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    const report = await runAndReport(await runSettings([...FLAGS, '--suites', 'positive,service', '--base-url', baseUrl, '--reports', reports], {}), {});
    // Not echoed over a --base-url, so conforms-partially; nothing failed.
    expect(report.digest.summary(report.info).levels.error).toBe(0);
    expect(wsdlRequests).toEqual(['GET /api/rmm/tsiWS.asmx?WSDL']);
    const grounds = { claimFound: true, asked: 'off', heldBy: 'claim' };
    expect(report.info.wsi).toEqual(grounds);
    expect(JSON.parse(readFileSync(join(reports, 'results.json'), 'utf8')).run.wsi).toEqual(grounds);
    expect(JSON.parse(readFileSync(join(reports, 'certificate.json'), 'utf8')).wsi).toMatchObject(grounds);
    expect(readFileSync(join(reports, 'report.html'), 'utf8')).toContain("Claim: found in the target's WSDL");
    // Judged all the same: the service record and the description assertions.
    expect(readFileSync(join(reports, 'wsi-report.xml'), 'utf8')).toMatch(/id="R2705\/R2706" result="passed"/);
  } finally {
    await new Promise<void>((resolve) => proxy.close(() => resolve()));
    await server.close();
  }
}, 120_000);
