/**
 * Durations as the human-readable reports print them (report.html, junit.xml's system-out, the
 * console, the CI summary, Allure step names), replaced wherever they appear.
 */
import { normaliseCommon, type GoldenContext } from './common.js';

const DURATIONS: ReadonlyArray<readonly [RegExp, string]> = [
  // An exchange's round trip: "HTTP 200, text/xml, 512 bytes in 5 ms", "send: HTTP 500 in 5 ms".
  // `\bin`: not "within 5000 ms", a configured limit, which is content.
  [/\bin \d+ ms\b/g, 'in <ms> ms'],
  // report.html's wire view of an answer: "HTTP 500 (5 ms)".
  [/\(\d+ ms\)/g, '(<ms> ms)'],
  // The run's duration: "Verdict: conforms (10.8 s)", the summary's heading, report.html's header.
  [/\(\d+(\.\d+)? s\)/g, '(<s> s)'],
  [/<b>Duration<\/b> \d+(\.\d+)? s/g, '<b>Duration</b> <s> s'],
];

export function normaliseDurations(text: string, ctx: GoldenContext): string {
  let out = normaliseCommon(text, ctx);
  for (const [pattern, placeholder] of DURATIONS) out = out.replace(pattern, placeholder);
  return out;
}
