/** Issue 60, item 4: junit.xml, results.json and parity.json list what they hold in report order
 * (operation as in the contract, transport, case, check: src/report/digest/report-order.ts), never in the
 * order the records arrived, which the workers' scheduling decides. The same records written in any
 * order of arrival give the same three files, byte for byte, read back from records.jsonl as a run
 * writes them. */
import fc from 'fast-check';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { operations } from '../../src/contract/index.js';
import { RunDigest } from '../../src/report/digest/digest.js';
import type { RunInfo } from '../../src/report/digest/summary.js';
import { writeReports } from '../../src/report/write.js';
import { EXCHANGE_LOG_FILE, openExchangeLog } from '../../src/results/exchange-log.js';
import type { ExchangeRecord } from '../../src/results/record.js';
import { MIXED_RECORDS, MIXED_RUN } from '../support/records.js';

const passing = MIXED_RECORDS[0]!;
const service = MIXED_RECORDS.find((r) => r.kind === 'service')!;
// Two operations in contract order, the second first alphabetically where the contract has it later.
const [first, second] = [operations[0]!.name, operations[1]!.name];

const exchange = (operation: string, transport: ExchangeRecord['transport'], caseId: string, failed: boolean): ExchangeRecord => ({
  ...passing, operation, transport, caseId,
  // Met first, an empty sonumber (case n2, first to arrive in RECORDS' order).
  values: { sonumber: caseId.endsWith('-n2') ? '' : '12' },
  checks: [{ id: 'http-status-200', status: 'passed' }, failed ? { id: 'content-type', status: 'failed', message: `wrong ${caseId}` } : { id: 'content-type', status: 'passed' }],
});
const differing = (operation: string, caseId: string): ExchangeRecord => ({
  ...passing, operation, transport: 'parity', kind: 'parity', caseId, checks: [{ id: 'transport-parity', status: 'passed' }],
  parity: { outcomes: [], rules: [], differences: [{ transport: 'get', reference: 'soap11', class: 'rejection', detail: `d ${caseId}`, inherent: { id: 'x', evidence: 'e' } }] },
});

const RECORDS: ExchangeRecord[] = [service];
for (const operation of [first, second]) {
  for (const caseId of [`${operation}-n2`, `${operation}-n10`, `${operation}-example`]) {
    for (const transport of ['soap11', 'soap12', 'get', 'post'] as const) RECORDS.push(exchange(operation, transport, caseId, caseId.endsWith('n10') && transport === 'get'));
    RECORDS.push(differing(operation, caseId));
  }
}
const RUN: RunInfo = { ...MIXED_RUN, toolErrors: [], configuration: { profile: 'asmx', operations: [first, second], transports: ['soap11', 'soap12', 'get', 'post'] } };
const FILES = ['junit.xml', 'results.json', 'parity.json'] as const;

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The three files as a run writes them from records that arrived in this order. */
function reportsOf(arrived: readonly ExchangeRecord[]): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'tsiws-order-'));
  dirs.push(dir);
  const log = openExchangeLog(dir);
  const digest = new RunDigest('error');
  for (const r of arrived) {
    log.write(r);
    digest.add(r);
  }
  log.close();
  writeReports(dir, digest, RUN, [EXCHANGE_LOG_FILE]);
  return FILES.map((name) => readFileSync(join(dir, name), 'utf8'));
}

const inOrder = reportsOf(RECORDS);

test('the three files are the same whatever order the records arrived in', () => {
  fc.assert(fc.property(fc.shuffledSubarray(RECORDS, { minLength: RECORDS.length }), (arrived) => {
    expect(reportsOf(arrived)).toEqual(inOrder);
  }), { seed: 60, numRuns: 8 });
  expect(reportsOf([...RECORDS].reverse())).toEqual(inOrder);
});

test('junit.xml: the service, then operations as in the contract; in each, transports as the matrix shows them, then cases, then checks', () => {
  const junit = reportsOf([...RECORDS].reverse())[0]!;
  expect([...junit.matchAll(/<testsuite name="([^"]+)"/g)].map((m) => m[1])).toEqual(['tsiWS', first, second]);
  const ofFirst = [...junit.matchAll(/<testcase classname="([^"]+)"[^>]*>[\s\S]*?check: ([^\n]+)\ncase: ([^\n]+)/g)]
    .filter((m) => m[1]!.startsWith(`${first}.`) && !m[1]!.endsWith('.parity'))
    .map((m) => `${m[1]!.slice(first.length + 1)} ${m[3]!.slice(first.length + 1)} ${m[2]}`);
  expect(ofFirst.slice(0, 7)).toEqual([
    'soap11 example http-status-200', 'soap11 example content-type', 'soap11 n2 http-status-200', 'soap11 n2 content-type',
    'soap11 n10 http-status-200', 'soap11 n10 content-type', 'soap12 example http-status-200',
  ]);
});

test('results.json: verdicts and coverage in report order; parity.json: the differing cases in report order', () => {
  const [, results, parity] = reportsOf([...RECORDS].reverse());
  const verdicts = Object.keys(JSON.parse(results!).verdicts as Record<string, string>);
  expect(verdicts[0]).toBe('wsdl wsdl');
  expect(verdicts.slice(1, 6)).toEqual([`${first}-example soap11`, `${first}-n2 soap11`, `${first}-n10 soap11`, `${first}-example soap12`, `${first}-n2 soap12`]);
  // The classes in VALUE_CLASSES' order, though an empty value came first.
  expect(Object.keys(JSON.parse(inOrder[1]!).coverage[first].params.sonumber.sent as Record<string, number>)).toEqual(['typical', 'empty', 'invalid']);
  expect((JSON.parse(parity!).differing as Array<{ caseId: string }>).map((d) => d.caseId)).toEqual(
    [first, second].flatMap((op) => [`${op}-example`, `${op}-n2`, `${op}-n10`]));
});
