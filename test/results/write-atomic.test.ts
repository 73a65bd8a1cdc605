/** A report is replaced whole or not at all: a failure while it is made leaves the old file and no part. */
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { writeChunksAtomic } from '../../src/results/write-atomic.js';

test('chunks are written whole, and a failing chunk source leaves the old file and no temporary file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tsiws-atomic-'));
  const path = join(dir, 'junit.xml');
  writeChunksAtomic(path, ['<a>', 'x'.repeat(100_000), '</a>']);
  expect(readFileSync(path, 'utf8')).toBe(`<a>${'x'.repeat(100_000)}</a>`);
  writeFileSync(path, 'old');
  function* damaged() {
    yield 'x'.repeat(70_000);
    throw new Error('records.jsonl line 3 is not JSON');
  }
  expect(() => writeChunksAtomic(path, damaged())).toThrow(/line 3/);
  expect(readFileSync(path, 'utf8')).toBe('old');
  expect(readdirSync(dir)).toEqual(['junit.xml']);
  expect(existsSync(`${path}.${process.pid}.tmp`)).toBe(false);
});
