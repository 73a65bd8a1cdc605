/** The CI recipes of docs/ci.md are valid YAML and do what the text promises: secrets from the CI's
 * store as TSIWS_* variables the tool knows, reports kept as artefacts even when the run fails. */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { parse } from 'yaml';
import { SETTINGS } from '../../src/config/settings.js';

const page = readFileSync(new URL('../../docs/ci.md', import.meta.url), 'utf8');
const blocks = [...page.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => parse(m[1]!, { strict: true, uniqueKeys: true }));
const known = new Set(SETTINGS.map((s) => s.env));

const [actionRecipe, ...manual] = blocks;

test('docs/ci.md has the action\'s recipe, a GitHub Actions and a GitLab CI recipe and a sharded matrix, all valid YAML', () => {
  expect(blocks).toHaveLength(4);
  expect(manual[0].jobs.conformance.steps).toBeInstanceOf(Array);
  expect(manual[1]['tsiws-conformance'].script).toBeInstanceOf(Array);
});

test('the action: two steps, secrets from env as TSIWS_* variables, the reports folder it names uploaded even on failure', () => {
  const steps = actionRecipe.jobs.conformance.steps as Array<Record<string, any>>;
  const action = steps.find((s) => /\/tsiws-conformance@v1$/.test(String(s.uses)))!;
  expect(action.id).toBeDefined();
  for (const name of Object.keys(action.env)) expect(known, name).toContain(name);
  expect(action.env.TSIWS_SIG).toMatch(/^\$\{\{ secrets\.TSIWS_SIG \}\}$/);
  expect(JSON.stringify(action.with)).not.toMatch(/secrets\./);
  const upload = steps.find((s) => String(s.uses).startsWith('actions/upload-artifact@'))!;
  expect(upload.if).toBe('always()');
  expect(upload.with.path).toBe(`\${{ steps.${action.id}.outputs.reports }}`);
});

test('GitHub Actions: staging URL and secrets as TSIWS_* variables; reports uploaded even on failure', () => {
  const steps = manual[0].jobs.conformance.steps as Array<Record<string, any>>;
  const run = steps.find((s) => String(s.run).includes('tsiws-conform run'))!;
  expect(run.run).toMatch(/^npx tsiws-conform run\b/);
  for (const name of Object.keys(run.env)) expect(known, name).toContain(name);
  expect(run.env.TSIWS_BASE_URL).toMatch(/^\$\{\{ vars\.\w+ \}\}$/);
  expect(run.env.TSIWS_SIG).toMatch(/^\$\{\{ secrets\.TSIWS_SIG \}\}$/);
  const upload = steps.find((s) => String(s.uses).startsWith('actions/upload-artifact@'))!;
  expect(upload.if).toBe('always()');
  expect(upload.with.path.split('\n')).toEqual(expect.arrayContaining(['reports/junit.xml', 'reports/report.html', 'reports/certificate.json']));
});

test('GitLab CI: TSIWS_* variables, junit.xml as a test report, artefacts kept when the job fails', () => {
  const job = manual[1]['tsiws-conformance'];
  for (const name of Object.keys(job.variables)) expect(known, name).toContain(name);
  expect(job.script).toContain('npx tsiws-conform run');
  expect(job.artifacts).toMatchObject({ when: 'always', paths: ['reports/'], reports: { junit: 'reports/junit.xml' } });
});

test('the sharded matrix: every shard runs its part with one seed, and a merge job joins them all', () => {
  const { conform, merge } = manual[2].jobs;
  const shards = conform.strategy.matrix.shard as number[];
  const run = (conform.steps as Array<Record<string, any>>).find((s) => String(s.run).includes('tsiws-conform run'))!;
  expect(run.run).toMatch(/--seed \$\{\{ github\.run_number \}\} --shard \$\{\{ matrix\.shard \}\}\/4 /);
  expect(shards).toEqual([1, 2, 3, 4]);
  const joined = (merge.steps as Array<Record<string, any>>).find((s) => String(s.run).includes('merge-reports'))!;
  expect(joined.run).toBe(`npx tsiws-conform merge-reports ${shards.map((i) => `reports-${i}`).join(' ')} --reports-dir reports`);
});
