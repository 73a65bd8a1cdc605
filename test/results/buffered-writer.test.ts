/** Texts and lines through the reused buffer reach the file as Buffer.from would encode them, in order. */
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { BufferedWriter, WRITE_BUFFER_BYTES } from '../../src/results/buffered-writer.js';

const encoded = (lines: readonly string[]) => Buffer.concat(lines.map((l) => Buffer.from(`${l}\n`)));

/** Each piece a line (`line`), or as it is (`write`) where `plain` says so. */
function written(lines: readonly string[], flushes: ReadonlySet<number> = new Set(), plain: (i: number) => boolean = () => false): { file: Buffer; bytes: number[]; pendingAtEnd: number } {
  const dir = mkdtempSync(join(tmpdir(), 'tsiws-lines-'));
  const fd = openSync(join(dir, 'x.jsonl'), 'w');
  try {
    const writer = new BufferedWriter(fd);
    const bytes = lines.map((line, i) => {
      const n = plain(i) ? writer.write(line) : writer.line(line);
      if (flushes.has(i)) writer.flush();
      return n;
    });
    const pendingAtEnd = writer.pending;
    writer.flush();
    return { file: readFileSync(join(dir, 'x.jsonl')), bytes, pendingAtEnd };
  } finally {
    closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
  }
}

test('any texts and lines, flushed anywhere: the file holds each, a line with its newline, UTF-8, in order, and each says its bytes', () => {
  const line = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 50 }), fc.constantFrom('', 'é'.repeat(40_000), 'x'.repeat(WRITE_BUFFER_BYTES + 5)));
  fc.assert(
    fc.property(fc.array(line, { maxLength: 40 }), fc.uniqueArray(fc.nat(40)), fc.uniqueArray(fc.nat(40)), (lines, flushAt, plainAt) => {
      const plain = (i: number) => plainAt.includes(i);
      const { file, bytes } = written(lines, new Set(flushAt), plain);
      const pieces = lines.map((l, i) => (plain(i) ? l : `${l}\n`));
      expect(file.equals(Buffer.concat(pieces.map((p) => Buffer.from(p))))).toBe(true);
      expect(bytes).toEqual(pieces.map((p) => Buffer.byteLength(p)));
    }),
    { numRuns: 60 },
  );
});

test('lines wait in the buffer until flush, unless the next one might not fit', () => {
  const small = ['{"a":1}', 'ü'];
  expect(written(small).pendingAtEnd).toBe(encoded(small).length);
  // Two lines of three-byte characters, each 60% of the buffer: the second cannot fit after the
  // first, so the first is written before it.
  const big = '€'.repeat(Math.floor(WRITE_BUFFER_BYTES / 5));
  const { file, pendingAtEnd } = written([big, big]);
  expect(pendingAtEnd).toBe(Buffer.byteLength(big) + 1);
  expect(file.equals(encoded([big, big]))).toBe(true);
  // Two of 30% each wait together.
  const half = '€'.repeat(Math.floor(WRITE_BUFFER_BYTES / 10));
  expect(written([half, half]).pendingAtEnd).toBe(2 * (Buffer.byteLength(half) + 1));
  // A line longer than the buffer is written at once, after what was waiting.
  const long = 'y'.repeat(WRITE_BUFFER_BYTES);
  const after = written(['first', long]);
  expect(after.pendingAtEnd).toBe(0);
  expect(after.file.equals(encoded(['first', long]))).toBe(true);
});
