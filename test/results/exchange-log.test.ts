/** records.jsonl read back: whole (merge-reports) and as a source junit.xml reads twice without
 * holding the records (exchange-log.ts). */
import fc from 'fast-check';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { junitChunks, junitXml } from '../../src/report/foreign/junit.js';
import { openExchangeLog, readExchangeLog, EXCHANGE_LOG_FILE, exchangeLogSource } from '../../src/results/exchange-log.js';
import type { ExchangeRecord } from '../../src/results/record.js';
import { MIXED_RECORDS, MIXED_RUN } from '../support/records.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function written(records: readonly ExchangeRecord[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'tsiws-records-'));
  dirs.push(dir);
  const stream = openExchangeLog(dir);
  for (const r of records) stream.write(r);
  stream.close();
  return dir;
}

// Many copies (testcase labels shared, so names get case ids and counters) and one answer longer
// than the 1 MiB read block, so lines cross blocks and one spans several.
const big: ExchangeRecord = { ...MIXED_RECORDS[0]!, caseId: 'big', response: { ...MIXED_RECORDS[0]!.response!, body: `<x>${'é'.repeat(1_500_000)}</x>` } };
const many = [...Array.from({ length: 300 }, () => MIXED_RECORDS).flat(), big, ...MIXED_RECORDS];
const roundTripped = JSON.parse(JSON.stringify(many)) as ExchangeRecord[];

test('readExchangeLog gives back every record written, in order', () => {
  expect(readExchangeLog(written(many))).toEqual(roundTripped);
});

test('junit.xml written from records.jsonl read back is the document written from the records held', () => {
  const dir = written(many);
  expect([...junitChunks(exchangeLogSource(dir), MIXED_RUN)].join('')).toBe(junitXml(roundTripped, MIXED_RUN));
});

test('a damaged line is named with its number, read whole or as a source', () => {
  const dir = written(MIXED_RECORDS.slice(0, 2));
  appendFileSync(join(dir, EXCHANGE_LOG_FILE), '{"operation": \n');
  expect(() => readExchangeLog(dir)).toThrow(/records\.jsonl line 3 is not JSON .*re-run that shard/);
  expect(() => [...exchangeLogSource(dir).records()]).toThrow(/line 3 is not JSON/);
});

// at() reads runs of nearby lines at once (readEnd): whatever the lines asked for, in whatever
// order, with gaps or repeats, and lines longer than a read block, each comes back as it was written.
test('a source gives back the records at any positions, in the order asked', () => {
  const dir = written(many);
  const source = exchangeLogSource(dir);
  expect([...source.records()].length).toBe(roundTripped.length);
  const position = fc.integer({ min: 0, max: roundTripped.length - 1 });
  const asked = fc.oneof(
    fc.array(position, { maxLength: 60 }),
    fc.uniqueArray(position, { maxLength: 200 }).map((p) => p.sort((a, b) => a - b)),
    fc.tuple(position, fc.integer({ min: 1, max: 40 })).map(([from, n]) => Array.from({ length: n }, (_, i) => Math.min(roundTripped.length - 1, from + i))),
  );
  fc.assert(fc.property(asked, (indexes) => {
    expect([...source.at(indexes)]).toEqual(indexes.map((i) => roundTripped[i]));
  }), { numRuns: 60 });
  // The long line and its neighbours, in one run and backwards.
  const bigAt = roundTripped.findIndex((r) => r.caseId === 'big');
  const around = [bigAt - 2, bigAt - 1, bigAt, bigAt + 1, bigAt + 2];
  expect([...source.at(around)]).toEqual(around.map((i) => roundTripped[i]));
  expect([...source.at([...around].reverse())]).toEqual([...around].reverse().map((i) => roundTripped[i]));
});

test('lines copied in as bytes (a worker\'s handover, big and small), with texts between them, read back as the same records in order', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tsiws-records-'));
  dirs.push(dir);
  const log = openExchangeLog(dir);
  const big = { ...MIXED_RECORDS[0]!, caseId: 'big', note: 'x'.repeat(300 * 1024) } as ExchangeRecord;
  log.writeLines(Buffer.from(`${JSON.stringify(MIXED_RECORDS[0])}\n${JSON.stringify(MIXED_RECORDS[1])}\n`));
  log.writeText(JSON.stringify(MIXED_RECORDS[2]));
  log.writeLines(Buffer.from(`${JSON.stringify(big)}\n`));
  log.flush();
  expect(readExchangeLog(dir).map((r) => r.caseId)).toEqual([MIXED_RECORDS[0]!.caseId, MIXED_RECORDS[1]!.caseId, MIXED_RECORDS[2]!.caseId, 'big']);
  log.write(MIXED_RECORDS[3]!);
  log.close();
  expect(readExchangeLog(dir)).toEqual([MIXED_RECORDS[0], MIXED_RECORDS[1], MIXED_RECORDS[2], big, MIXED_RECORDS[3]]);
});

test('lines of only white space are passed over alike when read whole, as a source, and by position before any read', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tsiws-records-'));
  dirs.push(dir);
  const [a, b, c] = MIXED_RECORDS as [ExchangeRecord, ExchangeRecord, ExchangeRecord];
  appendFileSync(join(dir, EXCHANGE_LOG_FILE), `${JSON.stringify(a)}\n \t\r\n\n${JSON.stringify(b)}\n  \n${JSON.stringify(c)}`);
  expect(readExchangeLog(dir)).toEqual([a, b, c]);
  expect([...exchangeLogSource(dir).at([2, 1])]).toEqual([c, b]);
  const source = exchangeLogSource(dir);
  expect([...source.records()]).toEqual([a, b, c]);
  expect([...source.at([0, 2])]).toEqual([a, c]);
});

test('records appended after a pass are found by position without the pass being made again, a last line without its newline read again whole', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tsiws-records-'));
  dirs.push(dir);
  const path = join(dir, EXCHANGE_LOG_FILE);
  const [a, b, c, d] = MIXED_RECORDS as [ExchangeRecord, ExchangeRecord, ExchangeRecord, ExchangeRecord];
  appendFileSync(path, `${JSON.stringify(a)}\n\n${JSON.stringify(b)}\n`);
  const source = exchangeLogSource(dir);
  expect([...source.records()]).toEqual([a, b]);
  // A run's verdicts made over the whole run come after its digest read the log.
  appendFileSync(path, `  \n${JSON.stringify(c)}\n`);
  expect([...source.at([2, 0])]).toEqual([c, a]);
  expect([...source.at([3])]).toEqual([]);
  // A line cut short (an interrupted write) that is finished later is read whole.
  const text = JSON.stringify(d);
  appendFileSync(path, text.slice(0, 10));
  expect([...source.at([0])]).toEqual([a]);
  expect(() => [...source.at([3])]).toThrow(/line 6 is not JSON/);
  appendFileSync(path, `${text.slice(10)}\n`);
  expect([...source.at([3, 1])]).toEqual([d, b]);
});
