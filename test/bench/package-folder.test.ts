/** package-folder.ts: the package laid out in a temporary folder of its own, and nothing left
 * behind when its dist/ cannot be made. */
import { existsSync, lstatSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { packageFolder } from '../../src/bench/package-folder.js';

test('bin/ and package.json are copied, dist/ is the caller\'s, the links point into the checkout, and remove() takes it all away', () => {
  const pkg = packageFolder('tsiws-pkgtest-', (dist) => {
    mkdirSync(dist);
    writeFileSync(join(dist, 'marker.js'), '');
  }, ['node_modules', 'wsdl']);
  try {
    expect(pkg.dir.startsWith(tmpdir())).toBe(true);
    expect(pkg.bin).toBe(join(pkg.dir, 'bin', 'tsiws-conform.js'));
    expect(existsSync(pkg.bin)).toBe(true);
    expect(existsSync(join(pkg.dir, 'package.json'))).toBe(true);
    expect(existsSync(join(pkg.dir, 'dist', 'marker.js'))).toBe(true);
    expect(lstatSync(join(pkg.dir, 'node_modules')).isSymbolicLink()).toBe(true);
    expect(lstatSync(join(pkg.dir, 'wsdl')).isSymbolicLink()).toBe(true);
    expect(existsSync(join(pkg.dir, 'suites'))).toBe(false);
  } finally {
    pkg.remove();
  }
  expect(existsSync(pkg.dir)).toBe(false);
});

test('a dist/ that cannot be made: the error is thrown on and no folder is left', () => {
  const ours = () => readdirSync(tmpdir()).filter((name) => name.startsWith('tsiws-pkgfail-'));
  expect(() => packageFolder('tsiws-pkgfail-', () => {
    throw new Error('tsc failed');
  })).toThrow('tsc failed');
  expect(ours()).toEqual([]);
});
