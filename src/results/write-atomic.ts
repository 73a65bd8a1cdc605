/** Replacing a file whole: a reader (a CI upload, a second run) sees the old file or the new one,
 * never half of one. Reports and baselines both write this way, so it sits below both. */
import { renameSync, writeFileSync } from 'node:fs';

export function writeFileAtomic(path: string, content: string): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, content);
  renameSync(tmp, path);
}
