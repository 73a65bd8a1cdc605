/** XmlTemplate, the one template mechanism of request envelopes and report fragments: filled in
 * where the builder put each value, whatever its order, and built by the builder otherwise. */
import { expect, test } from 'vitest';
import { XmlTemplate } from '../../src/xml/template.js';

// A builder that writes its values in the other order and escapes '&'.
const build = (v: Readonly<Record<'a' | 'b', string>>) => `<x b="${String(v.b).replace(/&/g, '&amp;')}">${String(v.a).replace(/&/g, '&amp;')}</x>`;
let built = 0;
const template = new XmlTemplate((v: Readonly<Record<'a' | 'b', string>>) => (built++, build(v)), ['a', 'b'], () => /&/);

test('verbatim values go where the builder put them, without building', () => {
  built = 0;
  expect(template.fill({ a: 'one', b: 'two' })).toBe('<x b="two">one</x>');
  expect(built).toBe(0);
  expect(template.verbatim('b', 'plain')).toBe(true);
  expect(template.verbatim('a', 'a&b')).toBe(false);
});

test('a value the builder would change, or one that is not a string, is built by the builder', () => {
  built = 0;
  expect(template.fill({ a: 'a&b', b: 'two' })).toBe(build({ a: 'a&b', b: 'two' }));
  expect(built).toBe(1);
  template.fill({ a: 1 as unknown as string, b: 'two' });
  expect(built).toBe(2);
});
