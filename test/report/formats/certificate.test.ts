/** reports/certificate.json and verify-certificate: intact, altered, deleted, added, malformed. */
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, expect, test } from 'vitest';
import { main } from '../../../src/cli/main.js';
import { sha256 } from '../../../src/report/formats/certificate.js';
import { digestOf } from '../../../src/report/digest/digest.js';
import { writeReports } from '../../../src/report/write.js';
import { generateWsdl } from '../../../src/wsdl/generate.js';
import { MIXED_RECORDS, MIXED_RUN } from '../../support/records.js';

let dir: string;
let written: string[];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tsiws-cert-'));
  // No records.jsonl: junit.xml and the verdicts have no record to read back (not what this tests).
  written = writeReports(dir, digestOf(MIXED_RECORDS, 'error'), { ...MIXED_RUN, configuration: { profile: 'asmx', operations: ['MobileGetEmployee', 'MobileSaveNote', 'MobileGetCompany'], transports: ['soap11', 'soap12', 'get', 'post'] } });
});

async function verify(target = dir) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(['verify-certificate', target], { out: (l) => out.push(l), err: (l) => err.push(l), env: {} });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const certificate = () => JSON.parse(readFileSync(join(dir, 'certificate.json'), 'utf8'));

test('certificate.json is written last and hashes every report file, failures/*.json included', () => {
  expect(written.at(-1)).toBe(join(dir, 'certificate.json'));
  const c = certificate();
  const names = Object.keys(c.files);
  expect(names).toEqual(expect.arrayContaining(['junit.xml', 'results.json', 'parity.json', 'failures.har', 'tsiws.postman_collection.json']));
  // One failure file per failing or erroring exchange: 2 findings, 1 timeout, 1 crashed check.
  expect(names.filter((n) => n.startsWith('failures/'))).toHaveLength(4);
  expect(c.files['junit.xml']).toBe(sha256(readFileSync(join(dir, 'junit.xml'))));
  expect(c.files['failures.har']).toBe(sha256(readFileSync(join(dir, 'failures.har'))));
  expect(c.files['tsiws.postman_collection.json']).toBe(sha256(readFileSync(join(dir, 'tsiws.postman_collection.json'))));
  expect(c).toMatchObject({ format: 'tsiws-conformance-certificate/1', tool: MIXED_RUN.tool, target: MIXED_RUN.target, profile: 'asmx', seed: 1234, verdict: 'error' });
  expect(c.contract.wsdlSha256).toBe(sha256(generateWsdl({ namespace: MIXED_RUN.namespace, baseUrl: c.contract.wsdlBaseUrl })));
  expect(c.outcomes).toEqual({
    MobileGetEmployee: { soap11: 'pass', soap12: 'fail', get: 'fail', post: 'fail' },
    MobileSaveNote: { soap11: 'error', soap12: 'not-run', get: 'not-run', post: 'skipped' },
    MobileGetCompany: { soap11: 'not-run', soap12: 'not-run', get: 'not-run', post: 'not-run' },
  });
  expect(c.service).toEqual({ 'wsdl-matches-contract': 'skipped' });
});

test('intact reports: exit 0', async () => {
  const r = await verify();
  expect(r.code).toBe(0);
  expect(r.out).toMatch(/^intact: all 10 report files in .* match certificate\.json \(tsiws-conformance 0\.0\.0-test, target http:\/\/127\.0\.0\.1:1, verdict error/);
});

test('one file altered: exit 1 naming it', async () => {
  appendFileSync(join(dir, 'results.json'), ' ');
  const r = await verify();
  expect(r.code).toBe(1);
  expect(r.out.split('\n').slice(1)).toEqual(['  altered: results.json']);
});

test('one file deleted and one added: exit 1 naming both', async () => {
  const failure = Object.keys(certificate().files).find((n) => n.startsWith('failures/'))!;
  rmSync(join(dir, failure));
  writeFileSync(join(dir, 'failures', 'planted.json'), '{}');
  const r = await verify();
  expect(r.code).toBe(1);
  expect(r.out.split('\n').slice(1)).toEqual([`  missing: ${failure}`, '  extra:   failures/planted.json (not written by the run)']);
});

test('certificate malformed or missing: exit 2 with a message naming the file', async () => {
  writeFileSync(join(dir, 'certificate.json'), '{"format": "tsiws-conformance-certificate/1", "files": ');
  let r = await verify();
  expect(r.code).toBe(2);
  expect(r.err).toMatch(/certificate\.json is not valid JSON .*the certificate is damaged/);

  writeFileSync(join(dir, 'certificate.json'), JSON.stringify({ format: 'tsiws-conformance-certificate/1', files: { 'junit.xml': 'not-a-hash' } }));
  r = await verify();
  expect(r.code).toBe(2);
  expect(r.err).toContain('"files" must map each report file to its sha256');

  writeFileSync(join(dir, 'certificate.json'), JSON.stringify({ format: 'tsiws-conformance-certificate/1', files: { '../../etc/passwd': 'a'.repeat(64) } }));
  r = await verify();
  expect(r.code).toBe(2);
  expect(r.err).toContain('outside the reports folder');

  rmSync(join(dir, 'certificate.json'));
  r = await verify();
  expect(r.code).toBe(2);
  expect(r.err).toMatch(/certificate\.json not found/);

  r = await verify(join(dir, 'nope'));
  expect(r.code).toBe(2);
  expect(r.err).toMatch(/is not a folder/);
});
