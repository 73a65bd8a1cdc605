/** A console write that fails silences that stream and nothing else (bin/console-stream.js); the
 * real bin with its pipe closed at once is test/cli/closed-console.test.ts (system tests). */
import { Writable } from 'node:stream';
import { expect, test } from 'vitest';
import { consoleStream } from '../../bin/console-stream.js';

/** A stream whose writes fail with `code` from the `failAt`-th on, as a pipe whose reader left. */
function failingStream(code: string, failAt: number) {
  const written: string[] = [];
  let calls = 0;
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      calls++;
      if (calls >= failAt) return done(Object.assign(new Error(`write ${code}`), { code }));
      written.push(chunk.toString());
      done();
    },
  });
  return { stream, written, calls: () => calls };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

test.each(['EPIPE', 'EBADF', 'EIO'])('%s: the failing write and every later one are dropped, nothing is thrown', async (code) => {
  const { stream, written, calls } = failingStream(code, 2);
  const out = consoleStream(stream);
  out.write('first\n');
  out.write('second\n');
  await settled();
  expect(out.open).toBe(false);
  for (let i = 0; i < 5; i++) out.write(`later ${i}\n`);
  await settled();
  expect(written).toEqual(['first\n']);
  expect(calls()).toBe(2);
});

test('a stream that does not fail gets every write', async () => {
  const { stream, written } = failingStream('EPIPE', Infinity);
  const out = consoleStream(stream);
  for (const line of ['a\n', 'b\n', 'c\n']) out.write(line);
  await settled();
  expect([out.open, written]).toEqual([true, ['a\n', 'b\n', 'c\n']]);
});

