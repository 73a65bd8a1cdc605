/** No runtime import cycle between the folders of src/ (STYLE.md, "Layers point one way"). */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { cycleTies, describeCycles, folderCycles, folderImports, runtimeImports } from './folder-cycles.js';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

test('no two folders of src/ import each other at run time, directly or round a loop', () => {
  // On failure: each cycle's folders with the imports that tie them, so the fix starts at once.
  expect(cycleTies(folderImports(SRC))).toEqual([]);
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
