/** Bad input to the regression commands: exit 2 and a message naming what to fix (in process:
 * the error is raised before any run starts). */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { main } from '../../src/cli/main.js';
import { BaselineWriter } from '../../src/regression/baseline-writer.js';

const dir = mkdtempSync(join(tmpdir(), 'tsiws-usage-'));
const base = join(dir, 'base');
const writer = new BaselineWriter(base, { tool: { name: 't', version: '1' }, target: 'x', startedAt: '2026-01-01T00:00:00.000Z', seed: 1, settings: {} });
writer.add({ operation: 'MobileContactSearch', transport: 'get', caseId: 'MobileContactSearch-example', kind: 'positive', values: {}, request: { method: 'GET', url: '', headers: {}, curl: '' }, checks: [], response: { status: 200, headers: {}, body: '', bodyBytes: 0, truncated: false, elapsedMs: 1 }, result: { kind: 'result', text: 'x' } });
writer.close(true);

// A failed run writes reports saying why (docs/cli.md, Exit codes): into a folder of their own, so that
// they neither land in the working folder nor give the compare cases a results.json.
const reports = ['--reports', join(dir, 'reports')];
const own = join(dir, 'own');

test.each([
  [['run', '--baseline', join(dir, 'none'), ...reports], `tsiws-conform: --baseline: ${join(dir, 'none', 'manifest.json')} does not exist; record one with: tsiws-conform run --record DIR`],
  [['run', '--record', own, '--reports', own], `tsiws-conform: --record ${own} is the --reports folder; give the baseline its own folder`],
  [['run', '--baseline', base, '--transports', 'soap11', ...reports], `tsiws-conform: --baseline: ${base} has no recorded case for the selected --operations and --transports; widen them or record a baseline that covers them`],
  [['run', '--baseline', base, '--record', base, ...reports], `tsiws-conform: --record ${base} is the folder given to --baseline; record the new baseline in another folder`],
  [['compare', dir], 'tsiws-conform: compare: give two report folders, OLD_REPORTS NEW_REPORTS (got 1); see tsiws-conform compare --help'],
  [['compare', dir, join(dir, 'x')], `tsiws-conform: compare: old report folder ${dir} has no results.json; give a folder written by tsiws-conform run (its --reports)`],
])('%j exits 2 naming what to fix', async (argv, message) => {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l), env: {} });
  expect(code).toBe(2);
  expect(err).toEqual([message]);
});
