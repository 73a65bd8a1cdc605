/**
 * A real run with --checks-module: the user's check runs in the suites' workers beside the built-in
 * ones, its finding fails the run and is reported like a built-in one (results, JUnit, a failure
 * file), and `replay` of that file runs the user's check again.
 */
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { main, type Io } from '../../src/cli/main.js';
import { runCliProcess, type CliResult } from '../support/cli.js';

// A check that holds every result to something the reference echo never has: it fails on every valid request.
const MODULE = `export const checks = [{
  id: 'result-says-ok', description: 'The result text is OK', enforces: 'a house rule', scope: 'exchange', level: 'error',
  levelReason: 'house rule', appliesText: 'valid requests', applies: (ex) => ex.kind === 'positive',
  run: (ex) => { const d = ex.transport.decode({ namespace: ex.namespace }, ex.operation, ex.response);
    return d.kind === 'result' && d.text === 'OK' ? { status: 'passed' } : { status: 'failed', message: 'the result is not OK' }; },
}];\n`;

let run: CliResult;
let modulePath: string;
beforeAll(async () => {
  modulePath = join(mkdtempSync(join(tmpdir(), 'tsiws-checks-module-')), 'house-rules.mjs');
  writeFileSync(modulePath, MODULE);
  run = await runCliProcess(['run', '--checks-module', modulePath, '--operations', 'MobileContactSearch', '--transports', 'soap11,get', '--suites', 'positive', '--runs', '1']);
}, 180_000);

test('the user check runs in the workers and its finding fails the run, reported like a built-in one', () => {
  expect(run.code, run.stderr).toBe(1);
  const records = run.text('records.jsonl').trim().split('\n').map((l) => JSON.parse(l) as { checks: Array<{ id: string; status: string; message?: string }> });
  const outcomes = records.flatMap((r) => r.checks).filter((c) => c.id === 'result-says-ok');
  expect(outcomes.length).toBeGreaterThan(0);
  expect(outcomes.every((c) => c.status === 'failed' && c.message === 'the result is not OK')).toBe(true);
  expect(run.text('junit.xml')).toContain('result-says-ok');
  expect(JSON.stringify(run.json('results.json').failures)).toContain('result-says-ok');
});

test('replay of its failure file runs the user check again (the file names the module)', async () => {
  const dir = join(run.reports, 'failures');
  const file = join(dir, readdirSync(dir).find((f) => f.endsWith('.json'))!);
  const out: string[] = [];
  const io: Io = { out: (l) => out.push(l), err: (l) => out.push(l), env: {} };
  expect(await main(['replay', file], io)).toBe(1);
  expect(out.join('\n')).toContain('result-says-ok');
}, 60_000);
