/** The config file's JSON Schema ships in the package (schema/, package.json "files"), is generated
 * from the settings table (npm run docs), and the example config conforms to it. */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { configSchema, configSchemaText, FILE_SETTINGS, SCHEMA_FILE } from '../../src/config/config-schema.js';
import { SETTINGS } from '../../src/config/settings.js';
import { REPO } from '../support/cli.js';

test(`${SCHEMA_FILE} is the one generated from the settings table (npm run docs rewrites it)`, () => {
  expect(readFileSync(join(REPO, SCHEMA_FILE), 'utf8')).toBe(configSchemaText());
});

test('every setting of run is a key of the file and of each target, by its flag name', () => {
  const schema = configSchema() as { properties: Record<string, unknown>; definitions: { target: { properties: Record<string, unknown> } } };
  const runFlags = SETTINGS.filter((s) => (s.commands as readonly string[]).includes('run')).map((s) => s.flag);
  // --waivers FILE is the one setting whose key holds the entries themselves in the file (a section).
  expect(FILE_SETTINGS.map((s) => s.flag)).toEqual(runFlags.filter((f) => f !== 'waivers'));
  expect((schema.properties['waivers'] as { items: unknown }).items).toEqual({ $ref: '#/definitions/waiver' });
  for (const flag of runFlags) expect([flag, flag in schema.properties, flag in schema.definitions.target.properties]).toEqual([flag, true, true]);
});

test('the package ships the schema', () => {
  const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { files: string[] };
  expect(pkg.files).toContain(`${SCHEMA_FILE.split('/')[0]}/`);
});

// As a user's editor or CI would check it: plain node and ajv, none of this project's code.
const VALIDATE = `
const Ajv = require('ajv');
const fs = require('node:fs');
const validate = new Ajv({ allErrors: true, strict: true }).compile(JSON.parse(fs.readFileSync(process.argv[1], 'utf8')));
const ok = validate(JSON.parse(fs.readFileSync(process.argv[2], 'utf8')));
console.log(ok ? 'valid' : JSON.stringify(validate.errors));
process.exit(ok ? 0 : 1);`;

test('node -e with ajv: examples/tsiws.config.json conforms to the shipped schema, and a broken copy does not', () => {
  const run = (file: string) => {
    const done = spawnSync(process.execPath, ['-e', VALIDATE, join(REPO, SCHEMA_FILE), file], { cwd: REPO, encoding: 'utf8' });
    return [done.status, done.stdout.trim().slice(0, 80)];
  };
  expect(run(join(REPO, 'examples', 'tsiws.config.json'))).toEqual([0, 'valid']);
  expect(run(join(REPO, 'package.json'))).toEqual([1, '[{"instancePath":"","schemaPath":"#/additionalProperties","keyword":"additionalP']);
});
