/**
 * The layer rules of src/ (STYLE.md, "Layers point one way"), found without any tool outside the
 * repository. Text, not a TypeScript parse: our imports are one per line.
 * - Rooms: a file's room is the longest FLOORS entry (floors.ts) that is a prefix of its path under
 *   src/ ('engine/learn/discover.ts' is in 'engine/learn' when that is listed, else in 'engine').
 * - Floor order: a room loads at run time only from rooms on a lower floor. A runtime import is
 *   `import … from`, `export … from`, `import '…'` or `import('…')` of a relative path; `import type`
 *   and `import { type A }` are erased when the code runs, so the floor order lets them point anywhere.
 * - Room cycles: no two rooms import each other round a loop, type-only imports included (a type that
 *   both sides need lives in the lower room), as Go refuses any import cycle between packages.
 * - File circles: no strongly connected group of files (every import counts) spans two directories,
 *   subfolders included: a circle is one job, so it lives in one folder.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import { describeFunction, longFunctions, MAX_FUNCTION_LINES } from './function-length.js';
import { sourceFiles } from './source-files.js';

const STATIC = /^\s*(?:import|export)\s+([^'";]*?)\s*from\s*['"](\.[^'"]+)['"]|^\s*import\s*['"](\.[^'"]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g;

/** One relative import of a file: the path as written, and whether it is erased at run time. */
export type Import = { spec: string; typeOnly: boolean };

/** `type { A }`, or `{ type A, type B }`: every name is a type, so the import is erased. */
const onlyTypes = (clause: string) => /^type\s/.test(clause)
  || (/^\{[^}]*\}$/.test(clause) && clause.slice(1, -1).split(',').map((s) => s.trim()).filter(Boolean).every((s) => s.startsWith('type ')));


/** The relative paths a file imports, each marked runtime or type-only. */
export function imports(text: string): Import[] {
  const statics = [...text.matchAll(STATIC)].map((m) => ({ spec: (m[2] ?? m[3])!, typeOnly: onlyTypes((m[1] ?? '').trim()) }));
  return [...statics, ...[...text.matchAll(DYNAMIC)].map((m) => ({ spec: m[1]!, typeOnly: false }))];
}

/** The relative paths a file loads at run time. */
export function runtimeImports(text: string): string[] {
  return imports(text).filter((i) => !i.typeOnly).map((i) => i.spec);
}

/** One import between two files of src/, both as paths under src/ with '/' between folders. */
export type FileImport = { from: string; to: string; spec: string; typeOnly: boolean };

/** Every import from one file of `src` to another (`./x.js` finds `x.ts`). */
export function fileImports(src: string): FileImport[] {
  const files = sourceFiles(src, /\.(m?ts|m?js)$/);
  const known = new Set(files);
  const under = (file: string) => relative(src, file).split(sep).join('/');
  const find = (target: string) => [target, target.replace(/\.js$/, '.ts'), target.replace(/\.mjs$/, '.mts')].find((t) => known.has(t));
  return files.flatMap((file) => imports(readFileSync(file, 'utf8')).flatMap(({ spec, typeOnly }) => {
    const target = find(resolve(dirname(file), spec));
    return target ? [{ from: under(file), to: under(target), spec, typeOnly }] : [];
  }));
}

/** The room of a path under src/: the longest entry of `rooms` it lies in, else its top folder
 * (a file straight in src/ is a room of its own, named without its extension). */
export function roomOf(path: string, rooms: readonly string[]): string {
  const listed = rooms.filter((r) => path.startsWith(`${r}/`)).sort((a, b) => b.length - a.length)[0];
  return listed ?? path.split('/')[0]!.replace(/\.[mc]?[jt]s$/, '');
}

/** For each room of `src`, the other rooms it imports, and the imports that do ("file -> spec"):
 * runtime imports only, or with `types` also the type-only ones. */
export function folderImports(src: string, rooms: readonly string[] = [], { types = false } = {}): Map<string, Map<string, string[]>> {
  const edges = new Map<string, Map<string, string[]>>();
  for (const { from: file, to: target, spec, typeOnly } of fileImports(src)) {
    if (typeOnly && !types) continue;
    const [from, to] = [roomOf(file, rooms), roomOf(target, rooms)];
    if (from === to) continue;
    const targets = edges.get(from) ?? edges.set(from, new Map()).get(from)!;
    targets.set(to, [...(targets.get(to) ?? []), `${file} -> ${spec}${typeOnly ? ' (type-only)' : ''}`]);
  }
  return edges;
}

/** The groups of nodes that reach each other round a loop (Tarjan's strongly connected
 * components of more than one node), each sorted. */
