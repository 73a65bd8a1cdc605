/** The .env file a command reads: --env-file FILE, else TSIWS_ENV_FILE from the environment (for
 * `npx` users, whose Node would read --env-file itself), else ./.env. Issue 50. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { helpText } from '../../src/config/commands.js';
import { inputFor, resolveCommand } from '../../src/config/resolve.js';
import { CATALOGS } from '../../src/checks/catalogs.js';

const dir = mkdtempSync(join(tmpdir(), 'tsiws-env-file-'));
const envFile = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const fromVariable = envFile('variable.env', 'TSIWS_RUNS=7\n');
const fromFlag = envFile('flag.env', 'TSIWS_RUNS=9\n');

const resolved = (flags: Record<string, string>, env: Record<string, string>, warn?: (line: string) => void) =>
  resolveCommand('run', inputFor(flags, env, CATALOGS, warn));

test('TSIWS_ENV_FILE names the .env file read, with no warning about the variable itself', () => {
  const warnings: string[] = [];
  expect(resolved({}, { TSIWS_ENV_FILE: fromVariable }, (l) => warnings.push(l)).runs).toBe(7);
  expect(warnings).toEqual([]);
});

test('--env-file wins over TSIWS_ENV_FILE; with neither, ./.env (here none) and the default', () => {
  expect(resolved({ 'env-file': fromFlag }, { TSIWS_ENV_FILE: fromVariable }).runs).toBe(9);
  expect(inputFor({}, {}, CATALOGS)).toMatchObject({ envFile: '.env', envFileExplicit: false });
});

test('a missing file is an error naming what named it', () => {
  const missing = join(dir, 'missing.env');
  expect(() => resolved({}, { TSIWS_ENV_FILE: missing })).toThrow(`TSIWS_ENV_FILE: ${missing} does not exist; give the path of an existing .env file`);
  expect(() => resolved({ 'env-file': missing }, {})).toThrow(`--env-file: ${missing} does not exist; give the path of an existing .env file`);
});

test('--help shows the variable beside the flag', () => {
  expect(helpText('run')).toMatch(/^ {2}--env-file +\.env file to read \[default: \.env\] \[env: TSIWS_ENV_FILE\]$/m);
});
