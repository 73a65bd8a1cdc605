/**
 * junit.xml: every testsuite's and testcase's time attribute (seconds the exchanges took), and the
 * testcases of each testsuite put in order. They are written in the order the records arrived from
 * the suites' workers, which differs between runs of the same seed; (classname, name) is a
 * testcase's identity for CI history views, and the test of the default run holds it unique.
 */
import { sortedBy, type GoldenContext } from './common.js';
import { normaliseDurations } from './normalise-text.js';

// One testcase a chunk: each starts a line at the testsuite's indentation plus two.
const TESTCASE_START = /\n(?= {4}<testcase )/;

export function normaliseJunit(text: string, ctx: GoldenContext): string {
  const timeless = normaliseDurations(text, ctx).replace(/ time="[\d.]+"/g, ' time="<s>"');
  return timeless.replace(/(<testsuite [^>]*>[^\n]*)\n([\s\S]*?)\n( {2}<\/testsuite>)/g, (_, head: string, body: string, end: string) => {
    const cases = body.split(TESTCASE_START);
    const sorted = sortedBy(cases, (c) => /<testcase classname="([^"]*)" name="([^"]*)"/.exec(c)?.slice(1) ?? c);
    return `${head}\n${sorted.join('\n')}\n${end}`;
  });
}
