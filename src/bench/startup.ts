/**
 * How fast the CLI starts as users get it: the CPU time of `tsiws-conform --help` from the compiled
 * package (dist/, built here as `npm pack` builds it, and removed afterwards), as a median ratio to
 * a bare `node -e 0` measured alternately in the same run (the machine is shared and noisy: only
 * the ratio is comparable between runs). CPU time, read from /proc/self/stat (children's utime and
 * stime of reaped children), is less noisy than wall time on a loaded machine.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { processCpuMs } from './cpu.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = fileURLToPath(new URL('../../bin/tsiws-conform.js', import.meta.url));
const DIST = fileURLToPath(new URL('../../dist', import.meta.url));

function childrenCpuMs(): number {
  const cpu = processCpuMs();
  if (!cpu) throw new Error('the start-up figure needs /proc (Linux) for the CPU time of child processes');
  return cpu.children;
}

function cpuOf(args: readonly string[]): number {
  const before = childrenCpuMs();
  const run = spawnSync(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  if (run.status !== 0) throw new Error(`node ${args.join(' ')} exited ${run.status}: ${String(run.stderr).slice(0, 500)}`);
  return childrenCpuMs() - before;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export interface StartupResult {
  readonly helpCpuMs: number;
  readonly nodeCpuMs: number;
  readonly ratio: number;
  readonly runs: number;
}

export function startup(runs = 15): StartupResult {
  const hadDist = existsSync(DIST);
  if (!hadDist) {
    const build = spawnSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the package build (tsc -p tsconfig.build.json) failed');
  }
  try {
    const help: number[] = [];
    const bare: number[] = [];
    for (let i = 0; i < runs; i++) {
      bare.push(cpuOf(['-e', '0']));
      help.push(cpuOf([BIN, '--help']));
    }
    const [h, n] = [median(help), Math.max(median(bare), 1)];
    return { helpCpuMs: h, nodeCpuMs: n, ratio: Number((h / n).toFixed(2)), runs };
  } finally {
    // A checkout runs its sources; a dist/ left behind would shadow them (bin/tsiws-conform.js).
    if (!hadDist) rmSync(DIST, { recursive: true, force: true });
  }
}
