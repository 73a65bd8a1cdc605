/**
 * Peak memory of a process and everything it started. A run is several processes (the CLI, vitest's
 * forked workers, the embedded server in the CLI), so the bench samples the resident set size of
 * the whole tree from /proc (Linux) and reports both the peak of the sum and the largest single
 * process. Elsewhere nothing is sampled (null and 0).
 */
import { readdirSync } from 'node:fs';
import { statFields } from './cpu.js';

/** The CPU time the tree (and any other process watched) had used at a moment: for the CPU a
 * stretch of a run cost (cpuBetween). */
export interface CpuSample {
  readonly at: number;
  readonly treeMs: number;
  readonly othersMs: number;
}

export interface MemoryPeak {
  /** Largest sum of the tree's resident set sizes seen in one sample, in bytes (null off Linux). */
  readonly treeBytes: number | null;
  /** Largest resident set size of any one process of the tree, in bytes. */
  readonly processBytes: number;
  readonly samples: number;
  /** CPU time of the tree and of the other processes named, at each sample (Linux). */
  readonly cpu: readonly CpuSample[];
}

const PAGE = 4096;

interface Proc { ppid: number; rss: number; cpuMs: number }

/** Every process's pid. */
const allPids = (): number[] => readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number);

/** The processes `pids` (every process unless given). */
function table(pids: readonly number[] = allPids()): Map<number, Proc> {
  const out = new Map<number, Proc>();
  for (const pid of pids) {
    const fields = statFields(pid);
    // Undefined: the process ended between listing and reading. In ticks, 100 a second: utime and
    // stime, and the cutime and cstime of the children it reaped, so that the tree's CPU time does
    // not fall when one of its processes ends (the workers end as a run's last exchanges are made:
    // the harness's CPU over its steady window came out at a fifth of what it was).
    if (fields) out.set(pid, { ppid: Number(fields[1]), rss: Number(fields[21]) * PAGE, cpuMs: (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 10 });
  }
  return out;
}

function treeOf(root: number, procs: Map<number, Proc>): number[] {
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

/** Samples between two scans of all of /proc: the others read only the processes already known to
 * be in the tree. A scan reads every process's stat (1.8 ms of CPU on a machine with 70
 * processes): ten a second were 2% of a core taken from the run being measured, which the raw
 * windows, not watched, did not pay. A process started since the last scan is seen by the next. */
const SAMPLES_A_SCAN = 10;

/** Samples the tree under `root` every `intervalMs` until stop() is called; the CPU time of the
 * processes `others` (a target the tree talks to) is sampled with it. */
export function watchMemory(root: number, intervalMs = 100, others: readonly number[] = []): { stop(): MemoryPeak } {
  const linux = process.platform === 'linux';
  let treeBytes = 0;
  let processBytes = 0;
  let samples = 0;
  let tree: number[] = [];
  const cpu: CpuSample[] = [];
  const sample = () => {
    if (!linux) return;
    let procs: Map<number, Proc>;
    if (samples % SAMPLES_A_SCAN === 0) {
      procs = table();
      tree = treeOf(root, procs);
    } else procs = table([...tree, ...others]);
    let sum = 0;
    let treeMs = 0;
    for (const pid of tree) {
      const proc = procs.get(pid);
      if (!proc) continue; // ended since the last scan: its parent counts its CPU time once it reaps it
      sum += proc.rss;
      treeMs += proc.cpuMs;
      processBytes = Math.max(processBytes, proc.rss);
    }
    treeBytes = Math.max(treeBytes, sum);
    cpu.push({ at: Date.now(), treeMs, othersMs: others.reduce((total, pid) => total + (procs.get(pid)?.cpuMs ?? 0), 0) });
    samples++;
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      return { treeBytes: linux ? treeBytes : null, processBytes, samples, cpu };
    },
  };
}

/** The CPU time spent between two moments, from the samples around each (linear between them);
 * undefined when the samples do not cover both. */
export function cpuBetween(samples: readonly CpuSample[], from: number, to: number): { treeMs: number; othersMs: number } | undefined {
  const at = (t: number): CpuSample | undefined => {
    const after = samples.findIndex((s) => s.at >= t);
    if (after <= 0) return after === 0 && samples[0]!.at === t ? samples[0] : undefined;
    const a = samples[after - 1]!;
    const b = samples[after]!;
    const f = (t - a.at) / (b.at - a.at);
    return { at: t, treeMs: a.treeMs + f * (b.treeMs - a.treeMs), othersMs: a.othersMs + f * (b.othersMs - a.othersMs) };
  };
  const start = at(from);
  const end = at(to);
  return start && end ? { treeMs: end.treeMs - start.treeMs, othersMs: end.othersMs - start.othersMs } : undefined;
}
