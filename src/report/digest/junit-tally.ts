/** junit.xml's counting pass (junit.ts): apart from the document, so that the run's digest
 * (digest.ts), which takes it as it reads the records, does not import the document's writer and,
 * through it, the diagnoses that are made from the digest. */
import type { ExchangeRecord } from '../../results/record.js';
import type { FailOn } from '../../results/levels.js';
import { foldRecord, type FoldedClass } from './junit-fold.js';
import { DataPathCoverage } from './data-path.js';
import { BusyTime } from './busy-time.js';
import { WaiverTally } from './waivers.js';

/** What the first pass over the records keeps of one operation's: its testcases, each with its
 * repetitions folded in (junit-fold.ts), and the time its exchanges were in flight — never the records themselves. */
export interface SuiteTally {
  readonly busy: BusyTime;
  /** Per class name (operation.transport), its testcases by label and case. */
  readonly classes: Map<string, FoldedClass>;
  /** How many of its records' testcases were folded into another record's (--repeat): none, and
   * each testcase is written from its one record, as the records come. */
  folded: number;
}

/** The counting pass over the records, a record at a time: the root's and each suite's totals come
 * before their testcases. A run's digest takes it as it reads records.jsonl (digest.ts), so the
 * document then reads the records once more, not twice (issue 52), and only those its testcases are
 * written from (one a case, check and transport, whatever --repeat is). */
export class JunitTally {
  readonly suites = new Map<string, SuiteTally>();
  readonly dataPath = new DataPathCoverage();
  /** What each waiver matched: a stale one is a note of the run's own testsuite. */
  readonly waivers = new WaiverTally();

  constructor(readonly failOn: FailOn) {}

  /** `index`: the record's position among the source's records. */
  add(r: ExchangeRecord, index: number): void {
    this.dataPath.add(r);
    this.waivers.add(r);
    let tally = this.suites.get(r.operation);
    if (!tally) this.suites.set(r.operation, (tally = { busy: new BusyTime(), classes: new Map(), folded: 0 }));
    if (r.response?.sentAt) {
      const sent = Date.parse(r.response.sentAt);
      tally.busy.add(sent, sent + r.response.elapsedMs);
    }
    tally.folded += foldRecord(tally.classes, r, index, this.failOn);
  }
}
