/**
 * Global setup of every test project: the suite never touches what a user made. `npm run conform`
 * writes the checkout's reports/, and the README's next command is `npm test`; a test that ran
 * `run` without --reports once replaced the user's report.html with its own bad-usage run (issue
 * 50). The folder's files (names and sha256) are taken at setup and compared at teardown, and any
 * change fails the run, naming the files. Tests write into temporary folders they made.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** relative path → sha256 of every file under `dir` (empty when there is no such folder). */
export type FolderSnapshot = ReadonlyMap<string, string>;

export function snapshotFolder(dir: string): FolderSnapshot {
  const files = new Map<string, string>();
  if (!existsSync(dir)) return files;
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
    const path = join(dir, name);
    if (statSync(path).isFile()) files.set(name, createHash('sha256').update(readFileSync(path)).digest('hex'));
  }
  return files;
}

/** One line per file added, changed or removed, in path order; empty when nothing changed. */
export function folderChanges(before: FolderSnapshot, after: FolderSnapshot): string[] {
  const paths = [...new Set([...before.keys(), ...after.keys()])].sort();
  return paths.flatMap((path) => {
    const [was, is] = [before.get(path), after.get(path)];
    if (was === is) return [];
    return [`${was === undefined ? 'added' : is === undefined ? 'removed' : 'changed'}: ${path}`];
  });
}

/** Snapshots `dir` now; the function returned throws, naming the files, if it changed since. */
export function guardFolder(dir: string, what: string): () => void {
  const before = snapshotFolder(dir);
  return () => {
    const changes = folderChanges(before, snapshotFolder(dir));
    if (changes.length > 0) throw new Error(`a test wrote into ${what} (give it a temporary folder, e.g. --reports):\n  ${changes.join('\n  ')}`);
  };
}

/** vitest runs the returned function as the teardown, after the project's last test. */
export function setup(): () => void {
  return guardFolder(fileURLToPath(new URL('../../reports', import.meta.url)), "the checkout's reports/");
}
