/** Issue 38 end to end, the baseline side: a `--record --repeat 2` baseline of a stamped stateful
 * server (servedAt and answerId differ on every answer) carries its own noise; replayed against a
 * fresh stamped server it matches (no matches-baseline failure, no parity failure), replayed
 * against a stateful mutant it does not. Narrow (two operations, two transports, the positive suite)
 * to cost seconds. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/server/server.js';
import { runInProcess, type CliResult } from '../support/cli.js';

const base = join(mkdtempSync(join(tmpdir(), 'tsiws-baseline-noise-')), 'baseline');
const NARROW = ['--operations', 'MobileAccountSearch,MobileContactEmailDelete', '--transports', 'soap11,soap12', '--suites', 'positive', '--allow-mutations'];
const stamped = (mutant?: string) => startReferenceServer({ stateful: true, stampResults: true, ...(mutant ? { mutant } : {}) });
const records = (r: CliResult) => readFileSync(join(r.reports, 'records.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));

let recording: ReferenceServer;
let fresh: ReferenceServer;
let mutant: ReferenceServer;
let recorded: CliResult;
beforeAll(async () => {
  [recording, fresh, mutant] = await Promise.all([stamped(), stamped(), stamped('stateful-control-char-raw')]);
  recorded = await runInProcess(['run', '--base-url', recording.url, ...NARROW, '--repeat', '2', '--record', base]);
});
afterAll(() => Promise.all([recording, fresh, mutant].map((s) => s.close())));

describe('a --repeat 2 baseline of a stamped stateful server', () => {
  test('the recording run itself rightly fails parity on the stamps (no noise is known to it)', () => {
    expect(recorded.code).toBe(1);
    expect(recorded.stdout).toMatch(/transport-parity: soap12 differs from soap11: other: servedAt: the texts differ; answerId: the texts differ/);
  });

  test('replayed against a fresh stamped server: exit 0, the stamps ignored as noise and said so', async () => {
    const r = await runInProcess(['run', '--base-url', fresh.url, '--baseline', base, '--allow-mutations']);
    expect(r.stdout).toMatch(/Regression: \d+ exchanges compared with the baseline .*: \d+ same, 0 explained by normalisation rules, 0 differ, 0 not sent/);
    expect(r.code).toBe(0);
    const all = records(r);
    expect(all.filter((x) => x.regression?.noise).map((x) => x.regression.noise)).toContainEqual(['$.servedAt', '$.answerId']);
    expect(all.filter((x) => x.kind === 'parity' && x.parity.noise).map((x) => x.parity.noise)).toContainEqual(['$.servedAt', '$.answerId']);
  });

  test('replayed against a mutant whose account searches answer another hotnote: exit 1, matches-baseline fails there', async () => {
    const r = await runInProcess(['run', '--base-url', mutant.url, '--baseline', base, '--allow-mutations']);
    expect(r.code).toBe(1);
    const failed = records(r).filter((x) => x.checks.some((c: { id: string; status: string }) => c.id === 'matches-baseline' && c.status === 'failed'));
    expect(failed.map((x) => x.caseId)).toContain('MobileAccountSearch-example');
    expect(failed.every((x) => x.operation === 'MobileAccountSearch')).toBe(true);
  });
});
