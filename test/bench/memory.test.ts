/** The bench's memory sampler sees a whole process tree: a grandchild's memory counts. */
import { spawn } from 'node:child_process';
import { expect, test } from 'vitest';
import { watchMemory } from '../../src/bench/memory.js';

const MiB = 1024 * 1024;

test.runIf(process.platform === 'linux')('a grandchild holding 64 MiB shows in the tree and as the largest process', async () => {
  // The child only starts a grandchild that fills 64 MiB, holds it for a moment and exits.
  const grandchild = 'const b = Buffer.alloc(64 * 1024 * 1024, 1); setTimeout(() => console.log(b[0]), 1500);';
  const child = spawn(process.execPath, ['-e', `require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(grandchild)}], { stdio: 'inherit' }).on('exit', () => {})`], { stdio: 'ignore' });
  const watch = watchMemory(child.pid!, 50);
  await new Promise((resolve) => child.on('exit', resolve));
  const peak = watch.stop();
  expect(peak.samples).toBeGreaterThan(5);
  expect(peak.processBytes).toBeGreaterThan(64 * MiB);
  expect(peak.treeBytes!).toBeGreaterThan(peak.processBytes);
});
