/** FragmentTemplate: every fragment it fills is the builder's own text for the same values. */
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { attributes, buildFragment, cdataOf, FragmentTemplate } from '../../src/xml/build.js';

const make = ({ a, b, text }: Readonly<Record<'a' | 'b' | 'text', string>>) => ({ testcase: { ...attributes({ classname: a, name: b }), 'system-out': cdataOf(text) } });
const template = new FragmentTemplate(make, ['a', 'b'], ['text']);

test('plain values go in as they are, in the places the builder put them', () => {
  const values = { a: 'Op.soap11', b: 'soap11 xsd-valid', text: 'operation: Op\ncheck: xsd-valid' };
  expect(template.fill(values)).toBe(buildFragment(make(values)));
  expect(template.fill(values)).toBe('<testcase classname="Op.soap11" name="soap11 xsd-valid"><system-out><![CDATA[operation: Op\ncheck: xsd-valid]]></system-out></testcase>');
});

test('a value the builder would change is built by the builder: escapes, characters XML cannot hold, "]]>"', () => {
  for (const odd of ['a&b', 'x<y>', 'say "hi"', 'line\nbreak', 'tab\there', 'cr\r', 'bell\u0007', 'end]]>more', '\uFFFE']) {
    for (const key of ['a', 'b', 'text'] as const) {
      const values = { a: 'A', b: 'B', text: 'T', [key]: odd };
      expect(template.fill(values)).toBe(buildFragment(make(values)));
    }
  }
});

test('for any values, the template gives the builder\'s text', () => {
  // Pieces that matter to XML among any characters, so that the odd ones come up often.
  const piece = fc.oneof(fc.string({ unit: 'binary' }), fc.constantFrom(']]>', '&', '"', '\r\n', '\u0000', '\u2060'));
  const value = fc.array(piece, { maxLength: 4 }).map((p) => p.join(''));
  fc.assert(fc.property(value, value, value, (a, b, text) => {
    expect(template.fill({ a, b, text })).toBe(buildFragment(make({ a, b, text })));
  }), { numRuns: 200 });
});
