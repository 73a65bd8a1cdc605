/** Issue 11 end to end: record a baseline, replay it against the same server and against a
 * release that changed one operation on one transport, and compare two report folders. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/server/server.js';
import { expectEveryAnswerSame } from '../support/replayed.js';
import { cliInProcess, runInProcess, type CliResult } from '../support/cli.js';

// Every command in process (the same main() the bin calls): a child process per call would cost
// seconds of start-up each, and nothing here depends on one.
const dir = mkdtempSync(join(tmpdir(), 'tsiws-regression-'));
const lines = (file: string) => readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
let clean: ReferenceServer;
let mutant: ReferenceServer;
beforeAll(async () => {
  clean = await startReferenceServer();
  mutant = await startReferenceServer({ mutant: 'truncate-contact-search-soap12' });
});
afterAll(async () => {
  await clean.close();
  await mutant.close();
});

describe('a baseline with every suite (one read-only and one deleting operation)', () => {
  const base = join(dir, 'all');
  let recorded: CliResult;
  beforeAll(async () => {
    recorded = await runInProcess(['run', '--seed', '5', '--operations', 'MobileOpportunitySummary,MobileContactEmailDelete', '--transports', 'soap11,soap12,get', '--runs', '3', '--record', base]);
  });

  test('records every case, every fuzz sample and every answer, and says it is complete', () => {
    expect(recorded.code).toBe(0);
    expect(recorded.stdout).toContain(`Baseline recorded in ${base} (replay with --baseline ${base})`);
    const manifest = JSON.parse(readFileSync(join(base, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ format: 'tsiws-baseline', formatVersion: 1, seed: 5, complete: true, target: 'embedded reference server' });
    const cases = lines(join(base, 'cases.jsonl'));
    const answers = lines(join(base, 'responses.jsonl'));
    // 3 runs x 2 operations: every sample, not only the one the fuzz suite reports.
    expect(cases.filter((c) => c.kind === 'fuzz')).toHaveLength(6);
    expect(cases.filter((c) => c.kind === 'positive').map((c) => c.id)).toEqual(expect.arrayContaining(['MobileOpportunitySummary-example', 'MobileContactEmailDelete-example']));
    expect(manifest.counts).toEqual({ cases: cases.length, responses: answers.length });
    // Every exchange of the run but the ?WSDL and parity records: one answer each.
    const verdicts = Object.keys(recorded.json('results.json').verdicts).filter((k) => !k.endsWith(' parity') && !k.endsWith(' wsdl'));
    const nonFuzz = answers.filter((a) => !/-fuzz-/.test(a.case));
    expect(nonFuzz.length + 2 * 3).toBe(verdicts.length);
    expect(answers.filter((a) => /-fuzz-/.test(a.case))).toHaveLength(6 * 3);
    expect(answers.filter((a) => a.outcome === 'error' || a.outcome === 'skipped')).toEqual([]);
    // Authentication is made again per request, never stored.
    expect(readFileSync(join(base, 'cases.jsonl'), 'utf8')).not.toMatch(/"(sig|timestamp|mobilekey)"/);
  });

  test('replayed against the same (embedded) server: every answer the same, exit 0', async () => {
    const r = await runInProcess(['run', '--baseline', base]);
    const answers = expectEveryAnswerSame(r, base);
    expect(r.text('junit.xml').match(/^check: matches-baseline$/gm)).toHaveLength(answers);
  });

  test('against another target the deleting operation is not sent without --allow-mutations, and is never counted the same', async () => {
    const r = await runInProcess(['run', '--baseline', base, '--base-url', clean.url]);
    expect(r.code).toBe(0);
    const deletes = lines(join(base, 'responses.jsonl')).filter((a) => a.case.startsWith('MobileContactEmailDelete')).length;
    const regression = r.json('regression.json');
    expect(regression.summary.notSent).toBe(deletes);
    expect(regression.summary.different).toBe(0);
    expect(r.text('junit.xml')).toContain('not sent: a create, update or delete operation');
  });
});

describe('a release that changed one operation on one transport', () => {
  const base = join(dir, 'small');
  let replayed: CliResult;
  // The recording run's reports stand for the current release's in compare.
  let same: CliResult;
  beforeAll(async () => {
    same = await runInProcess(['run', '--operations', 'MobileContactSearch,MobileAccountSearch', '--suites', 'positive,negative', '--record', base]);
    replayed = await runInProcess(['run', '--baseline', base, '--base-url', mutant.url]);
  });

  test('is found: exactly that difference, classified, and exit 1', () => {
    expect(same.code).toBe(0);
    expect(replayed.code).toBe(1);
    const regression = replayed.json('regression.json');
    expect(regression.summary.different).toBe(1);
    expect(regression.differences).toHaveLength(1);
    expect(regression.differences[0]).toMatchObject({
      caseId: 'MobileContactSearch-example', transport: 'soap12', class: 'truncation',
      detail: 'firstname: cut after 8 of 16 characters; lastname: cut after 8 of 15 characters; telephone: cut after 8 of 16 characters; email: cut after 8 of 12 characters',
      baseline: { outcome: 'result', status: 200 }, candidate: { outcome: 'result', status: 200 },
    });
    expect(replayed.stdout).toMatch(/^Regression: \d+ exchanges compared with the baseline in .*: \d+ same, 0 explained by normalisation rules, 1 differ \(truncation 1\), 0 not sent$/m);
    const failures = replayed.json('results.json').failures.filter((f: { check: string }) => f.check === 'matches-baseline');
    expect(failures.map((f: { caseId: string; transport: string; message: string }) => [f.caseId, f.transport, f.message.split(':').slice(0, 2).join(':')]))
      .toEqual([['MobileContactSearch-example', 'soap12', 'differs from the baseline: truncation']]);
    expect(replayed.text('junit.xml')).toMatch(/<failure message="matches-baseline: differs from the baseline: truncation: firstname: cut after 8/);
  });

  test('compare OLD NEW prints the checks that newly fail, and exits 1', async () => {
    const r = await cliInProcess(['compare', same.reports, replayed.reports]);
    expect(r.code).toBe(1);
    const block = r.stdout.split('\n');
    const start = block.findIndex((l) => l.startsWith('Newly failing checks'));
    expect(block[start]).toBe('Newly failing checks (2):');
    expect(block.slice(start + 1, start + 3).sort()).toEqual([
      expect.stringMatching(/^ {2}MobileContactSearch-example parity transport-parity: soap12 differs from soap11: truncation: /),
      expect.stringMatching(/^ {2}MobileContactSearch-example soap12 matches-baseline: differs from the baseline: truncation: /),
    ]);
    expect(r.stdout).toContain('Newly passing checks (0)\n');
    expect(r.stdout).toMatch(/^ {2}MobileContactSearch-example soap12: passed -> failed$/m);
    expect(r.stdout).toMatch(/^ {2}MobileContactSearch-example parity: passed -> failed$/m);
  });

  test('compare NEW OLD prints them as newly passing, and exits 0', async () => {
    const r = await cliInProcess(['compare', replayed.reports, same.reports]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Newly failing checks (0)\n');
    expect(r.stdout).toMatch(/^Newly passing checks \(2\):$/m);
    expect(r.stdout).toMatch(/^ {2}MobileContactSearch-example parity transport-parity: /m);
    expect(r.stdout).toMatch(/^ {2}MobileContactSearch-example soap12 matches-baseline: /m);
    expect(r.stdout).toMatch(/^ {2}MobileContactSearch-example soap12: failed -> passed$/m);
  });

  test('replay of its saved failure compares with the baseline again: reproduced on the release, gone on a fixed one', async () => {
    const file = join(replayed.reports, 'failures', 'MobileContactSearch-example-soap12.json');
    const still = await cliInProcess(['replay', file, '--base-url', mutant.url]);
    expect(still.code).toBe(1);
    expect(still.stdout).toContain('Reproduced: the same checks fire (matches-baseline).');
    const fixed = await cliInProcess(['replay', file, '--base-url', clean.url]);
    expect(fixed.code).toBe(0);
    expect(fixed.stdout).toContain('Not reproduced: every check passes now.');
  });
});
