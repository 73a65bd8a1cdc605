/** Replacing a file whole: a reader (a CI upload, a second run) sees the old file or the new one,
 * never half of one. Reports and baselines both write this way, so it sits below both. */
import { closeSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { BufferedWriter } from './buffered-writer.js';

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

/** The same for a file made a piece at a time (junit.xml of a large run): the whole text is never
 * held at once. */
export function writeChunksAtomic(path: string, chunks: Iterable<string>): void {
  const tmp = `${path}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w');
  try {
    const out = new BufferedWriter(fd);
    for (const chunk of chunks) out.write(chunk);
    out.flush();
  } catch (err) {
    // A report that could not be made whole (a damaged records.jsonl line) leaves no part behind.
    closeSync(fd);
    rmSync(tmp, { force: true });
    throw err;
  }
  closeSync(fd);
  renameSync(tmp, path);
}
