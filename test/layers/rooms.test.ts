import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { FLOORS } from './floors.js';
import { headerOf, mappedOfRoom, usedOfRoom } from './rooms.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ROOTS = ['src', 'suites', 'scripts'].map((d) => join(root, d));
const SUBROOMS = FLOORS.filter((f) => f.includes('/'));

describe('each subfolder room has an index.ts: its job, and what the other rooms use of it', () => {
  test.each(SUBROOMS)('%s', (room) => {
    const dir = join(root, 'src', room);
    expect(headerOf(dir)?.length ?? 0, `src/${room}/index.ts starts with a header saying the room's job`).toBeGreaterThan(200);
    expect(mappedOfRoom(dir)).toEqual(usedOfRoom(ROOTS, dir));
  });
});

describe('the map check', () => {
  const plant = (files: Record<string, string>) => {
    const dir = mkdtempSync(join(tmpdir(), 'rooms-'));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    return dir;
  };
  const tree = (index: string) => plant({
    'room/a.ts': 'export const a = 1;\nexport type T = number;\nexport const inner = 2;\n',
    'room/b.ts': "import { inner } from './a.js';\nexport const b = inner;\n",
    'room/index.ts': `/** The room. */\n${index}`,
    'other/x.ts': "import { a, type T } from '../room/a.js';\nimport { b } from '../room/b.js';\nexport const x: T = a + b;\n",
  });

  test('silent when the index lists exactly what other rooms import (values and types told apart)', () => {
    const dir = tree("export { a } from './a.js';\nexport type { T } from './a.js';\nexport { b } from './b.js';\n");
    expect(mappedOfRoom(join(dir, 'room'))).toEqual(usedOfRoom([dir], join(dir, 'room')));
  });

  test('fires on a name used but not mapped, and on a name mapped but used by no other room', () => {
    const missing = tree("export { a } from './a.js';\nexport type { T } from './a.js';\n");
    expect(mappedOfRoom(join(missing, 'room'))).not.toEqual(usedOfRoom([missing], join(missing, 'room')));
    const stale = tree("export { a, inner } from './a.js';\nexport type { T } from './a.js';\nexport { b } from './b.js';\n");
    expect(mappedOfRoom(join(stale, 'room'))).not.toEqual(usedOfRoom([stale], join(stale, 'room')));
  });

  test('fires on an index without a header', () => {
    const dir = plant({ 'room/index.ts': "export { a } from './a.js';\n" });
    expect(headerOf(join(dir, 'room'))).toBeUndefined();
  });
});
