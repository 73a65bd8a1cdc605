/** Bad input to the regression commands: exit 2 and a message naming what to fix (in process:
 * the error is raised before any run starts). */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { main } from '../../src/cli/main.js';

const dir = mkdtempSync(join(tmpdir(), 'tsiws-usage-'));

test.each([
  [['run', '--baseline', join(dir, 'none')], `tsiws-conform: --baseline: ${join(dir, 'none', 'manifest.json')} does not exist; record one with: tsiws-conform run --record DIR`],
  [['run', '--record', dir, '--reports', dir], `tsiws-conform: --record ${dir} is the --reports folder; give the baseline its own folder`],
  [['compare', dir], 'tsiws-conform: compare: give two report folders, OLD_REPORTS NEW_REPORTS (got 1); see tsiws-conform compare --help'],
  [['compare', dir, join(dir, 'x')], `tsiws-conform: compare: old report folder ${dir} has no results.json; give a folder written by tsiws-conform run (its --reports)`],
])('%j exits 2 naming what to fix', async (argv, message) => {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l), env: {} });
  expect(code).toBe(2);
  expect(err).toEqual([message]);
});
