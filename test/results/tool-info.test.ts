import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { toolInfo, toolRoot } from '../../src/results/tool-info.js';

test('the tool\'s folder is the one with its package.json, and its name and version are read there', () => {
  expect(fileURLToPath(toolRoot())).toBe(fileURLToPath(new URL('../../', import.meta.url)));
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { name: string; version: string };
  expect(toolInfo()).toEqual({ name: pkg.name, version: pkg.version });
});
