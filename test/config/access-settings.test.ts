/** Resolving the access settings: the header list and its variable, URL credentials, the standard
 * proxy variables by the target's scheme, and which layer is parsed. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { resolveSettings } from '../../src/config/resolve.js';
import { CATALOGS } from '../../src/checks/catalogs.js';
import { redactedSettings } from '../../src/config/settings.js';

const resolve = (flags: Record<string, string | boolean | string[]>, env: Record<string, string> = {}) =>
  resolveSettings({ flags, env, envFile: '/nonexistent/.env', envFileExplicit: false, catalogs: CATALOGS });

test('--header repeats; TSIWS_HEADERS holds one a line; the flag wins over the variable', () => {
  expect(resolve({ header: ['X-A: 1', 'X-B:  two words '] }).headers).toEqual({ 'X-A': '1', 'X-B': 'two words' });
  expect(resolve({}, { TSIWS_HEADERS: 'X-A: 1\nX-B: 2' }).headers).toEqual({ 'X-A': '1', 'X-B': '2' });
  expect(resolve({ header: ['X-C: 3'] }, { TSIWS_HEADERS: 'X-A: 1' }).headers).toEqual({ 'X-C': '3' });
});

test('in .env, TSIWS_HEADERS takes its line breaks as \\n in a double-quoted value (dotenv)', () => {
  const envFile = join(mkdtempSync(join(tmpdir(), 'tsiws-env-')), '.env');
  writeFileSync(envFile, 'TSIWS_HEADERS="X-A: 1\\nX-B: 2"\n');
  expect(resolveSettings({ flags: {}, env: {}, envFile, envFileExplicit: true, catalogs: CATALOGS }).headers).toEqual({ 'X-A': '1', 'X-B': '2' });
});

test.each([
  ['https://alice:p%40ss%3Aw@host.example/tenant', {}, 'https://host.example/tenant', { user: 'alice', password: 'p@ss:w' }],
  ['https://alice:secret@host.example', { auth: 'bob:other' }, 'https://host.example', { user: 'bob', password: 'other' }],
  ['https://host.example', {}, 'https://host.example', undefined],
])('URL credentials %s become --auth (an explicit --auth wins) and leave the URL', (url, flags, baseUrl, auth) => {
  const settings = resolve({ 'base-url': url, ...flags });
  expect([settings.baseUrl, settings.auth]).toEqual([baseUrl, auth]);
});

test.each([
  ['https://t.example', { HTTPS_PROXY: 'http://s:1', HTTP_PROXY: 'http://p:1', NO_PROXY: 'a,b' }, {}, 'http://s:1', 'a,b'],
  ['http://t.example', { https_proxy: 'http://s:1', http_proxy: 'http://p:1' }, {}, 'http://p:1', undefined],
  ['http://t.example', { HTTP_PROXY: 'http://p:1', TSIWS_PROXY: 'http://mine:1' }, {}, 'http://mine:1', undefined],
  ['http://t.example', { HTTP_PROXY: 'http://p:1', NO_PROXY: 'x' }, { proxy: 'http://flag:1', noproxy: 'y' }, 'http://flag:1', 'y'],
])('%s with %j: proxy and no-proxy by the scheme, TSIWS_ and flags winning', (url, env, flags, proxy, noProxy) => {
  const settings = resolve({ 'base-url': url, ...flags }, env);
  expect([settings.proxy, settings.noProxy]).toEqual([proxy, noProxy]);
});

test('the embedded server (no --base-url) takes no proxy from the environment', () => {
  expect(resolve({}, { HTTP_PROXY: 'http://p:1' }).proxy).toBeUndefined();
});

test('only the winning layer is parsed: a bad value the flag replaces is no error', () => {
  expect(resolve({ 'ca-file': '/etc/hostname' }, { TSIWS_CA_FILE: '/missing/ca.pem' }).caFile).toBe('/etc/hostname');
});

test('the configuration shown: header names with redacted values, credentials and files as placeholders', () => {
  const shown = redactedSettings(resolve({ 'base-url': 'https://u:pw@h.example', header: ['X-Key: v'], proxy: 'http://p:1', 'ca-file': '/etc/hostname' }));
  expect([shown['baseUrl'], shown['auth'], shown['headers'], shown['proxy'], shown['caFile']]).toEqual(['https://h.example', '<USER>:<PASSWORD>', { 'X-Key': '<REDACTED>' }, '<PROXY>', '<CA_FILE>']);
});
