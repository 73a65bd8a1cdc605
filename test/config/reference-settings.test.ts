/** The reference's settings (issue 38): its access defaults to the target's, a --reference-* setting
 * replaces one, URL credentials become --reference-auth, secrets are redacted, and bad
 * combinations are clear usage errors naming the flag. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { CATALOGS } from '../../src/checks/catalogs.js';
import { resolveSettings } from '../../src/config/resolve.js';
import { redactedSettings } from '../../src/config/settings.js';
import { referenceAccess } from '../../src/engine/reference/reference-clients.js';

const resolve = (flags: Record<string, string | boolean | string[]>) => resolveSettings({ flags, env: {}, envFile: '/nonexistent/.env', envFileExplicit: false, catalogs: CATALOGS });
const dir = mkdtempSync(join(tmpdir(), 'tsiws-reference-'));
const pem = (name: string) => {
  const path = join(dir, name);
  writeFileSync(path, 'x');
  return path;
};
const [ca, cert, key, refCert, refKey] = ['ca.pem', 'cert.pem', 'key.pem', 'ref-cert.pem', 'ref-key.pem'].map(pem) as [string, string, string, string, string];

test('without --reference-* settings the reference takes the target\'s access', () => {
  const settings = resolve({ 'base-url': 'http://cand.example', 'reference-url': 'http://ref.example', header: ['X-Key: k1'], auth: 'u:p', 'ca-file': ca, cert, key, insecure: true });
  expect(referenceAccess(settings)).toEqual({ headers: { 'X-Key': 'k1' }, auth: { user: 'u', password: 'p' }, proxy: undefined, noProxy: undefined, caFile: ca, cert, key, insecure: true });
});

test('each --reference-* setting replaces the target\'s; credentials in --reference-url become --reference-auth and leave it', () => {
  const settings = resolve({ 'base-url': 'http://cand.example', 'reference-url': 'http://ru:rp%40@ref.example/', header: ['X-Key: k1'], 'reference-header': ['X-Ref: r1'], auth: 'u:p', 'reference-cert': refCert, 'reference-key': refKey, cert, key, insecure: true, 'reference-insecure': 'false' });
  expect(settings.referenceUrl).toBe('http://ref.example');
  expect(referenceAccess(settings)).toEqual({ headers: { 'X-Ref': 'r1' }, auth: { user: 'ru', password: 'rp@' }, proxy: undefined, noProxy: undefined, caFile: undefined, cert: refCert, key: refKey, insecure: false });
  const shown = redactedSettings(settings);
  expect([shown['referenceHeaders'], shown['referenceAuth'], shown['referenceCert'], shown['referenceKey']]).toEqual([{ 'X-Ref': '<REDACTED>' }, '<USER>:<PASSWORD>', '<CERT>', '<KEY>']);
});

test('a reference without --base-url is allowed: the embedded server is the candidate', () => {
  expect(resolve({ 'reference-url': 'http://ref.example' }).referenceUrl).toBe('http://ref.example');
});

test.each([
  [{ 'reference-secondary-url': 'http://two.example' }, '--reference-secondary-url: a second copy of the reference needs the first; give --reference-url (TSIWS_REFERENCE_URL) too'],
  [{ 'base-url': 'http://same.example', 'reference-url': 'http://same.example/' }, '--reference-url: it names the target itself (--base-url); give the URL of another deployment, the one you trust'],
  [{ 'reference-url': 'http://one.example', 'reference-secondary-url': 'http://one.example' }, '--reference-secondary-url: it names the same deployment as --reference-url; give a second copy, or leave it out and the reference answers each case twice'],
  [{ 'reference-url': 'http://one.example', 'reference-cert': refCert }, '--reference-cert: give its private key with --reference-key (TSIWS_REFERENCE_KEY) too'],
  [{ 'reference-url': 'http://one.example', 'reference-key': refKey }, '--reference-key: give the client certificate with --reference-cert (TSIWS_REFERENCE_CERT) too'],
  [{ 'reference-url': 'http://one.example', 'reference-header': ['Authorization: Bearer x'], auth: 'u:p' }, '--reference-auth: the reference would get an Authorization header and HTTP Basic credentials both (from --reference-header or --header, and --reference-auth, --auth or its URL); give one of them'],
  [{ 'reference-url': 'ftp://one.example' }, '--reference-url: only http and https URLs are supported, got "ftp:"'],
  [{ 'reference-auth': 'no-colon' }, "--reference-auth: expected user:password (HTTP Basic), e.g. --auth 'alice:...'"],
])('%j is a usage error naming the flag', (flags, message) => {
  expect(() => resolve(flags)).toThrow(message);
});
