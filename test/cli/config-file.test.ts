/** run --config FILE --target NAME (issue 60, item 2): the example's local target conforms against
 * the embedded server, and the report's configuration table says where each value came from; a
 * file that is not valid is exit 2, naming the JSON pointer of each problem. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { cliInProcess, REPO, runInProcess } from '../support/cli.js';

const EXAMPLE = join(REPO, 'examples', 'tsiws.config.json');

test('the example\'s local target conforms against the embedded server; the sources are in the reports', async () => {
  const run = await runInProcess(['run', '--config', EXAMPLE, '--target', 'local', '--seed', '3']);
  expect([run.code, run.stderr]).toEqual([0, '']);
  const { configuration, configurationSources: sources } = run.json('results.json').run;
  expect([configuration.runs, configuration.slaMs, configuration.operations.length]).toEqual([3, 2000, 4]);
  expect(sources.runs).toMatch(/(^|\/)examples\/tsiws\.config\.json#\/targets\/local\/runs$/);
  expect([sources.failOn.replace(/^.*examples\//, ''), sources.seed]).toEqual(['tsiws.config.json#/fail-on', '--seed']);
  expect(configuration.scoped).toEqual({ operations: { MobileDocumentUpload: { slaMs: 10000 } }, transports: { get: { slaMs: 5000 } } });
  // The configuration table: each value beside where it came from.
  const html = run.text('report.html');
  expect(html).toContain('<tr><td>seed</td><td><code>3</code></td><td>--seed</td></tr>');
  expect(html).toContain('<tr><td>concurrency</td><td><code>4</code></td><td>default</td></tr>');
  expect(html).toMatch(/<tr><td>runs<\/td><td><code>3<\/code><\/td><td>[^<]*examples\/tsiws\.config\.json#\/targets\/local\/runs<\/td><\/tr>/);
});

const broken = (config: unknown): string => {
  const file = join(mkdtempSync(join(tmpdir(), 'tsiws-config-')), 'tsiws.config.json');
  writeFileSync(file, JSON.stringify(config));
  return file;
};

test.each([
  ['an unknown key', { targets: { local: { 'base-uri': 'http://x' } } }, '/targets/local/base-uri: unknown key "base-uri"; did you mean "base-url"?'],
  ['a wrong type', { targets: { local: { runs: '3' } } }, '/targets/local/runs: expected a whole number, got a string'],
  ['a waiver without its reason', { targets: { local: { waivers: [{ check: 'content-type', expires: '2027-01-31' }] } } }, '/targets/local/waivers/0/reason: missing; it is required'],
  ['${UNSET}', { targets: { local: { sig: '${TSIWS_TEST_UNSET}' } } }, '/targets/local/sig: ${TSIWS_TEST_UNSET} is not set; set TSIWS_TEST_UNSET in the environment or in .env'],
] as const)('%s: exit 2, the pointer and what was expected', async (_, config, line) => {
  const file = broken(config);
  const run = await runInProcess(['run', '--config', file, '--target', 'local']);
  expect(run.code).toBe(2);
  expect(run.stderr).toBe(`tsiws-conform: ${file} is not valid (1 problem; see docs/cli.md, Config file):\n  ${line}\n`);
  // The reports say why, as for any bad usage.
  expect(run.json('results.json').run.failure.code).toBe('TSIWS_CONFIG');
});

test('a run refused for another reason writes the reports saying why where the config file puts them', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tsiws-config-'));
  writeFileSync(join(dir, 'tsiws.config.json'), JSON.stringify({ reports: 'out' }));
  writeFileSync(join(dir, '.env'), '');
  const run = await cliInProcess(['run', '--config', join(dir, 'tsiws.config.json'), '--timeout-ms', 'soon', '--env-file', join(dir, '.env')]);
  expect([run.code, run.stderr]).toEqual([2, 'tsiws-conform: --timeout-ms: expected a positive whole number, got "soon"\n']);
  expect(JSON.parse(readFileSync(join(dir, 'out', 'results.json'), 'utf8')).run.failure.code).toBe('TSIWS_CONFIG');
});
