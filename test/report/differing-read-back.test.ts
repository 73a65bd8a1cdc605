/** The parity records whose transports differed are not held by the run's digest (a difference ASMX
 * is known for recurs in every repetition): parity.json and report.html read them back from
 * records.jsonl by their positions, and say the same as when written from the records held. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { digestOf, RunDigest } from '../../src/report/digest/digest.js';
import { reportHtml } from '../../src/report/html/page.js';
import { parityJson } from '../../src/report/formats/parity-json.js';
import { heldRecords, openExchangeLog, EXCHANGE_LOG_FILE, exchangeLogSource } from '../../src/results/exchange-log.js';
import type { RunInfo } from '../../src/report/digest/summary.js';
import { writeReports } from '../../src/report/write.js';
import type { ExchangeRecord } from '../../src/results/record.js';
import { MIXED_RECORDS, MIXED_RUN } from '../support/records.js';

const passing = MIXED_RECORDS[0]!;
const parity = (caseId: string, inherent: boolean): ExchangeRecord => ({
  ...passing, operation: 'MobileAccountSearch', transport: 'parity', kind: 'parity', caseId, checks: [{ id: 'transport-parity', status: inherent ? 'passed' : 'failed' }],
  parity: {
    outcomes: [{ transport: 'soap11', status: 200, outcome: 'result', text: 'a'.repeat(900), curl: `curl soap11 ${caseId}` }, { transport: 'get', status: 500, outcome: 'fault', text: 'b', curl: `curl get ${caseId}` }],
    rules: [], differences: [{ transport: 'get', reference: 'soap11', class: 'rejection', detail: `detail ${caseId}`, ...(inherent ? { inherent: { id: 'x', evidence: 'e' } } : {}) }],
  },
} as ExchangeRecord);
const RECORDS = JSON.parse(JSON.stringify([...MIXED_RECORDS, parity('d1', false), { ...passing, caseId: 'p2' }, parity('d2', true)])) as ExchangeRecord[];
const RUN: RunInfo = { ...MIXED_RUN, toolErrors: [], configuration: { profile: 'asmx', operations: ['MobileGetEmployee', 'MobileSaveNote', 'MobileGetCompany'], transports: ['soap11', 'soap12', 'get', 'post'] } };

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

test('parity.json and report.html from records.jsonl: the differing records read back, the same files as from the records held', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tsiws-differing-'));
  dirs.push(dir);
  const stream = openExchangeLog(dir);
  const digest = new RunDigest('error');
  for (const r of RECORDS) {
    stream.write(r);
    digest.add(r);
  }
  stream.close();
  expect(digest.kept.map((r) => r.caseId)).not.toContain('d2');
  writeReports(dir, digest, RUN, [EXCHANGE_LOG_FILE]);
  const written = readFileSync(join(dir, 'parity.json'), 'utf8');
  expect((JSON.parse(written) as { differing: Array<{ caseId: string }> }).differing.map((d) => d.caseId)).toEqual(['d1', 'd2']);
  expect(written).toBe(parityJson(RECORDS, RUN));
  const html = readFileSync(join(dir, 'report.html'), 'utf8');
  expect(html).toBe(reportHtml(RECORDS, RUN));
  expect(html).toContain('curl get d2');
});

test('a digest holding differing records only by position is reported with their source, or not at all', () => {
  const digest = digestOf(RECORDS, 'error');
  expect(() => reportHtml(digest, RUN)).toThrow(/needs the records it was made from/);
  expect(reportHtml(digest, RUN, heldRecords(RECORDS))).toBe(reportHtml(RECORDS, RUN));
});

test('a source finds its lines itself when at() comes first, and passes over a position it does not hold', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tsiws-differing-'));
  dirs.push(dir);
  const stream = openExchangeLog(dir);
  for (const r of RECORDS) stream.write(r);
  stream.close();
  expect([...exchangeLogSource(dir).at([2, 0, RECORDS.length])]).toEqual([RECORDS[2], RECORDS[0]]);
  expect([...heldRecords(RECORDS).at([1, RECORDS.length])]).toEqual([RECORDS[1]]);
});
