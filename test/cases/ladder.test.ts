/** The ladder's cases (src/cases/ladder.ts): each changes one parameter of the accepted request. */
import { describe, expect, test } from 'vitest';
import { LADDER, ladderSteps, rungsWithin } from '../../src/cases/ladder.js';

const BASE = { sonumber: '6001', logcomment: 'On site', logreason: '', internalcomments: 'ok' };

describe('the ladder', () => {
  test('every step differs from the base in exactly its one parameter', () => {
    const steps = ladderSteps(BASE, ['logcomment', 'logreason'], 4000);
    expect(steps).toHaveLength(2 * LADDER.length);
    for (const s of steps) {
      const changed = Object.keys(BASE).filter((k) => s.values[k] !== BASE[k as keyof typeof BASE]);
      expect(changed).toEqual([s.param]);
    }
  });

  test('the rungs: each character inside the accepted value, each length exact', () => {
    const values = Object.fromEntries(ladderSteps(BASE, ['logcomment'], 4000).map((s) => [s.rung.id, s.values['logcomment']]));
    expect(values).toMatchObject({ dquote: 'On site"x', lt: 'On site<x', lf: 'On site\nx', squote: "On site'x", backslash: 'On site\\x', amp: 'On site&x', 'cdata-end': 'On site]]>x', tab: 'On site\tx', 'non-ascii': 'On siteÜ日😀x' });
    for (const n of [255, 256, 1000, 4000]) expect(values[`len-${n}`]).toHaveLength(n);
    expect(values['len-256']!.startsWith('On siteOn site')).toBe(true);
    // An empty value takes "x" around the character, so the character is never alone.
    expect(ladderSteps(BASE, ['logreason'], 4000).find((s) => s.rung.id === 'dquote')!.values['logreason']).toBe('x"x');
  });

  test('no control character XML 1.0 forbids: every rung travels in a SOAP body as it is', () => {
    for (const s of ladderSteps(BASE, ['logcomment'], 4000)) expect(s.values['logcomment']).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
  });

  test('--max-string-length caps the lengths: a longer rung is left out, not cut', () => {
    expect(rungsWithin(1000).map((r) => r.id).filter((id) => id.startsWith('len-'))).toEqual(['len-255', 'len-256', 'len-1000']);
    const steps = ladderSteps(BASE, ['logcomment'], 300);
    expect(steps.map((s) => s.rung.id).filter((id) => id.startsWith('len-'))).toEqual(['len-255', 'len-256']);
    expect(Math.max(...steps.map((s) => s.values['logcomment']!.length))).toBeLessThanOrEqual(300);
  });
});
