import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The files below `dir` whose names match `endings`, declaration files left out: the one walk of
 * the layer checks (import cycles, function lengths, room maps), each with the endings it reads. */
export function sourceFiles(dir: string, endings: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path, endings);
    return endings.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}
