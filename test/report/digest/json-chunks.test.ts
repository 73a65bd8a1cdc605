import { expect, it } from 'vitest';
import { jsonChunks } from '../../../src/report/digest/json-chunks.js';
it('x', () => {
  const obj = { a: 1, list: [{ x: [1, 2], y: 'a\nb' }, 3, [], {}], verdicts: { 'k 1': 'passed', 'x': { z: [1] } }, empty: [], tail: { q: 1 } };
  const head = { ...obj, list: [], verdicts: {}, empty: [] };
  const text = [...jsonChunks(head, { list: { items: obj.list }, verdicts: { entries: Object.entries(obj.verdicts) }, empty: { items: [] } })].join('');
  expect(text).toBe(`${JSON.stringify(obj, null, 2)}\n`);
});