export function folderCycles(edges: ReadonlyMap<string, ReadonlyMap<string, unknown>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!index.has(w)) visit(w);
      if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, low.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group = stack.splice(stack.indexOf(v));
    if (group.length > 1) cycles.push(group.sort());
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

/** Each cycle's folders with the imports that tie them, so the fix starts at once. */
export function cycleTies(edges: ReadonlyMap<string, ReadonlyMap<string, string[]>>): Array<{ group: string[]; imports: string[] }> {
  return folderCycles(edges).map((group) => ({
    group,
    imports: group.flatMap((from) => group.flatMap((to) => edges.get(from)?.get(to) ?? [])),
  }));
}

/** What `npm run lint:layers` prints: one block per cycle, or nothing. */
export function describeCycles(ties: ReturnType<typeof cycleTies>, what = 'import cycle between'): string {
  return ties.map(({ group, imports }) => [`${what} ${group.join(', ')}:`, ...imports.map((i) => `  ${i}`)].join('\n')).join('\n');
}

/** Each circle of files (every import counts, type-only and dynamic too) whose files lie in more
 * than one directory, with the imports inside it that close it. */
export function fileCircles(src: string): Array<{ group: string[]; imports: string[] }> {
  const edges = new Map<string, Map<string, string[]>>();
  for (const { from, to, spec, typeOnly } of fileImports(src)) {
    const targets = edges.get(from) ?? edges.set(from, new Map()).get(from)!;
    targets.set(to, [...(targets.get(to) ?? []), `${from} -> ${spec}${typeOnly ? ' (type-only)' : ''}`]);
  }
  return cycleTies(edges).filter(({ group }) => new Set(group.map((f) => posix.dirname(f))).size > 1);
}

/** Each runtime import to a room that is not on a lower floor, named with both floors (1 is the
 * lowest), and each room that is on no floor. */
export function floorBreaks(edges: ReadonlyMap<string, ReadonlyMap<string, string[]>>, floors: readonly string[]): string[] {
  const floorOf = (folder: string) => floors.indexOf(folder) + 1;
  const folders = [...new Set([...edges.keys(), ...[...edges.values()].flatMap((to) => [...to.keys()])])].sort();
  const unplaced = folders.filter((f) => floorOf(f) === 0).map((f) => `${f}/ is on no floor: give it one in test/layers/floors.ts`);
  const upward = [...edges].sort(([a], [b]) => a.localeCompare(b)).flatMap(([from, targets]) => [...targets]
    .filter(([to]) => floorOf(from) > 0 && floorOf(to) > 0 && floorOf(to) >= floorOf(from))
    .flatMap(([to, imports]) => imports.map((i) => `${i}: ${from} (floor ${floorOf(from)}) imports ${to} (floor ${floorOf(to)})`)));
  return [...unplaced, ...upward];
}

/** What the layer rules find in `src`: room cycles (type-only imports included), circles of files
 * across folders, and runtime imports against the floor order. */
export function layerFindings(src: string, floors: readonly string[]) {
  return {
    cycles: cycleTies(folderImports(src, floors, { types: true })),
    circles: fileCircles(src),
    breaks: floorBreaks(folderImports(src, floors), floors),
  };
}

/** What `npm run lint:layers` finds in `src`: whether it passes, and what it prints (a summary
 * line of every rule and the longest function, then the floor order or each thing that breaks). */
export function lintLayers(src: string, floors: readonly string[], functions = longFunctions(src)): { ok: boolean; text: string } {
  const { cycles, circles, breaks } = layerFindings(src, floors);
  const pending = functions.pending.length ? ` (${functions.pending.length} pending split)` : '';
  const counts = `${cycles.length} folder cycles (type-only imports included), ${circles.length} circles of files across folders, `
    + `${breaks.length} imports against the floor order, ${functions.failing.length} functions over ${MAX_FUNCTION_LINES} lines${pending}; `
    + `longest function ${functions.longest ? describeFunction(functions.longest) : 'none'}`;
  const ok = cycles.length + circles.length + breaks.length + functions.failing.length === 0;
  if (ok) return { ok, text: `lint:layers: ${counts}\nfloors: ${floors.join(' < ')}` };
  const blocks = [
    describeCycles(cycles), describeCycles(circles, 'circle of files across folders:'), ...breaks,
    ...functions.failing.map((f) => `${describeFunction(f)}: over ${MAX_FUNCTION_LINES} lines (test/layers/function-length.ts)`),
  ].filter(Boolean);
  return { ok, text: `lint:layers: ${counts} in ${src} (STYLE.md, "Layers point one way"; the order is test/layers/floors.ts):\n${blocks.join('\n')}` };
}
