/**
 * junit.xml: every testsuite's and testcase's time attribute (seconds the exchanges took). Nothing
 * is put in order here: the document lists its testsuites and testcases in report order
 * (src/report/digest/report-order.ts), not in the order the records arrived, so two runs of one seed
 * write them alike (issue 60, item 4); a difference in their order is a difference.
 */
import type { GoldenContext } from './common.js';
import { normaliseDurations } from './normalise-text.js';

export function normaliseJunit(text: string, ctx: GoldenContext): string {
  return normaliseDurations(text, ctx).replace(/ time="[\d.]+"/g, ' time="<s>"');
}
