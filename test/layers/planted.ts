/** Planted source trees for the layer tests: each a fresh src/ in one temp folder per test file. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll } from 'vitest';

/** A function that writes `files` (path under src/ to text) into a new src/ and returns its path;
 * the temp folder goes when the file's tests end. */
export function plantedTrees(prefix: string): (files: Record<string, string>) => string {
  const planted = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(planted, { recursive: true, force: true }));
  let n = 0;
  return (files) => {
    const src = join(planted, String(++n), 'src');
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(src, path)), { recursive: true });
      writeFileSync(join(src, path), text);
    }
    return src;
  };
}
