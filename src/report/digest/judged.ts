/** What a proxy session judged (issue 61): every exchange, or under load a sample of them
 * (src/proxy/judge-queue.ts). One sentence for the console, report.html and the verdict line. */
import type { ObservedJudging } from '../../proxy/judge-queue.js';

const count = (n: number) => n.toLocaleString('en-US');
const clock = (iso: string) => iso.slice(11, 19);

/** "judged 8,665 of 31,002 exchanges; 22,337 forwarded unjudged under load (sampling 1 in 4 from
 * 12:01:07 to 12:01:19 UTC)", or "judged all 31,002 exchanges". */
export function judgedText(exchanges: number, j: ObservedJudging): string {
  const s = j.sampling;
  if (j.sampled === 0 || !s) return `judged all ${count(exchanges)} exchanges`;
  const every = s.minEvery === s.maxEvery ? `1 in ${count(s.minEvery)}` : `1 in ${count(s.minEvery)} to 1 in ${count(s.maxEvery)}`;
  const spells = `${s.full ? ', none while the queue was full' : ''}${s.periods > 1 ? `, in ${count(s.periods)} spells` : ''}`;
  return `judged ${count(j.judged)} of ${count(exchanges)} exchanges; ${count(j.sampled)} forwarded unjudged under load (sampling ${every} from ${clock(s.from)} to ${clock(s.to)} UTC${spells})`;
}
