/**
 * A subfolder room's index.ts (issue 62): a header that says the room's job, and the names other
 * rooms use of it, re-exported file by file. Code imports from the owning file, so the index is a
 * map, not a door; these functions hold the map to what the code really uses.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { sourceFiles } from './source-files.js';

const NAMED = /^\s*(?:import|export)\s+(type\s+)?\{([^}]*)\}\s*from\s*['"](\.[^'"]+)['"]/gm;


/** `name` or `type name`, as an index exports it, for each name of an import clause. */
function namesOf(typeOnly: boolean, clause: string): string[] {
  return clause.split(',').map((s) => s.trim()).filter(Boolean).map((s) => {
    const type = typeOnly || s.startsWith('type ');
    const name = s.replace(/^type\s+/, '').split(/\s+as\s+/)[0]!.trim();
    return type ? `type ${name}` : name;
  });
}

/** What the files of `roots` outside `room` import from it: `file.ts: name` lines, sorted. A name
 * imported as a value anywhere is a value. */
export function usedOfRoom(roots: readonly string[], room: string): string[] {
  const used = new Map<string, boolean>();
  const roomDir = resolve(room) + sep;
  for (const file of roots.filter(existsSync).flatMap((root) => sourceFiles(root, /\.m?ts$/))) {
    if (resolve(file).startsWith(roomDir)) continue;
    for (const m of readFileSync(file, 'utf8').matchAll(NAMED)) {
      const target = resolve(dirname(file), m[3]!).replace(/\.js$/, '.ts');
      if (!target.startsWith(roomDir) || target.endsWith(`${sep}index.ts`)) continue;
      for (const n of namesOf(Boolean(m[1]), m[2]!)) {
        const key = `${relative(roomDir, target)}: ${n.replace(/^type /, '')}`;
        used.set(key, (used.get(key) ?? true) && n.startsWith('type '));
      }
    }
  }
  return [...used].map(([key, type]) => (type ? key.replace(': ', ': type ') : key)).sort();
}

/** What a room's index.ts re-exports, in the same `file.ts: name` form. */
export function mappedOfRoom(room: string): string[] {
  const text = readFileSync(join(room, 'index.ts'), 'utf8');
  return [...text.matchAll(NAMED)]
    .flatMap((m) => namesOf(Boolean(m[1]), m[2]!).map((n) => `${m[3]!.replace(/^\.\//, '').replace(/\.js$/, '.ts')}: ${n}`))
    .sort();
}

/** The header comment of a room's index.ts, or undefined when it does not start with one. */
export function headerOf(room: string): string | undefined {
  const path = join(room, 'index.ts');
  if (!existsSync(path)) return undefined;
  return /^\/\*\*([\s\S]*?)\*\//.exec(readFileSync(path, 'utf8'))?.[1];
}
