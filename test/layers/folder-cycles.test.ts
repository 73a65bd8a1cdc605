/** Every runtime import between the rooms of src/ goes down the floor order, no rooms import each
 * other round a loop (type-only imports included), and no circle of files spans two folders
 * (STYLE.md, "Layers point one way"). */
import { appendFileSync, cpSync, readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { cycleTies, describeCycles, fileCircles, floorBreaks, folderCycles, folderImports, lintLayers, roomOf, runtimeImports } from './folder-cycles.js';
import { describeFunction, longFunctions } from './function-length.js';
import { FLOORS } from './floors.js';
import { plantedTrees } from './planted.js';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

/** Nothing of src/ was found long: the functions' own test is function-length.test.ts. */
const NO_FUNCTIONS = { longest: undefined, failing: [], pending: [] };

test('no two rooms of src/ import each other, directly or round a loop, type-only imports included', () => {
  // On failure: each cycle's rooms with the imports that tie them, so the fix starts at once.
  expect(cycleTies(folderImports(SRC, FLOORS, { types: true }))).toEqual([]);
});

test('no circle of files of src/ spans two folders', () => {
  expect(fileCircles(SRC)).toEqual([]);
});

test('every runtime import of src/ goes to a lower floor, and every folder of src/ is on one', () => {
  expect(floorBreaks(folderImports(SRC, FLOORS), FLOORS)).toEqual([]);
  // Each file's room (a subfolder when FLOORS lists it, else its top folder), imports or none.
  const files = (readdirSync(SRC, { recursive: true }) as string[]).filter((f) => /\.[mc]?ts$/.test(f)).map((f) => f.split(sep).join('/'));
  const rooms = new Set(files.map((f) => roomOf(f, FLOORS)));
  expect([...rooms].filter((r) => !(FLOORS as readonly string[]).includes(r))).toEqual([]);
});

test('npm run lint:layers passes the real src/ and says so in one summary, with the longest function', () => {
  const functions = longFunctions(SRC);
  const pending = functions.pending.length ? ` (${functions.pending.length} pending split)` : '';
  expect(lintLayers(SRC, FLOORS, functions)).toEqual({
    ok: true,
    text: `lint:layers: 0 folder cycles (type-only imports included), 0 circles of files across folders, 0 imports against the floor order, 0 functions over 60 lines${pending}; `
      + `longest function ${describeFunction(functions.longest!)}\nfloors: ${FLOORS.join(' < ')}`,
  });
});

test('docs/architecture.md shows the floor order of floors.ts', () => {
  const doc = readFileSync(fileURLToPath(new URL('../../docs/architecture.md', import.meta.url)), 'utf8');
  expect(doc.split('\n').filter((line) => / < /.test(line) && line.startsWith('`'))).toEqual([FLOORS.map((f) => `\`${f}\``).join(' < ')]);
});

test('the configuration is a leaf: it loads no folder of ours but the contract', () => {
  // So loading settings (and printing --help) loads no transport, check, engine or XML library.
  const loads = folderImports(SRC).get('config') ?? new Map<string, string[]>();
  expect([...loads].filter(([folder]) => folder !== 'contract')).toEqual([]);
});

describe('the check itself', () => {
  const plantFiles = plantedTrees('tsiws-layers-');
  const plant = (files: Record<string, string>) => folderCycles(folderImports(plantFiles(files)));

  test('finds a planted cycle round three folders, and leaves a folder outside it out', () => {
    expect(plant({
      'a/x.ts': "import { y } from '../b/y.js';\n",
      'b/y.ts': "export { z } from '../c/z.js';\n",
      'c/z.ts': "const lazy = () => import('../a/x.js');\nimport '../d/w.js';\n",
      'd/w.ts': 'export const w = 1;\n',
    })).toEqual([['a', 'b', 'c']]);
  });

  test('npm run lint:layers names the folders of a planted cycle and the imports that tie them', () => {
    const src = plantFiles({ 'a/x.ts': "import { y } from '../b/y.js';\n", 'b/y.ts': "import { x } from '../a/x.js';\n" });
    expect(describeCycles(cycleTies(folderImports(src)))).toBe('import cycle between a, b:\n  a/x.ts -> ../b/y.js\n  b/y.ts -> ../a/x.js');
  });

  test('a planted upward import in a copy of src/ fails npm run lint:layers, naming the file and both floors', () => {
    const copy = plantFiles({});
    cpSync(SRC, copy, { recursive: true });
    // transports/ loading runtime/ ties no cycle (runtime/ loads nothing of ours): only the order breaks.
    appendFileSync(join(copy, 'transports', 'dialects.ts'), "import { keepHeapNearLive } from '../runtime/heap-keeper.js';\n");
    const floor = (f: string) => (FLOORS as readonly string[]).indexOf(f) + 1;
    expect(lintLayers(copy, FLOORS, NO_FUNCTIONS)).toEqual({
      ok: false,
      text: `lint:layers: 0 folder cycles (type-only imports included), 0 circles of files across folders, 1 imports against the floor order, 0 functions over 60 lines; longest function none in ${copy} (STYLE.md, "Layers point one way"; the order is test/layers/floors.ts):\n`
        + `transports/dialects.ts -> ../runtime/heap-keeper.js: transports (floor ${floor('transports')}) imports runtime (floor ${floor('runtime')})`,
    });
  });

  test('an import across one floor, sideways or up is named; down, type-only or inside a folder is not', () => {
    const src = plantFiles({
      'low/a.ts': "import { b } from './b.js';\nimport type { M } from '../mid/m.js';\n",
      'mid/m.ts': "import { a } from '../low/a.js';\nimport { s } from '../side/s.js';\n",
      'side/s.ts': 'export const s = 1;\n',
      'top/t.ts': "import { m } from '../mid/m.js';\n",
      'low/b.ts': "const up = () => import('../top/t.js');\n",
    });
    expect(floorBreaks(folderImports(src), ['low', 'mid', 'side', 'top'])).toEqual([
      'low/b.ts -> ../top/t.js: low (floor 1) imports top (floor 4)',
      'mid/m.ts -> ../side/s.js: mid (floor 2) imports side (floor 3)',
    ]);
  });

  test('a folder on no floor is named, with where to give it one', () => {
    const src = plantFiles({ 'low/a.ts': 'export const a = 1;\n', 'new/n.ts': "import { a } from '../low/a.js';\n" });
    expect(floorBreaks(folderImports(src), ['low'])).toEqual(['new/ is on no floor: give it one in test/layers/floors.ts']);
  });

  test('type-only imports are free for the floor order, but they tie a cycle', () => {
    const src = plantFiles({
      'a/x.ts': "import type { Y } from '../b/y.js';\n",
      'b/y.ts': "import { type X, type W } from '../a/x.js';\n",
    });
    expect(floorBreaks(folderImports(src, ['a', 'b']), ['a', 'b'])).toEqual([]);
    expect(folderCycles(folderImports(src))).toEqual([]);
    expect(describeCycles(cycleTies(folderImports(src, [], { types: true })))).toBe('import cycle between a, b:\n  a/x.ts -> ../b/y.js (type-only)\n  b/y.ts -> ../a/x.js (type-only)');
    expect(lintLayers(src, ['a', 'b'], NO_FUNCTIONS).ok).toBe(false);
  });

  test('a type-only import down the floors ties nothing', () => {
    const src = plantFiles({ 'a/x.ts': 'export type X = 1;\n', 'b/y.ts': "import type { X } from '../a/x.js';\n" });
    expect(lintLayers(src, ['a', 'b'], NO_FUNCTIONS).ok).toBe(true);
  });

  test('a room is the longest floor entry its path lies in, else its top folder', () => {
    const rooms = ['engine', 'engine/learn', 'report/html'];
    expect(roomOf('engine/learn/discover.ts', rooms)).toBe('engine/learn');
    expect(roomOf('engine/learn/deep/pool.ts', rooms)).toBe('engine/learn');
    expect(roomOf('engine/learner.ts', rooms)).toBe('engine');
    expect(roomOf('engine/run/plan.ts', rooms)).toBe('engine');
    expect(roomOf('report/foreign/junit.ts', rooms)).toBe('report');
    expect(roomOf('checks/wsi/grade.ts', rooms)).toBe('checks');
    expect(roomOf('index.ts', rooms)).toBe('index');
  });

  test('subfolder rooms keep the floor order and the cycle rule between them; an unlisted subfolder is its parent room', () => {
    const tree = {
      'engine/learn/discover.ts': "import { plan } from '../run/plan.js';\nimport { s } from '../send.js';\n",
      'engine/run/plan.ts': "import type { D } from '../learn/discover.js';\nexport const plan = 1;\n",
      'engine/send.ts': "import { x } from '../base/x.js';\nexport const s = 1;\n",
      'engine/side/helper.ts': "import { s } from '../send.js';\n",
      'base/x.ts': 'export const x = 1;\n',
    };
    const floors = ['base', 'engine', 'engine/run', 'engine/learn'];
    const src = plantFiles(tree);
    // engine/side is not listed: it is engine itself, so its import of engine/send.ts crosses no room.
    expect(floorBreaks(folderImports(src, floors), floors)).toEqual([]);
    expect(folderCycles(folderImports(src, floors, { types: true }))).toEqual([['engine/learn', 'engine/run']]);
    // The same tree, engine/run above engine/learn: the runtime import from learn up to run breaks the order.
    expect(floorBreaks(folderImports(src, ['base', 'engine', 'engine/learn', 'engine/run']), ['base', 'engine', 'engine/learn', 'engine/run']))
      .toEqual(['engine/learn/discover.ts -> ../run/plan.js: engine/learn (floor 3) imports engine/run (floor 4)']);
    // Unlisted, the subfolders are one room, engine: nothing crosses a room.
    expect(folderCycles(folderImports(src, ['base', 'engine'], { types: true }))).toEqual([]);
  });

  test('a circle of files across folders is named with the imports that close it, type-only and dynamic ones too', () => {
    const src = plantFiles({
      'checks/types.ts': "import type { F } from './wsi/facts.js';\nexport type T = 1;\n",
      'checks/runner.ts': "import type { T } from './types.js';\nexport const run = 1;\n",
      'checks/wsi/facts.ts': 'export type F = 1;\n',
      'checks/wsi/leaf.ts': "import { run } from '../runner.js';\n",
    });
    expect(fileCircles(src)).toEqual([]);
    const closed = plantFiles({
      'checks/types.ts': "import type { F } from './wsi/facts.js';\nexport type T = 1;\n",
      'checks/runner.ts': "import type { T } from './types.js';\nexport const run = 1;\n",
      'checks/wsi/facts.ts': "export type F = 1;\nconst later = () => import('../runner.js');\n",
    });
    expect(describeCycles(fileCircles(closed), 'circle of files across folders:')).toBe([
      'circle of files across folders: checks/runner.ts, checks/types.ts, checks/wsi/facts.ts:',
      '  checks/runner.ts -> ./types.js (type-only)',
      '  checks/types.ts -> ./wsi/facts.js (type-only)',
      '  checks/wsi/facts.ts -> ../runner.js',
    ].join('\n'));
    expect(lintLayers(closed, ['checks'], NO_FUNCTIONS).text).toContain('1 circles of files across folders');
  });

  test('a circle of files in one folder is its own business', () => {
    const src = plantFiles({ 'a/x.ts': "import { y } from './y.js';\n", 'a/y.ts': "import type { X } from './x.js';\n" });
    expect(fileCircles(src)).toEqual([]);
    expect(lintLayers(src, ['a'], NO_FUNCTIONS).ok).toBe(true);
  });

  test('a function over the limit fails npm run lint:layers, named in its summary', () => {
    const src = plantFiles({ 'a/x.ts': 'export const x = 1;\n' });
    const long = { file: 'a/x.ts', line: 3, name: 'tooLong', lines: 61 };
    expect(lintLayers(src, ['a'], { longest: long, failing: [long], pending: [] })).toEqual({
      ok: false,
      text: `lint:layers: 0 folder cycles (type-only imports included), 0 circles of files across folders, 0 imports against the floor order, 1 functions over 60 lines; longest function a/x.ts:3 tooLong (61 lines) in ${src} (STYLE.md, "Layers point one way"; the order is test/layers/floors.ts):\n`
        + 'a/x.ts:3 tooLong (61 lines): over 60 lines (test/layers/function-length.ts)',
    });
  });

  test.each([
    ["import { a, type B } from '../x/a.js';", ['../x/a.js']],
    ["import type { B } from '../x/a.js';", []],
    ["export type { B } from '../x/a.js';", []],
    ["export { type B } from '../x/a.js';", []],
    ["export { b } from '../x/a.js';", ['../x/a.js']],
    ["import {\n  type A,\n  type B,\n} from '../x/a.js';", []],
    ["import * as all from './same.js';", ['./same.js']],
    ["import { a } from 'undici';", []],
  ])('%j loads %j at run time', (text, expected) => {
    expect(runtimeImports(text)).toEqual(expected);
  });
});
