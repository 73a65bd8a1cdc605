/**
 * Runtime imports between the folders of src/ that break the floor order (floors.ts), and import
 * cycles, found without any tool outside the repository (STYLE.md, "Layers point one way"). A runtime import is `import … from`, `export … from`,
 * `import '…'` or `import('…')` of a relative path; `import type` and `import { type A }` cost
 * nothing at run time and are free. Text, not a TypeScript parse: our imports are one per line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const STATIC = /^\s*(?:import|export)\s+(?!type\b)([^'";]*?)\s*from\s*['"](\.[^'"]+)['"]|^\s*import\s*['"](\.[^'"]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g;

/** `{ type A, type B }`: every name is a type, so the import is erased. */
const onlyTypes = (clause: string) => /^\{[^}]*\}$/.test(clause) && clause.slice(1, -1).split(',').map((s) => s.trim()).filter(Boolean).every((s) => s.startsWith('type '));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.(m?ts|m?js)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The relative paths a file loads at run time. */
export function runtimeImports(text: string): string[] {
  const statics = [...text.matchAll(STATIC)].filter((m) => !onlyTypes((m[1] ?? '').trim())).map((m) => (m[2] ?? m[3])!);
  return [...statics, ...[...text.matchAll(DYNAMIC)].map((m) => m[1]!)];
}

/** For each folder of `src`, the other folders it imports at run time, and the file pairs that do. */
export function folderImports(src: string): Map<string, Map<string, string[]>> {
  const folderOf = (file: string) => relative(src, file).split(sep)[0]!.replace(/\.[mc]?[jt]s$/, '');
  const edges = new Map<string, Map<string, string[]>>();
  for (const file of sourceFiles(src)) {
    for (const spec of runtimeImports(readFileSync(file, 'utf8'))) {
      const target = resolve(dirname(file), spec);
      if (!target.startsWith(src + sep)) continue;
      const [from, to] = [folderOf(file), folderOf(target)];
      if (from === to) continue;
      const targets = edges.get(from) ?? edges.set(from, new Map()).get(from)!;
      targets.set(to, [...(targets.get(to) ?? []), `${relative(src, file)} -> ${spec}`]);
    }
  }
  return edges;
}

/** The groups of folders that import each other, directly or round a loop (Tarjan's strongly
 * connected components of more than one folder), each sorted. */
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
export function describeCycles(ties: ReturnType<typeof cycleTies>): string {
  return ties.map(({ group, imports }) => [`import cycle between ${group.join(', ')}:`, ...imports.map((i) => `  ${i}`)].join('\n')).join('\n');
}

/** Each runtime import to a folder that is not on a lower floor, named with both floors (1 is the
 * lowest), and each folder that is on no floor. */
export function floorBreaks(edges: ReadonlyMap<string, ReadonlyMap<string, string[]>>, floors: readonly string[]): string[] {
  const floorOf = (folder: string) => floors.indexOf(folder) + 1;
  const folders = [...new Set([...edges.keys(), ...[...edges.values()].flatMap((to) => [...to.keys()])])].sort();
  const unplaced = folders.filter((f) => floorOf(f) === 0).map((f) => `${f}/ is on no floor: give it one in test/layers/floors.ts`);
  const upward = [...edges].sort(([a], [b]) => a.localeCompare(b)).flatMap(([from, targets]) => [...targets]
    .filter(([to]) => floorOf(from) > 0 && floorOf(to) > 0 && floorOf(to) >= floorOf(from))
    .flatMap(([to, imports]) => imports.map((i) => `${i}: ${from} (floor ${floorOf(from)}) imports ${to} (floor ${floorOf(to)})`)));
  return [...unplaced, ...upward];
}

/** What `npm run lint:layers` finds in `src`: whether it passes, and what it prints. */
export function lintLayers(src: string, floors: readonly string[]): { ok: boolean; text: string } {
  const edges = folderImports(src);
  const ties = cycleTies(edges);
  const breaks = floorBreaks(edges, floors);
  const counts = `${ties.length} cycles and ${breaks.length} imports against the floor order`;
  if (ties.length === 0 && breaks.length === 0) return { ok: true, text: `lint:layers: ${counts} (${floors.join(' < ')})` };
  const blocks = [describeCycles(ties), ...breaks].filter(Boolean);
  return { ok: false, text: `lint:layers: ${counts} in ${src} (STYLE.md, "Layers point one way"; the order is test/layers/floors.ts):\n${blocks.join('\n')}` };
}
