/**
 * tsiws-conform verify-certificate DIR: recompute the sha256 of every report file that
 * DIR/certificate.json lists and say whether the reports are as the run wrote them.
 * Exit 0 intact; 1 altered (files changed, missing or added, each listed); 2 no usable certificate.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../config/settings.js';
import { CERTIFICATE_FILE, CERTIFICATE_FORMAT, fileSha256, filesUnder, type Certificate } from '../report/formats/certificate.js';
import { commandLine } from './settings.js';
import { EXIT } from './errors.js';
import type { Io } from './main.js';

export interface Verification {
  readonly altered: string[];
  readonly missing: string[];
  readonly extra: string[];
}

export function readCertificate(dir: string): Certificate {
  const path = join(dir, CERTIFICATE_FILE);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new ConfigError(`${dir} is not a folder; give the reports folder of a run (e.g. reports)`);
  if (!existsSync(path)) throw new ConfigError(`${path} not found: no certificate to verify against (a run writes it as its last report file; was this folder written by tsiws-conform run?)`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new ConfigError(`${path} is not valid JSON (${(err as Error).message}); the certificate is damaged, so the reports cannot be verified`);
  }
  const c = parsed as Partial<Certificate> | null;
  if (!c || typeof c !== 'object' || c.format !== CERTIFICATE_FORMAT) throw new ConfigError(`${path} is not a tsiws-conformance certificate (expected "format": "${CERTIFICATE_FORMAT}")`);
  const files = c.files;
  if (!files || typeof files !== 'object' || Array.isArray(files) || !Object.values(files).every((h) => typeof h === 'string' && /^[0-9a-f]{64}$/.test(h))) {
    throw new ConfigError(`${path}: "files" must map each report file to its sha256 (64 hex digits); the certificate is damaged`);
  }
  if (Object.keys(files).some((name) => name.startsWith('/') || name.split('/').includes('..'))) throw new ConfigError(`${path}: "files" names a file outside the reports folder; refusing to read it`);
  return c as Certificate;
}

export function verifyReports(dir: string, certificate: Certificate): Verification {
  const listed = Object.keys(certificate.files);
  const present = new Set(filesUnder(dir));
  const missing = listed.filter((name) => !present.has(name));
  const altered = listed.filter((name) => present.has(name) && fileSha256(join(dir, name)) !== certificate.files[name]);
  const extra = [...present].filter((name) => name !== CERTIFICATE_FILE && !(name in certificate.files));
  return { altered, missing, extra };
}

export default async function verifyCertificate(argv: string[], io: Io): Promise<number> {
  const line = commandLine('verify-certificate', argv, io);
  if (!line) return EXIT.conforms;
  const { positionals } = line;
  if (positionals.length !== 1) throw new ConfigError(`verify-certificate takes one reports folder, got ${positionals.length} arguments (see tsiws-conform verify-certificate --help)`);
  const dir = positionals[0]!;
  const certificate = readCertificate(dir);
  const { altered, missing, extra } = verifyReports(dir, certificate);
  const count = Object.keys(certificate.files).length;
  const about = `${certificate.tool?.name} ${certificate.tool?.version}, target ${certificate.target}, verdict ${certificate.verdict}, started ${certificate.startedAt}`;
  if (altered.length + missing.length + extra.length === 0) {
    io.out(`intact: all ${count} report files in ${dir} match ${CERTIFICATE_FILE} (${about})`);
    return EXIT.conforms;
  }
  io.out(`ALTERED: the reports in ${dir} do not match ${CERTIFICATE_FILE} (${about})`);
  for (const name of altered) io.out(`  altered: ${name}`);
  for (const name of missing) io.out(`  missing: ${name}`);
  for (const name of extra) io.out(`  extra:   ${name} (not written by the run)`);
  return EXIT.findings;
}
