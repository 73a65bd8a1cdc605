/** The bench's cores of their own for a target (src/bench/affinity.ts, taskset). */
import { spawn, spawnSync } from 'node:child_process';
import { expect, test } from 'vitest';
import { cpusOf, splitCores } from '../../src/bench/affinity.js';

test('a CPU list as taskset prints it: single CPUs and ranges', () => {
  expect(cpusOf('0,1')).toEqual([0, 1]);
  expect(cpusOf('0-3,6')).toEqual([0, 1, 2, 3, 6]);
  expect(cpusOf('5')).toEqual([5]);
});

const cpuList = (pid: number) => /list:\s*(\S+)/.exec(spawnSync('taskset', ['-c', '-p', String(pid)], { encoding: 'utf8' }).stdout)?.[1];
const own = cpuList(process.pid);
const canSplit = process.platform === 'linux' && own !== undefined && cpusOf(own).length >= 2;

test.runIf(canSplit)('the target gets the first CPU, this process the others, and restore gives them back', async () => {
  const target = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
  try {
    const [first, ...rest] = cpusOf(own!);
    const split = splitCores(target.pid!);
    expect('skipped' in split ? split.skipped : '').toBe('');
    if ('skipped' in split) return;
    try {
      expect(cpuList(target.pid!)).toBe(String(first));
      expect(cpusOf(cpuList(process.pid)!)).toEqual(rest);
      expect([split.targetCores, split.clientCores]).toEqual([1, rest.length]);
    } finally {
      split.restore();
    }
    expect(cpuList(process.pid)).toBe(own);
  } finally {
    target.kill();
  }
});

test('a target that does not exist: skipped with taskset\'s reason, and this process keeps its CPUs', () => {
  const split = splitCores(2 ** 22 + 12345);
  expect('skipped' in split && split.skipped).toMatch(/taskset|one CPU/);
  if (own !== undefined) expect(cpuList(process.pid)).toBe(own);
});
