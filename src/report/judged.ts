/** What a proxy session judged (issue 61): every exchange, or under load a sample of them
 * (src/proxy/judge-queue.ts). One sentence for the console, report.html and the verdict line. */

/** results.json's `run.observed` counts: `sampled` is how many exchanges were forwarded unjudged
 * under load, `sampling` when and how thinly (every `minEvery`-th to every `maxEvery`-th; `full`:
 * at times none). */
export interface ObservedJudging {
  readonly judged: number;
  readonly sampled: number;
  readonly sampling?: {
    readonly from: string;
    readonly to: string;
    readonly minEvery: number;
    readonly maxEvery: number;
    readonly periods: number;
    readonly full?: true;
  };
}

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
