/** merge-reports judges transport-reaches-service again over every shard's valid requests
 * (session/transport-reach.ts): a shard that saw SOAP 1.2 fail everywhere while another shard saw it
 * succeed is no finding of the merged run; the shards' own verdicts are left out. In process, from
 * shard folders written by hand. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import mergeReports from '../../src/cli/merge-reports.js';
import type { DataPathOutcome } from '../../src/results/data-path.js';
import type { ExchangeRecord } from '../../src/results/record.js';
import { TransportReachVerdicts } from '../../src/session/transport-reach.js';
import { MIXED_RUN } from '../support/records.js';

const root = mkdtempSync(join(tmpdir(), 'transport-reach-merge-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const positive = (transport: 'soap11' | 'soap12', outcome: DataPathOutcome, caseId: string): ExchangeRecord => ({
  operation: 'MobileAccountSearch', transport, caseId, kind: 'positive', dataPath: outcome, checks: [{ id: 'http-status-200', status: 'passed' }],
  request: { method: 'POST', url: 'http://candidate/api/rmm/tsiWS.asmx', headers: {}, curl: 'curl' },
  response: { status: outcome === 'success' ? 200 : 500, headers: {}, body: '', bodyBytes: 0, truncated: false, elapsedMs: 1 },
});

function shard(folder: string, index: number, exchanges: ExchangeRecord[]): string {
  const dir = join(root, folder, `shard-${index}`);
  const run = { ...MIXED_RUN, configuration: { ...MIXED_RUN.configuration, profile: 'asmx', operations: ['MobileAccountSearch'], transports: ['soap11', 'soap12'], shard: { index, count: 2 }, reportsDir: dir } };
  // Each shard's own verdicts, judged on its own exchanges only.
  const own = new TransportReachVerdicts({ checks: undefined, skipChecks: [] });
  for (const r of exchanges) own.add(r);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'results.json'), JSON.stringify({ run }));
  writeFileSync(join(dir, 'records.jsonl'), [...exchanges, ...own.records()].map((r) => JSON.stringify(r)).join('\n') + '\n');
  return dir;
}

async function merged(dirs: string[], name: string): Promise<ExchangeRecord[]> {
  const out = join(root, name);
  await mergeReports([...dirs, '--reports-dir', out], { out: () => {}, err: () => {}, env: {} });
  return readFileSync(join(out, 'records.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as ExchangeRecord);
}
const verdicts = (records: readonly ExchangeRecord[]) => records.filter((r) => r.checks.some((c) => c.id === 'transport-reaches-service')).map((r) => [r.caseId, r.checks[0]!.status]);

test('a shard\'s verdict is made again over all shards: SOAP 1.2 succeeded in the other', async () => {
  const one = shard('reached', 1, [positive('soap11', 'success', 'a-1'), positive('soap12', 'fault', 'a-1')]);
  const two = shard('reached', 2, [positive('soap11', 'success', 'a-2'), positive('soap12', 'success', 'a-2')]);
  expect(verdicts(readFileSync(join(one, 'records.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as ExchangeRecord))).toEqual([['tsiWS-soap12-reach', 'failed']]);
  expect(verdicts(await merged([one, two], 'merged-reached'))).toEqual([]);
});

test('a transport no shard reached is one finding of the merged run, once', async () => {
  const one = shard('unreached', 1, [positive('soap11', 'success', 'b-1'), positive('soap12', 'fault', 'b-1')]);
  const two = shard('unreached', 2, [positive('soap11', 'success', 'b-2'), positive('soap12', 'fault', 'b-2')]);
  expect(verdicts(await merged([one, two], 'merged-unreached'))).toEqual([['tsiWS-soap12-reach', 'failed']]);
});
