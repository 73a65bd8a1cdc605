/** CPU milliseconds from /proc (Linux; clock ticks assumed 100 per second): this process (utime +
 * stime) and its reaped children (cutime + cstime), or another process by its id; undefined where
 * there is no /proc. */
import { readFileSync } from 'node:fs';

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces and parentheses):
 * index 0 is the state (field 3), 1 ppid, 11 and 12 utime and stime, 13 and 14 cutime and cstime,
 * 21 rss in pages. Undefined when there is no such process (or no /proc). */
export function statFields(pid: number | 'self'): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** utime, stime, cutime and cstime of a process, in clock ticks. */
function ticksOf(pid: number | 'self'): [number, number, number, number] | undefined {
  return statFields(pid)?.slice(11, 15).map(Number) as [number, number, number, number] | undefined;
}

export function processCpuMs(): { readonly self: number; readonly children: number } | undefined {
  const ticks = ticksOf('self');
  return ticks && { self: (ticks[0] + ticks[1]) * 10, children: (ticks[2] + ticks[3]) * 10 };
}

/** The CPU time a running process (every thread of it) has used so far. */
export function pidCpuMs(pid: number): number | undefined {
  const ticks = ticksOf(pid);
  return ticks && (ticks[0] + ticks[1]) * 10;
}

/** Who spent the CPU while `action` ran: the target (a server, by its process id) and this process
 * (autocannon runs in it). */
export interface CpuSpent {
  readonly targetMs: number;
  readonly selfMs: number;
}

export async function cpuDuring<T>(targetPid: number, action: () => Promise<T>): Promise<{ result: T; cpu: CpuSpent | undefined }> {
  const target = pidCpuMs(targetPid);
  const own = processCpuMs();
  const result = await action();
  const targetAfter = pidCpuMs(targetPid);
  const ownAfter = processCpuMs();
  if (target === undefined || targetAfter === undefined || !own || !ownAfter) return { result, cpu: undefined };
  return { result, cpu: { targetMs: targetAfter - target, selfMs: ownAfter.self - own.self } };
}

/**
 * What the CPU time says of the two rates, per request: the target's and its client's, for
 * autocannon's replay (over its whole run) and for the harness (over its steady window, from the
 * /proc samples of its process tree). A rate bound by CPU on `cores` shared cores is at most
 * cores / (target + client) per request (with cores of their own, each side's cores / its cost),
 * and at most 1 / cost for a side that runs on one thread
 * (autocannon; the reference server, not Mono). `ceiling` is the harness's bound over the replay's:
 * the ratio these costs allow at best, whatever the load of the machine when the rates were taken.
 * A figure of what the CPU allows, not a measured rate.
 */
/** CPU ms per request of the target and of its client. */
export interface SideCpu {
  readonly targetMs: number;
  readonly clientMs: number;
}

export interface CpuPerRequest {
  readonly raw: SideCpu;
  readonly harness: SideCpu;
  readonly ceiling: number;
}

/** Where the two sides run: on the same cores, or on cores of their own (affinity.ts, taskset). */
export type Placement =
  | { readonly kind: 'shared'; readonly cores: number }
  | { readonly kind: 'split'; readonly targetCores: number; readonly clientCores: number };

export function cpuPerRequest(raw: CpuSpent, requests: number, h: SideCpu, placement: Placement, targetOnOneThread: boolean): CpuPerRequest {
  const r = { targetMs: raw.targetMs / requests, clientMs: raw.selfMs / requests };
  const oneThread = (ms: number, applies: boolean) => (applies && ms > 0 ? 1 / ms : Infinity);
  // Each side bound by its own cores when split; both by the cores they share otherwise.
  const cores = (side: SideCpu) => placement.kind === 'shared'
    ? placement.cores / (side.targetMs + side.clientMs)
    : Math.min(side.targetMs > 0 ? placement.targetCores / side.targetMs : Infinity, side.clientMs > 0 ? placement.clientCores / side.clientMs : Infinity);
  const rawBound = Math.min(cores(r), oneThread(r.targetMs, targetOnOneThread), oneThread(r.clientMs, true));
  const harnessBound = Math.min(cores(h), oneThread(h.targetMs, targetOnOneThread));
  const round = (n: number) => Number(n.toFixed(3));
  return {
    raw: { targetMs: round(r.targetMs), clientMs: round(r.clientMs) },
    harness: { targetMs: round(h.targetMs), clientMs: round(h.clientMs) },
    ceiling: round(harnessBound / rawBound),
  };
}

export const cpuLine = (who: string, c: CpuPerRequest) =>
  `${who}CPU ms per request: raw ${c.raw.targetMs} server + ${c.raw.clientMs} autocannon; harness ${c.harness.targetMs} server + ${c.harness.clientMs} harness (steady window): ${ceilingText(c.ceiling)}`;

// A ceiling of 100% or more says the harness's costs would let it go as fast as the replay: the
// CPU does not bound the ratio then ("at most 114%" read as if it did; seen with Mono on a core of
// its own, which spent less CPU per request while the harness ran).
const ceilingText = (ceiling: number) => ceiling < 1
  ? `the ratio these costs allow on this machine, bound by CPU, is at most ${(ceiling * 100).toFixed(0)}%`
  : `these costs do not bound the ratio on this machine (they would allow ${(ceiling * 100).toFixed(0)}%, the replay's own rate or more)`;
