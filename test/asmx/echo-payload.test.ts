/** The echo in both result formats reads back exactly what was written: typed values in JSON, their
 * XmlSerializer text in XML (null apart from ""), whatever the text holds (markup characters, entity
 * look-alikes, CR/LF, surrounding white space). */
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { echoDocument, echoText, expectedInFormat, readEcho } from '../../src/asmx/echo-payload.js';
import { RESULT_FORMATS } from '../../src/results/result-format.js';

const TOKENS = ['&', '<', '>', '"', "'", ' ', '\r', '\n', '\r\n', '\t', '&#xD;', '&amp;', '&nbsp;', ']]>', '<!--', 'é', '😀', 'a', '1', 'true'];
const text = fc.array(fc.constantFrom(...TOKENS), { maxLength: 12 }).map((parts) => parts.join(''));
const typed = fc.oneof(text, fc.constant(null), fc.boolean(), fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }));

test.each(RESULT_FORMATS)('%s: every typed value reads back as written', (format) => {
  fc.assert(fc.property(fc.dictionary(fc.constantFrom('a', 'b', 'email', 'primary'), typed), (received) => {
    const read = readEcho(echoText(echoDocument({ operation: 'Op', received }, format), format), format);
    expect(read).toEqual({ ok: true, operation: 'Op', received: Object.fromEntries(Object.entries(received).map(([k, v]) => [k, expectedInFormat(v, format)])) });
  }), { numRuns: 300 });
});

test('xml writes booleans and ints as XmlSerializer does, and null as xsi:nil', () => {
  expect(echoText(echoDocument({ operation: 'Op', received: { b: true, i: -7, s: '', n: null } }, 'xml'), 'xml'))
    .toBe('<EchoResult xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><operation>Op</operation><received><b>true</b><i>-7</i><s></s><n xsi:nil="true"></n></received></EchoResult>');
});
