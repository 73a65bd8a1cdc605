/**
 * Cores of their own for a target and for the bench (util-linux `taskset`): the target on the
 * first of the bench's CPUs, this process and everything it starts afterwards (autocannon runs in
 * it; the harness's CLI and its workers inherit the mask) on the others. On a 2-core machine shared by both, a target
 * measured against the harness competes with it for CPU, and the ratio then says how the cores
 * were shared rather than whether the harness keeps up with the target, as it would with the
 * target on a host of its own.
 */
import { spawnSync } from 'node:child_process';

export interface SplitCores {
  readonly targetCores: number;
  readonly clientCores: number;
  /** Gives this process its own cores back. */
  restore(): void;
}

function taskset(args: readonly string[]): { out: string } | { failure: string } {
  const r = spawnSync('taskset', args, { encoding: 'utf8' });
  if (r.error) return { failure: `taskset is not available (${r.error.message}; it is in Debian's util-linux)` };
  return r.status === 0 ? { out: r.stdout } : { failure: `taskset ${args.join(' ')} failed: ${r.stderr.trim() || `exit ${r.status}`}` };
}

/** The CPU list a process may run on ("0,1" or "0-3,6"), as `taskset -c -p` prints it. */
function cpuListOf(pid: number): string | { failure: string } {
  const r = taskset(['-c', '-p', String(pid)]);
  if ('failure' in r) return r;
  return /list:\s*(\S+)/.exec(r.out)?.[1] ?? { failure: `taskset printed no CPU list: ${r.out.trim()}` };
}

/** The CPUs of a list such as "0-3,6". */
export function cpusOf(list: string): number[] {
  return list.split(',').flatMap((part) => {
    const [from, to = from] = part.split('-').map(Number) as [number, number?];
    return Array.from({ length: to! - from + 1 }, (_, i) => from + i);
  });
}

/** Puts every thread of `targetPid` on this process's first CPU and every thread of this process
 * on its others, or says why it could not (one CPU, no taskset, no permission). */
export function splitCores(targetPid: number): SplitCores | { readonly skipped: string } {
  const list = cpuListOf(process.pid);
  if (typeof list !== 'string') return { skipped: list.failure };
  const [first, ...rest] = cpusOf(list);
  if (rest.length === 0) return { skipped: `this process runs on one CPU (${list}): nothing to split` };
  const restore = () => void taskset(['-a', '-c', '-p', list, String(process.pid)]);
  for (const args of [['-a', '-c', '-p', String(first), String(targetPid)], ['-a', '-c', '-p', rest.join(','), String(process.pid)]]) {
    const r = taskset(args);
    if ('failure' in r) {
      restore();
      return { skipped: r.failure };
    }
  }
  // `taskset -a` exits 0 for a process that is gone: what the target runs on is read back.
  const pinned = cpuListOf(targetPid);
  if (pinned !== String(first)) {
    restore();
    return { skipped: typeof pinned === 'string' ? `the target runs on CPUs ${pinned}, not ${first}` : pinned.failure };
  }
  return { targetCores: 1, clientCores: rest.length, restore };
}
