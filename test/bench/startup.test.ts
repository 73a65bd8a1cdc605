/** startup.ts: the start-up figure measures the compiled package in a folder of its own, and leaves
 * the checkout as it found it (a dist/ left in the checkout would shadow its sources). */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { compiledPackage } from '../../src/bench/startup.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

test('the compiled package runs from a folder of its own, outside the checkout, and is removed after', () => {
  const hadDist = existsSync(join(ROOT, 'dist'));
  const pkg = compiledPackage();
  try {
    expect(pkg.dir.startsWith(ROOT)).toBe(false);
    expect(existsSync(join(pkg.dir, 'dist', 'cli', 'main.js'))).toBe(true);
    const version = spawnSync(process.execPath, [pkg.bin, '--version'], { cwd: ROOT, encoding: 'utf8' });
    expect(version.status).toBe(0);
    expect(version.stdout).toContain(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version);
    // The checkout's own dist/ (what bin/tsiws-conform.js would run instead of its sources) is untouched.
    expect(existsSync(join(ROOT, 'dist'))).toBe(hadDist);
  } finally {
    pkg.remove();
  }
  expect(existsSync(pkg.dir)).toBe(false);
}, 120_000);
