/**
 * How fast the CLI starts as users get it: the CPU time of `tsiws-conform --help` from the compiled
 * package, as a median ratio to a bare `node -e 0` measured alternately in the same run (the machine
 * is shared and noisy: only the ratio is comparable between runs). CPU time, read from
 * /proc/self/stat (children's utime and stime of reaped children), is less noisy than wall time on
 * a loaded machine.
 *
 * The package is laid out in a folder of its own (package-folder.ts), dist/ compiled as `prepack`
 * compiles it. It was built into the checkout's dist/ and removed after, but a bench stopped by
 * Ctrl-C in the measurement's synchronous loop never reached that `finally`, and the dist/ left
 * behind then shadowed the checkout's sources in every later run (bin/tsiws-conform.js runs dist/
 * when there is one): the morning's code ran for hours (2026-11-25).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { processCpuMs } from './cpu.js';
import { packageFolder, type PackageFolder } from './package-folder.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The package as `npm pack` makes it, compiled by tsc from the checkout's sources. */
export function compiledPackage(): PackageFolder {
  return packageFolder('tsiws-startup-', (dist) => {
    const build = spawnSync('npx', ['tsc', '-p', 'tsconfig.build.json', '--outDir', dist], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the package build (tsc -p tsconfig.build.json) failed');
  });
}

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
  const pkg = compiledPackage();
  try {
    const help: number[] = [];
    const bare: number[] = [];
    for (let i = 0; i < runs; i++) {
      bare.push(cpuOf(['-e', '0']));
      help.push(cpuOf([pkg.bin, '--help']));
    }
    const [h, n] = [median(help), Math.max(median(bare), 1)];
    return { helpCpuMs: h, nodeCpuMs: n, ratio: Number((h / n).toFixed(2)), runs };
  } finally {
    pkg.remove();
  }
}
