/**
 * npm run docs: rewrites the generated blocks of README.md and docs/ (scripts/docs/pages.ts): the
 * flag and variable tables from the settings tables, the check table from the registry, and the
 * README's sample output from a short run; and the config file's JSON Schema (schema/, from the
 * settings table: src/config/config-schema.ts). The mutants block of docs/mutants.md is written by
 * `npm run mutants -- --write-docs`, which takes minutes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { replaceBlock } from './docs/blocks.js';
import { configSchemaText, SCHEMA_FILE } from '../src/config/config-schema.js';
import { GENERATED } from './docs/pages.js';

const repoFile = (file: string): string => fileURLToPath(new URL(`../${file}`, import.meta.url));

try {
  const schemaPath = repoFile(SCHEMA_FILE);
  const schemaBefore = (() => { try { return readFileSync(schemaPath, 'utf8'); } catch { return ''; } })();
  if (schemaBefore !== configSchemaText()) writeFileSync(schemaPath, configSchemaText());
  process.stdout.write(`${SCHEMA_FILE}: ${schemaBefore === configSchemaText() ? 'up to date' : 'rewritten'}\n`);
  for (const { file, name, generate } of GENERATED) {
    const path = repoFile(file);
    const before = readFileSync(path, 'utf8');
    const after = replaceBlock(before, name, await generate(), file);
    if (after !== before) writeFileSync(path, after);
    process.stdout.write(`${file} ${name}: ${after === before ? 'up to date' : 'rewritten'}\n`);
  }
} catch (err) {
  process.stderr.write(`npm run docs: ${(err as Error).message}\n`);
  process.exit(1);
}
