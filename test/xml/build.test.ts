/** The XML builders (src/xml/build.ts): a request keeps every character of a value through the
 * receiver's parsing; the asmx flavour writes what ASMX's XmlTextWriter writes. */
import fc from 'fast-check';
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { expect, test } from 'vitest';
import { buildDocument, buildFragment, buildOrderedXml, buildXml } from '../../src/xml/build.js';

const VALUE = 'a & b < c > d "e" \r\n\tf';

test('request: markup escaped, CR as &#xD; so that it survives line-end normalisation', () => {
  const xml = buildXml({ v: { '@_k': VALUE, '#text': VALUE } }, 'request');
  expect(xml).toBe('<v k="a &amp; b &lt; c &gt; d &quot;e&quot; &#xD;&#xA;&#x9;f">a &amp; b &lt; c &gt; d &quot;e&quot; &#xD;&#xA;&#x9;f</v>');
  const parsed = new XMLParser({ ignoreAttributes: false, trimValues: false, processEntities: true, htmlEntities: true }).parse(xml) as { v: { '#text': string } };
  expect(parsed.v['#text']).toBe(VALUE);
});

test('asmx: & < > escaped in text, " too in attributes, CR left raw, empty elements self-closed', () => {
  expect(buildXml({ v: { '@_k': 'x"y', '#text': VALUE }, e: '' }, 'asmx')).toBe(`<v k="x&quot;y">a &amp; b &lt; c &gt; d "e" \r\n\tf</v><e/>`);
});

test('ordered trees keep their sibling order; documents get the declaration and end in a newline', () => {
  expect(buildOrderedXml([{ b: [{ '#text': '2' }] }, { a: [{ '#text': '1' }] }])).toBe('<b>2</b><a>1</a>');
  expect(buildDocument({ root: { child: '' } })).toBe('<?xml version="1.0" encoding="utf-8"?>\n<root>\n  <child/>\n</root>\n');
});

// The request flavour escapes values itself, and only those that need it (build.ts, escaping): it
// writes what the builder's own entity processing writes with the same table, value for value.
const ownEntities = new XMLBuilder({
  ignoreAttributes: false, attributeNamePrefix: '@_', textNodeName: '#text', suppressBooleanAttributes: false, processEntities: true,
  entities: [['&', '&amp;'], ['<', '&lt;'], ['>', '&gt;'], ['"', '&quot;'], ['\n', '&#xA;'], ['\t', '&#x9;'], ['\r', '&#xD;']].map(([c, val]) => ({ regex: new RegExp(c!, 'g'), val })),
} as ConstructorParameters<typeof XMLBuilder>[0]);

test('request: the same document as the builder escaping every value with the same entity table', () => {
  const text = fc.string({ unit: fc.constantFrom('a', ' ', '&', '<', '>', '"', "'", '\r', '\n', '\t', 'é', '&amp;') });
  const value = fc.oneof(text, fc.integer(), fc.boolean());
  const node = fc.record({ '@_k': text, '#text': value, child: fc.record({ '@_x': value, leaf: value, list: fc.array(value, { maxLength: 3 }) }) });
  fc.assert(fc.property(node, (n) => {
    const doc = { root: n };
    expect(buildXml(doc, 'request')).toBe(ownEntities.build(doc));
  }), { numRuns: 300 });
});

// junit.xml's fragments escape the same way, and leave CDATA to the builder (which splits "]]>").
const ownFragmentEntities = new XMLBuilder({
  ignoreAttributes: false, attributeNamePrefix: '@_', textNodeName: '#text', cdataPropName: '#cdata', suppressEmptyNode: true, suppressBooleanAttributes: false, processEntities: true,
  entities: [['&', '&amp;'], ['<', '&lt;'], ['>', '&gt;'], ['"', '&quot;'], ['\n', '&#xA;'], ['\t', '&#x9;'], ['\r', '&#xD;']].map(([c, val]) => ({ regex: new RegExp(c!, 'g'), val })),
} as ConstructorParameters<typeof XMLBuilder>[0]);

test('fragments: the same testcase as the builder escaping every value, CDATA left as it is', () => {
  const text = fc.string({ unit: fc.constantFrom('a', ' ', '&', '<', '>', '"', "'", '\r', '\n', '\t', 'é', '&amp;', ']]>', ']') });
  const value = fc.oneof(text, fc.integer(), fc.float({ noNaN: true }), fc.boolean());
  const testcase = fc.record({
    '@_classname': text, '@_name': text, '@_time': value,
    failure: fc.record({ '@_message': text, '@_type': text, '#cdata': text }),
    'system-out': fc.record({ '#cdata': text }),
    skipped: fc.constantFrom('', 'x&y'),
  }, { requiredKeys: ['@_classname', '@_name'] });
  fc.assert(fc.property(testcase, (tc) => {
    const node = { testcase: tc };
    expect(buildFragment(node)).toBe(ownFragmentEntities.build(node));
  }), { numRuns: 300 });
});
