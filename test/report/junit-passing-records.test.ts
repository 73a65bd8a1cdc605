/**
 * junit.xml's two shortcuts (issue 52) give the document the slow way would:
 * - a record whose checks all passed has its testcases written together (passedTestcasesText),
 *   whatever characters its case id, operation or scenario hold;
 * - uniqueNamer's `#n` search starts where the last one for the same name stopped, and names the
 *   testcases exactly as trying every n from 2 did.
 */
import fc from 'fast-check';
import { XMLParser } from 'fast-xml-parser';
import { expect, test } from 'vitest';
import { junitXml } from '../../src/report/foreign/junit.js';
import { nameKey, testcaseDetails, uniqueNamer } from '../../src/report/digest/junit-text.js';
import { xmlChars } from '../../src/xml/build.js';
import type { ExchangeRecord } from '../../src/results/record.js';
import { MIXED_RECORDS, MIXED_RUN } from '../support/records.js';

/** uniqueNamer as it was before the shortcut: every n tried from 2. */
function namerTryingEveryN(count: (className: string, label: string) => number) {
  const used = new Set<string>();
  return (i: { className: string; label: string; caseId: string }) => {
    const base = count(i.className, i.label) > 1 ? `${i.label} [${i.caseId}]` : i.label;
    let name = base;
    let key = nameKey(i.className, name);
    for (let n = 2; used.has(key); n++) key = nameKey(i.className, (name = `${base} #${n}`));
    used.add(key);
    return name;
  };
}

test('the same names as trying every n from 2, labels that look like given names included', () => {
  // Few distinct pieces, so that labels repeat and collide with each other's `#n` and `[case]` forms.
  const item = fc.record({ className: fc.constantFrom('A.soap11', 'A.get'), label: fc.constantFrom('x', 'x #2', 'x [c]', 'x [c] #2', 'y'), caseId: fc.constantFrom('c', 'd') });
  fc.assert(fc.property(fc.array(item, { maxLength: 40 }), (items) => {
    const counts = new Map<string, number>();
    for (const i of items) counts.set(nameKey(i.className, i.label), (counts.get(nameKey(i.className, i.label)) ?? 0) + 1);
    const count = (className: string, label: string) => counts.get(nameKey(className, label)) ?? 0;
    const fast = uniqueNamer(count);
    const slow = namerTryingEveryN(count);
    expect(items.map(fast)).toEqual(items.map(slow));
  }), { numRuns: 300 });
});

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', cdataPropName: '#cdata', isArray: (name) => name === 'testcase' || name === 'testsuite' });

test('a passing record\'s testcases say what their checks, case and class are, whatever characters they hold', () => {
  const passing = MIXED_RECORDS[0]!;
  const piece = fc.oneof(fc.string({ unit: 'binary', maxLength: 6 }), fc.constantFrom(']]>', '&', '"', '<', '\r\n', '\u0000', '\u2060', '#2', ' ['));
  const text = fc.array(piece, { minLength: 1, maxLength: 3 }).map((p) => p.join(''));
  fc.assert(fc.property(text, text, (caseId, scenario) => {
    const r: ExchangeRecord = { ...passing, caseId, scenario: scenario as ExchangeRecord['scenario'], checks: [{ id: 'http-status-200', status: 'passed' }, { id: 'xsd-valid', status: 'passed' }, { id: 'fault-shape', status: 'skipped', message: 'not a fault' }] };
    // Two cases (one case's records twice would be one testcase, junit-fold.ts) sharing their labels.
    const other: ExchangeRecord = { ...r, caseId: `${caseId} 2` };
    const doc = parser.parse(junitXml([r, other], MIXED_RUN));
    const testcases = doc.testsuites.testsuite[0].testcase as Array<{ classname: string; name: string; time: string; 'system-out': { '#cdata': string | string[] } }>;
    // The builder writes a "]]>" as two CDATA sections; a reader joins them.
    const text = (t: (typeof testcases)[number]) => [t['system-out']['#cdata']].flat().join('');
    expect(testcases.map((t) => text(t).replace(/\r\n?/g, '\n'))).toEqual(
      [r, other].flatMap((each) => ['http-status-200', 'xsd-valid'].map((check) => xmlChars(testcaseDetails(each, MIXED_RUN, check, false)).replace(/\r\n?/g, '\n'))));
    expect(new Set(testcases.map((t) => t.name)).size).toBe(4);
    expect(testcases.every((t) => t.classname === 'MobileGetEmployee.soap11' && t.time === '0.012')).toBe(true);
  }), { numRuns: 150 });
});

test('a record with a check that did not pass is written a testcase at a time, as before', () => {
  const doc = parser.parse(junitXml(MIXED_RECORDS, MIXED_RUN));
  const all = (doc.testsuites.testsuite as Array<{ testcase?: Array<{ name: string; failure?: unknown }> }>).flatMap((s) => s.testcase ?? []);
  expect(all.find((t) => t.name.includes('rejection-per-profile'))?.failure).toBeDefined();
  expect(all.find((t) => t.name.includes('http-status-200'))?.failure).toBeUndefined();
});
