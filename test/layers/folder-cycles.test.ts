/** Every runtime import between the folders of src/ goes down the floor order, so none ties a
 * cycle (STYLE.md, "Layers point one way"). */
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { cycleTies, describeCycles, floorBreaks, folderCycles, folderImports, lintLayers, runtimeImports } from './folder-cycles.js';
import { FLOORS } from './floors.js';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

test('no two folders of src/ import each other at run time, directly or round a loop', () => {
  // On failure: each cycle's folders with the imports that tie them, so the fix starts at once.
  expect(cycleTies(folderImports(SRC))).toEqual([]);
});

test('every runtime import of src/ goes to a lower floor, and every folder of src/ is on one', () => {
  expect(floorBreaks(folderImports(SRC), FLOORS)).toEqual([]);
  const folders = readdirSync(SRC, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
  expect(folders.filter((f) => !(FLOORS as readonly string[]).includes(f))).toEqual([]);
});

test('npm run lint:layers passes the real src/ and says so in one line', () => {
  expect(lintLayers(SRC, FLOORS)).toEqual({ ok: true, text: `lint:layers: 0 cycles and 0 imports against the floor order (${FLOORS.join(' < ')})` });
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
  const planted = mkdtempSync(join(tmpdir(), 'tsiws-layers-'));
  afterAll(() => rmSync(planted, { recursive: true, force: true }));
  const plantFiles = (files: Record<string, string>) => {
    const src = join(planted, String(Math.random()).slice(2), 'src');
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(src, path)), { recursive: true });
      writeFileSync(join(src, path), text);
    }
    return src;
  };
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
    const copy = join(planted, 'copy', 'src');
    cpSync(SRC, copy, { recursive: true });
    // transports/ loading runtime/ ties no cycle (runtime/ loads nothing of ours): only the order breaks.
    appendFileSync(join(copy, 'transports', 'dialects.ts'), "import { keepHeapNearLive } from '../runtime/heap-keeper.js';\n");
    const floor = (f: string) => (FLOORS as readonly string[]).indexOf(f) + 1;
    expect(lintLayers(copy, FLOORS)).toEqual({
      ok: false,
      text: `lint:layers: 0 cycles and 1 imports against the floor order in ${copy} (STYLE.md, "Layers point one way"; the order is test/layers/floors.ts):\n`
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

  test('type-only imports are free: they tie no folders', () => {
    expect(plant({
      'a/x.ts': "import type { Y } from '../b/y.js';\n",
      'b/y.ts': "import { type X, type W } from '../a/x.js';\n",
    })).toEqual([]);
  });

  test.each([
    ["import { a, type B } from '../x/a.js';", ['../x/a.js']],
    ["import type { B } from '../x/a.js';", []],
    ["import {\n  type A,\n  type B,\n} from '../x/a.js';", []],
    ["import * as all from './same.js';", ['./same.js']],
    ["import { a } from 'undici';", []],
  ])('%j loads %j at run time', (text, expected) => {
    expect(runtimeImports(text)).toEqual(expected);
  });
});
