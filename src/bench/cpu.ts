/** CPU milliseconds from /proc/self/stat (Linux; clock ticks assumed 100 per second): this process
 * (utime + stime) and its reaped children (cutime + cstime); undefined where there is no /proc. */
import { readFileSync } from 'node:fs';

export function processCpuMs(): { readonly self: number; readonly children: number } | undefined {
  try {
    // After the command name: state is field 3, so utime..cstime (fields 14-17) are indexes 11-14.
    const [utime, stime, cutime, cstime] = readFileSync('/proc/self/stat', 'utf8').replace(/^.*\) /s, '').split(' ').slice(11, 15).map(Number) as [number, number, number, number];
    return { self: (utime + stime) * 10, children: (cutime + cstime) * 10 };
  } catch {
    return undefined;
  }
}
