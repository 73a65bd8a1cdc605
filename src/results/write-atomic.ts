/** Replacing a file whole: a reader (a CI upload, a second run) sees the old file or the new one,
 * never half of one. Reports and baselines both write this way, so it sits below both. */
import { closeSync, openSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';

export function writeFileAtomic(path: string, content: string): void {
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, content);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
  renameSync(tmp, path);
}

/** Chunks are gathered up to this size between writes: one system call per testcase would cost more
 * than the testcase. */
const FLUSH_CHARS = 64 * 1024;

/** The same for a file made a piece at a time (junit.xml of a large run): the whole text is never
 * held at once. */
export function writeChunksAtomic(path: string, chunks: Iterable<string>): void {
  const tmp = `${path}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w');
  try {
    let pending: string[] = [];
    let size = 0;
    for (const chunk of chunks) {
      pending.push(chunk);
      size += chunk.length;
      if (size < FLUSH_CHARS) continue;
      writeSync(fd, pending.join(''));
      pending = [];
      size = 0;
    }
    writeSync(fd, pending.join(''));
  } catch (err) {
    // A report that could not be made whole (a damaged records.jsonl line) leaves no part behind.
    closeSync(fd);
    rmSync(tmp, { force: true });
    throw err;
  }
  closeSync(fd);
  renameSync(tmp, path);
}
