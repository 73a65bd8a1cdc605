/** merge-reports and compare with runs given --reference-url: the merged run's verdicts against the
 * reference are made again from every shard's exchanges (noise learned in one shard excuses a field
 * in another), never the shards' own; compare shows both runs' reference counts. In process, from
 * shard folders written by hand. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import mergeReports from '../../src/cli/merge-reports.js';
import { compareReports, formatComparison } from '../../src/regression/compare-reports.js';
import type { ExchangeRecord } from '../../src/results/record.js';
import { compared, REFERENCE_RUN, referenceRecordsOf } from '../support/reference-records.js';

const root = mkdtempSync(join(tmpdir(), 'reference-merge-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function shard(index: number, exchanges: ExchangeRecord[]): string {
  const dir = join(root, `shard-${index}`);
  const run = { ...REFERENCE_RUN, configuration: { ...REFERENCE_RUN.configuration, shard: { index, count: 2 }, reportsDir: dir } };
  // Each shard's own verdicts, judged on its own noise only.
  const records = [...exchanges, ...referenceRecordsOf(exchanges)];
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'results.json'), JSON.stringify({ run }));
  writeFileSync(join(dir, 'records.jsonl'), records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return dir;
}

test('merge-reports makes the reference verdicts again over all shards: noise learned in one excuses the field in the other', async () => {
  // Shard 1 saw $.modified differ but learned no noise; shard 2's reference differed in it.
  const one = shard(1, [compared({ caseId: 'search-1', differences: [{ field: '$.modified', reference: '10:00', candidate: '10:01' }] })]);
  const two = shard(2, [compared({ caseId: 'search-2', transport: 'get', noise: ['$.modified'] })]);
  expect(referenceRecordsOf([compared({ caseId: 'search-1', differences: [{ field: '$.modified', reference: '10:00', candidate: '10:01' }] })])[0]!.checks[0]!.status).toBe('failed');
  const out = join(root, 'merged');
  const lines: string[] = [];
  const code = await mergeReports([one, two, '--reports-dir', out], { out: (l) => lines.push(l), err: (l) => lines.push(l), env: {} });
  const records = readFileSync(join(out, 'records.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as ExchangeRecord);
  const verdicts = records.filter((r) => r.kind === 'reference');
  expect(verdicts.map((r) => [r.caseId, r.checks[0]!.status, r.referenceSummary!.noise])).toEqual([
    ['reference MobileAccountSearch soap11', 'passed', 1],
    ['reference MobileAccountSearch get', 'passed', 0],
  ]);
  expect(code).toBe(0);
  const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'));
  expect(results.summary.reference).toEqual({ url: 'http://reference', compared: 2, same: 1, noise: 1, different: 0 });
});

test('compare shows the reference counts of both runs', () => {
  const counts = (different: number) => ({ url: 'http://reference', compared: 6, same: 4 - different, noise: 2, different });
  const c = compareReports({ failures: [], summary: { reference: counts(0) } }, { failures: [], summary: { reference: counts(2) } });
  expect(formatComparison(c).split('\n')).toContain('Reference: old run 6 compared with http://reference: 4 same, 2 noise, 0 different; new run 6 compared with http://reference: 2 same, 2 noise, 2 different');
  expect(formatComparison(compareReports({ failures: [] }, { failures: [], summary: { reference: counts(0) } }))).toContain('Reference: old run no reference; new run 6 compared');
  expect(compareReports({ failures: [] }, { failures: [] })).not.toHaveProperty('reference');
  // A hand-edited summary.reference is no reference, not a crash.
  expect(compareReports({ failures: [], summary: { reference: 'x' as never } }, { failures: [] })).not.toHaveProperty('reference');
});
