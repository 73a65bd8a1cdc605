import type { Shard } from '../config/settings.js';

/**
 * How a case's repetitions (--repeat) are told apart in record ids, written and read in this one
 * place. The first repetition keeps the case's own id, so --repeat 1 changes nothing; repetition n
 * (2 and up) adds the segment `-r<n>`: `MobileX-int-empty-repnumber-r3`, a fuzz property's
 * `MobileX-r3-fuzz-12`, a sequence step's `contact-email-sequence-soap11-r3-2-create`.
 * A fuzz property's records (and its parity record) also name the sample they show (`-fuzz-12`: the
 * first, or the shrunk counterexample): the property is the case, whichever sample a repetition
 * shows. A replayed baseline's samples (run --baseline) were each a case of the baseline and stay so.
 * An exchange the proxy saw, `observed-000123` (its number in the session), is exchange 123 of the
 * case `observed` (issue 61): a proxy's reports fold its exchanges per cell as --repeat's
 * repetitions fold per case, so that what they hold does not grow with the traffic.
 */

/** Whether the unit at `position` of the plan's order is this shard's (--shard i/n deals units in turn). */
export function inShard(shard: Shard | undefined, position: number): boolean {
  return shard === undefined || position % shard.count === shard.index - 1;
}

/** A repetition's id; `repetition` counts from 0, the first repetition's id being the case's own. */
export const repetitionId = (id: string, repetition: number): string => (repetition === 0 ? id : `${id}-r${repetition + 1}`);

const REPETITION = /-r([1-9]\d*)(?=-|$)/;
const OBSERVED = /^observed-(\d+)$/;
/** The case every exchange the proxy saw belongs to (with its operation and transport, and in
 * junit.xml how it was judged, that is the cell it is folded in). */
export const OBSERVED_CASE = 'observed';
const FUZZ_SAMPLE = /(-fuzz)-\d+(?=-|$)/;

/** The case a record's id belongs to, and which repetition of it (1 for the first). `property`:
 * the record stands for a fuzz property's samples (its fuzz.samples is set). */
export function caseOfRecord(caseId: string, property: boolean): { readonly caseId: string; readonly repetition: number } {
  const observed = OBSERVED.exec(caseId);
  if (observed) return { caseId: OBSERVED_CASE, repetition: Number(observed[1]) };
  const m = REPETITION.exec(caseId);
  const repetition = m ? Number(m[1]) : 1;
  let id = m ? caseId.slice(0, m.index) + caseId.slice(m.index + m[0].length) : caseId;
  if (property) id = id.replace(FUZZ_SAMPLE, '$1');
  return { caseId: id, repetition };
}
