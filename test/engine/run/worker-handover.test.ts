/** Records leave the workers through files: what a test's metadata points to is read back whole. */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { HandoverReader, handoverDir, handOverRecords } from '../../../src/engine/run/worker-handover.js';
import { writeChunksAtomic } from '../../../src/results/write-atomic.js';
import { MIXED_RECORDS } from '../../support/records.js';

test('each test\'s records are read back exactly, in order, whatever was written between', () => {
  const reader = new HandoverReader(handoverDir());
  const first = handOverRecords(reader.dir, MIXED_RECORDS.slice(0, 2));
  const second = handOverRecords(reader.dir, MIXED_RECORDS.slice(2));
  // A secret-free record may hold any text: line breaks and non-ASCII inside a value stay in their line.
  const odd = { ...MIXED_RECORDS[0]!, values: { a: 'x\ny\u2028z é' } };
  const third = handOverRecords(reader.dir, [odd]);
  expect(second.offset).toBe(first.offset + first.bytes);
  expect(reader.read(second)).toEqual(MIXED_RECORDS.slice(2));
  expect(reader.read(first)).toEqual(MIXED_RECORDS.slice(0, 2));
  expect(reader.read(third)).toEqual([odd]);
  reader.close();
  expect(existsSync(reader.dir)).toBe(false);
  // A worker that reports after the run closed its reader is not an error: nobody is listening.
  expect(reader.read(first)).toEqual([]);
});

test('each record comes with its JSON text, what JSON.stringify gives (records.jsonl takes it as it is)', () => {
  const reader = new HandoverReader(handoverDir());
  const odd = { ...MIXED_RECORDS[0]!, values: { a: 'x\ny\u2028z é \ud800' } };
  const at = handOverRecords(reader.dir, [...MIXED_RECORDS, odd]);
  const read = reader.readWithText(at);
  expect(read.map((r) => r.record)).toEqual([...MIXED_RECORDS, odd]);
  for (const { record, text } of read) expect(text).toBe(JSON.stringify(record));
  reader.close();
});

test('a file written in chunks replaces the old one whole', () => {
  const dir = handoverDir();
  const path = join(dir, 'big.xml');
  writeFileSync(path, 'old');
  const chunks = Array.from({ length: 5000 }, (_, i) => `<testcase name="${i}"/>\n`);
  writeChunksAtomic(path, chunks);
  expect(readFileSync(path, 'utf8')).toBe(chunks.join(''));
  rmSync(dir, { recursive: true, force: true });
});

test('a test whose records are larger than the reader\'s buffer, and the small ones around it, are read back exactly', () => {
  const reader = new HandoverReader(handoverDir());
  const large = MIXED_RECORDS.map((r, i) => ({ ...r, values: { big: `${'ä'.repeat(300_000)}${i}` } }));
  const before = handOverRecords(reader.dir, MIXED_RECORDS.slice(0, 1));
  const big = handOverRecords(reader.dir, large);
  const after = handOverRecords(reader.dir, MIXED_RECORDS.slice(1));
  expect(big.bytes).toBeGreaterThan(1024 * 1024);
  expect(reader.read(before)).toEqual(MIXED_RECORDS.slice(0, 1));
  expect(reader.read(big)).toEqual(large);
  expect(reader.read(after)).toEqual(MIXED_RECORDS.slice(1));
  expect(reader.read(before)).toEqual(MIXED_RECORDS.slice(0, 1));
  reader.close();
});
