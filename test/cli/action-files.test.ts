/** Issue 60, item 1: action.yml and the GitLab template say what the entry reads and writes: every
 * input reaches the entry, every output is one it writes, and both run the tool's own node process. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { ACTION_INPUTS, outputsOf } from '../../src/cli/action-inputs.js';
import { REPO } from '../support/cli.js';

const action = parse(readFileSync(join(REPO, 'action.yml'), 'utf8'));
const gitlab = parse(readFileSync(join(REPO, 'examples/ci/tsiws-conformance.gitlab-ci.yml'), 'utf8'));

describe('action.yml', () => {
  const run = action.runs.steps.find((s: { id?: string }) => s.id === 'run');
  test('its inputs are the entry\'s, each passed to the run step', () => {
    expect(Object.keys(action.inputs).sort()).toEqual([...ACTION_INPUTS].sort());
    for (const name of ACTION_INPUTS) expect(run.env[`INPUT_${name.toUpperCase().replace(/-/g, '_')}`]).toBe(`\${{ inputs.${name} }}`);
  });
  test('its outputs are the ones the entry writes', () => {
    expect(Object.keys(action.outputs).sort()).toEqual(Object.keys(outputsOf(0, 'r', undefined)).sort());
    for (const name of Object.keys(action.outputs)) expect(action.outputs[name].value).toBe(`\${{ steps.run.outputs.${name} }}`);
  });
  test('the step execs the tool\'s node process (a cancelled job\'s signal reaches the run), never npx', () => {
    expect(action.runs.using).toBe('composite');
    expect(run.run).toBe('exec node -- "$GITHUB_ACTION_PATH/bin/tsiws-conform.js" action');
    expect(JSON.stringify(action)).not.toMatch(/npx/);
  });
});

describe('the GitLab template', () => {
  test('one command, JUnit wired to the merge request, reports kept on failure', () => {
    const job = gitlab['tsiws-conformance'];
    expect(job.script).toEqual(['node -- .tsiws-conformance/bin/tsiws-conform.js run']);
    expect(job.artifacts.when).toBe('always');
    expect(job.artifacts.reports.junit).toBe('reports/junit.xml');
    expect(job.variables.TSIWS_REPORTS).toBe('$CI_PROJECT_DIR/reports');
  });
});
