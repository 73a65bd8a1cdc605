/**
 * Peak memory of a process and everything it started. A run is several processes (the CLI, vitest's
 * forked workers, the embedded server in the CLI), so the bench samples the resident set size of
 * the whole tree from /proc (Linux) and reports both the peak of the sum and the largest single
 * process. Elsewhere nothing is sampled (null and 0).
 */
import { readdirSync, readFileSync } from 'node:fs';

export interface MemoryPeak {
  /** Largest sum of the tree's resident set sizes seen in one sample, in bytes (null off Linux). */
  readonly treeBytes: number | null;
  /** Largest resident set size of any one process of the tree, in bytes. */
  readonly processBytes: number;
  readonly samples: number;
}

const PAGE = 4096;

function table(): Map<number, { ppid: number; rss: number }> {
  const out = new Map<number, { ppid: number; rss: number }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces, so split after ")".
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(name), { ppid: Number(fields[1]), rss: Number(fields[21]) * PAGE });
    } catch {
      // the process ended between listing and reading
    }
  }
  return out;
}

function treeOf(root: number, procs: Map<number, { ppid: number; rss: number }>): number[] {
  const children = new Map<number, number[]>();
  for (const [pid, p] of procs) children.set(p.ppid, [...(children.get(p.ppid) ?? []), pid]);
  const out: number[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const pid = stack.pop()!;
    if (!procs.has(pid)) continue;
    out.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return out;
}

/** Samples the tree under `root` every `intervalMs` until stop() is called. */
export function watchMemory(root: number, intervalMs = 100): { stop(): MemoryPeak } {
  const linux = process.platform === 'linux';
  let treeBytes = 0;
  let processBytes = 0;
  let samples = 0;
  const sample = () => {
    if (!linux) return;
    const procs = table();
    let sum = 0;
    for (const pid of treeOf(root, procs)) {
      const rss = procs.get(pid)!.rss;
      sum += rss;
      processBytes = Math.max(processBytes, rss);
    }
    treeBytes = Math.max(treeBytes, sum);
    samples++;
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      return { treeBytes: linux ? treeBytes : null, processBytes, samples };
    },
  };
}
