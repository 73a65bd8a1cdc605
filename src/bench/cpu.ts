/** CPU milliseconds from /proc (Linux; clock ticks assumed 100 per second): this process (utime +
 * stime) and its reaped children (cutime + cstime), or another process by its id; undefined where
 * there is no /proc. */
import { readFileSync } from 'node:fs';

/** utime, stime, cutime and cstime of a process, in clock ticks. */
function ticksOf(pid: number | 'self'): [number, number, number, number] | undefined {
  try {
    // After the command name: state is field 3, so utime..cstime (fields 14-17) are indexes 11-14.
    return readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ').slice(11, 15).map(Number) as [number, number, number, number];
  } catch {
    return undefined;
  }
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

/** Who spent the CPU while `action` ran: the target (a server, by its process id), this process
 * (autocannon runs in it), and the children that ended meanwhile (a harness run, with its workers). */
export interface CpuSpent {
  readonly targetMs: number;
  readonly selfMs: number;
  readonly childrenMs: number;
}

export async function cpuDuring<T>(targetPid: number, action: () => Promise<T>): Promise<{ result: T; cpu: CpuSpent | undefined }> {
  const target = pidCpuMs(targetPid);
  const own = processCpuMs();
  const result = await action();
  const targetAfter = pidCpuMs(targetPid);
  const ownAfter = processCpuMs();
  if (target === undefined || targetAfter === undefined || !own || !ownAfter) return { result, cpu: undefined };
  return { result, cpu: { targetMs: targetAfter - target, selfMs: ownAfter.self - own.self, childrenMs: ownAfter.children - own.children } };
}

/**
 * What the CPU time says of the two rates, per request: the target's and its client's, for
 * autocannon's replay (over its whole run) and for the harness (over its steady window, from the
 * /proc samples of its process tree). A rate bound by CPU on `cores` cores is at most
 * cores / (target + client) per request, and at most 1 / cost for a side that runs on one thread
 * (autocannon; the reference server, not Mono). `ceiling` is the harness's bound over the replay's:
 * the ratio these costs allow at best, whatever the load of the machine when the rates were taken.
 * A figure of what the CPU allows, not a measured rate.
 */
export interface CpuPerRequest {
  readonly raw: { readonly targetMs: number; readonly clientMs: number };
  readonly harness: { readonly targetMs: number; readonly clientMs: number };
  readonly ceiling: number;
}

export function cpuPerRequest(raw: CpuSpent, requests: number, harness: { readonly harnessMs: number; readonly targetMs: number }, cores: number, targetOnOneThread: boolean): CpuPerRequest {
  const r = { targetMs: raw.targetMs / requests, clientMs: raw.selfMs / requests };
  const h = { targetMs: harness.targetMs, clientMs: harness.harnessMs };
  const oneThread = (ms: number, applies: boolean) => (applies && ms > 0 ? 1 / ms : Infinity);
  const rawBound = Math.min(cores / (r.targetMs + r.clientMs), oneThread(r.targetMs, targetOnOneThread), oneThread(r.clientMs, true));
  const harnessBound = Math.min(cores / (h.targetMs + h.clientMs), oneThread(h.targetMs, targetOnOneThread));
  const round = (n: number) => Number(n.toFixed(3));
  return {
    raw: { targetMs: round(r.targetMs), clientMs: round(r.clientMs) },
    harness: { targetMs: round(h.targetMs), clientMs: round(h.clientMs) },
    ceiling: round(harnessBound / rawBound),
  };
}

export const cpuLine = (who: string, c: CpuPerRequest) =>
  `${who}CPU ms per request: raw ${c.raw.targetMs} server + ${c.raw.clientMs} autocannon; harness ${c.harness.targetMs} server + ${c.harness.clientMs} harness (steady window): the ratio these costs allow on this machine, bound by CPU, is at most ${(c.ceiling * 100).toFixed(0)}%`;
