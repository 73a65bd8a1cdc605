/** Issue 60, item 1: the GitHub Action's entry, run with the environment a runner gives a step
 * (INPUT_*, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, GITHUB_ACTIONS=true), against the stateful
 * reference server and against a mutant: the outputs, the summary and the exit code. */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/server/server.js';
import { afterOutput, BIN, cliInProcess, runCliProcess } from '../support/cli.js';

/** GITHUB_OUTPUT's heredoc form read back as a runner reads it. */
function readOutputs(file: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = readFileSync(file, 'utf8').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^([\w-]+)<<(.+)$/.exec(lines[i]!);
    if (!m) continue;
    const value: string[] = [];
    while (lines[++i] !== m[2]) value.push(lines[i]!);
    out[m[1]!] = value.join('\n');
  }
  return out;
}

function runnerEnv(inputs: Record<string, string>): { env: Record<string, string>; outputFile: string; summaryFile: string; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'tsiws-action-'));
  const outputFile = join(dir, 'github-output');
  const summaryFile = join(dir, 'step-summary.md');
  writeFileSync(outputFile, '');
  writeFileSync(summaryFile, '');
  writeFileSync(join(dir, '.env'), '');
  const env: Record<string, string> = { GITHUB_ACTIONS: 'true', GITHUB_OUTPUT: outputFile, GITHUB_STEP_SUMMARY: summaryFile, GITHUB_WORKSPACE: dir, 'INPUT_REPORTS': join(dir, 'reports') };
  // As a runner gives a JavaScript action its inputs: upper case, hyphen kept.
  for (const [k, v] of Object.entries(inputs)) env[`INPUT_${k.toUpperCase()}`] = v;
  env['INPUT_ARGS'] = `${inputs['args'] ?? ''} --env-file ${join(dir, '.env')} --max-string-length 300`;
  return { env, outputFile, summaryFile, dir };
}

describe('the entry under a runner', () => {
  let stateful: ReferenceServer;
  let mutant: ReferenceServer;
  beforeAll(async () => {
    [stateful, mutant] = await Promise.all([startReferenceServer({ stateful: true }), startReferenceServer({ mutant: 'accept-bad-int' })]);
  });
  afterAll(async () => {
    await Promise.all([stateful.close(), mutant.close()]);
  });

  test('against the stateful reference server, as its own node process: verdict=conforms, exit-code=0', async () => {
    const { env, outputFile, summaryFile, dir } = runnerEnv({ 'base-url': stateful.url, 'allow-mutations': 'true', args: '--runs 1' });
    const r = await runCliProcess(['action'], env);
    expect(r.code, r.stderr).toBe(0);
    const outputs = readOutputs(outputFile);
    expect(outputs).toMatchObject({ verdict: 'conforms', 'exit-code': '0', errors: '0', reports: join(dir, 'reports') });
    expect(readFileSync(summaryFile, 'utf8')).toMatch(/Verdict: conforms/);
    expect(JSON.parse(readFileSync(join(dir, 'reports', 'results.json'), 'utf8')).summary.verdict).toBe('conforms');
  }, 180_000);

  test('a config file\'s named target chosen by the target input, a mutant there: does-not-conform, exit-code=1, the failing check in the summary', async () => {
    const { env, outputFile, summaryFile, dir } = runnerEnv({ target: 'mutant' });
    mkdirSync(join(dir, 'ci'));
    env['INPUT_CONFIG'] = join(dir, 'ci', 'tsiws.config.json');
    writeFileSync(join(dir, 'ci', 'tsiws.config.json'), JSON.stringify({
      targets: {
        clean: { 'base-url': stateful.url },
        mutant: { 'base-url': mutant.url, 'allow-mutations': true, suites: ['positive', 'negative'], runs: 1, operations: ['MobileDispatchUpdate'] },
      },
    }));
    const r = await runCliProcess(['action'], env);
    expect(r.code, r.stderr).toBe(1);
    const outputs = readOutputs(outputFile);
    expect(outputs).toMatchObject({ verdict: 'does-not-conform', 'exit-code': '1' });
    expect(Number(outputs['errors'])).toBeGreaterThan(0);
    const summary = readFileSync(summaryFile, 'utf8');
    expect(summary).toMatch(/rejects-invalid-input/);
    expect(summary).toContain(mutant.url);
  }, 120_000);

  test('a refused input: exit 2, outputs still written (verdict not-run), no run', async () => {
    const { env, outputFile } = runnerEnv({ 'base-url': mutant.url, args: '--sig s3cret' });
    const r = await cliInProcess(['action'], env);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--sig is a secret/);
    expect(r.stderr).not.toContain('s3cret');
    expect(readOutputs(outputFile)).toMatchObject({ verdict: 'not-run', 'exit-code': '2' });
  });

  test('a cancelled job: SIGTERM to the step\'s process reaches the run, which writes its reports; outputs say 143', async () => {
    const { env, outputFile, dir } = runnerEnv({ args: '--operations MobileTasksList,MobileAccountSearch --runs 5000' });
    const child = spawn(process.execPath, ['--', BIN, 'action'], { cwd: dir, env: { PATH: process.env['PATH'] ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await afterOutput(() => out, '\nprogress: ', 300);
    child.kill('SIGTERM');
    expect(await exited, out).toBe(143);
    expect(JSON.parse(readFileSync(join(dir, 'reports', 'results.json'), 'utf8')).run.incomplete.reason).toBe('interrupted by SIGTERM');
    expect(readOutputs(outputFile)).toMatchObject({ 'exit-code': '143', verdict: 'conforms-partially' });
  }, 120_000);
});

