/** The plain data every layer shares: levels and what fails a run, findings of a record, redaction
 * and curl rendering (src/results/). */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { findingsOf, levelCounts, noticesOf, outcomeOf } from '../../src/results/findings.js';
import { failOnOf, failsRun } from '../../src/results/levels.js';
import { curlCommand } from '../../src/results/curl.js';
import { redact } from '../../src/results/redact.js';
import { secretsOf } from '../../src/results/secrets.js';
import type { ExchangeRecord } from '../../src/results/record.js';

describe('levels', () => {
  test.each([
    ['error', 'error', true], ['warning', 'error', false], ['info', 'error', false],
    ['error', 'warning', true], ['warning', 'warning', true], ['info', 'warning', false],
    [undefined, 'error', true],
  ] as const)('a %s finding fails a run with --fail-on %s: %s', (level, failOn, fails) => {
    expect(failsRun(level, failOn)).toBe(fails);
  });

  test('a report without failOn in its configuration failed on errors', () => {
    expect([failOnOf({ configuration: {} }), failOnOf({ configuration: { failOn: 'warning' } }), failOnOf({ configuration: { failOn: 'nonsense' } })]).toEqual(['error', 'warning', 'error']);
  });
});

describe('findings of a record', () => {
  const record = (checks: ExchangeRecord['checks'], extra: Partial<ExchangeRecord> = {}): ExchangeRecord => ({
    operation: 'MobileAccountSearch', transport: 'get', caseId: 'c', kind: 'negative', request: { method: 'GET', url: 'u', headers: {}, curl: '' }, checks, ...extra,
  });
  const warned = record([{ id: 'a', status: 'failed', level: 'warning', message: 'w' }, { id: 'b', status: 'failed', level: 'info', message: 'i' }, { id: 'c', status: 'passed' }]);

  test('warnings and info fail nothing by default; a warning fails under --fail-on warning', () => {
    expect([findingsOf(warned, 'error'), outcomeOf(warned, 'error')]).toEqual([[], 'passed']);
    expect([findingsOf(warned, 'warning'), outcomeOf(warned, 'warning')]).toEqual([['a: w'], 'failed']);
    expect(noticesOf(warned, 'error').map((c) => c.id)).toEqual(['a', 'b']);
    expect(levelCounts([warned, warned])).toEqual({ error: 0, warning: 2, info: 2 });
  });

  test('a crashed check or an exchange not completed is an error at any --fail-on', () => {
    expect(outcomeOf(record([{ id: 'x', status: 'error', message: 'boom' }]), 'error')).toBe('error');
    const unfinished = record([], { error: { code: 'TSIWS_TIMEOUT', message: 't' } });
    expect([outcomeOf(unfinished, 'error'), findingsOf(unfinished, 'error')]).toEqual(['error', ['TSIWS_TIMEOUT: t']]);
    expect(outcomeOf(record([], { skipped: 'held back' }), 'warning')).toBe('skipped');
  });
});

describe('redaction and curl', () => {
  test('every form of a secret (as sent, percent- and form-encoded) becomes its placeholder', () => {
    const secrets = secretsOf({ sig: 'a+b/c=d e', timestamp: '2024-01-01T00:00:00Z', mobilekey: 'xy' });
    const text = 'sig=a+b/c=d e; q=a%2Bb%2Fc%3Dd%20e; f=a%2Bb%2Fc%3Dd+e; t=2024-01-01T00:00:00Z; k=xy';
    // mobilekey "xy" is too short to be a secret worth hiding (it would hide ordinary text).
    expect(redact(text, secrets)).toBe('sig=<SIGNATURE>; q=<SIGNATURE>; f=<SIGNATURE>; t=<TIMESTAMP>; k=xy');
    expect(redact(text, [])).toBe(text);
  });

  test('lists of the same secrets share their forms; a list of other secrets gets its own', () => {
    const text = 'sig=first-secret; other=second-secret';
    expect(redact(text, secretsOf({ sig: 'first-secret' }))).toBe('sig=<SIGNATURE>; other=second-secret');
    expect(redact(text, secretsOf({ sig: 'first-secret' }))).toBe('sig=<SIGNATURE>; other=second-secret');
    expect(redact(text, secretsOf({ sig: 'second-secret' }))).toBe('sig=first-secret; other=<SIGNATURE>');
    expect(redact(text, secretsOf({ mobilekey: 'first-secret' }))).toBe('sig=<MOBILE_KEY>; other=second-secret');
    // More distinct lists than are kept: each still redacts with its own.
    for (let i = 0; i < 100; i++) expect(redact(`v=secret-${i}`, secretsOf({ sig: `secret-${i}` }))).toBe('v=<SIGNATURE>');
  });

  test('any lists, each new or used again, texts holding any forms: redacted as the plain algorithm does', () => {
    // The plain algorithm, without the caches of the real one: every form of every secret (first
    // secret of the list wins a shared form), longest first, in one pass.
    const plain = (text: string, secrets: ReadonlyArray<[string, string]>) => {
      const placeholders = new Map<string, string>();
      for (const [value, placeholder] of secrets) {
        for (const form of [value, encodeURIComponent(value), new URLSearchParams({ v: value }).toString().slice(2)]) if (!placeholders.has(form)) placeholders.set(form, placeholder);
      }
      const forms = [...placeholders.keys()].sort((a, b) => b.length - a.length);
      return forms.length === 0 ? text : text.replace(new RegExp(forms.map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g'), (m) => placeholders.get(m)!);
    };
    const value = fc.stringMatching(/^[a-z0-9 +\/=:%.~!'()*-]{4,12}$/);
    const formOf = (v: string, f: number) => [v, encodeURIComponent(v), new URLSearchParams({ v }).toString().slice(2)][f]!;
    // A few values, and forms of them as values of their own: lists share secrets and forms.
    const pool = fc.tuple(fc.uniqueArray(value, { minLength: 1, maxLength: 3 }), fc.nat(2)).map(([vs, f]) => [...vs, ...vs.map((v) => formOf(v, f)).filter((v) => v.length >= 4)]);
    const entry = fc.tuple(fc.nat(20), fc.constantFrom('<A>', '<B>', '<C>'));
    fc.assert(fc.property(pool, fc.array(fc.array(entry, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 4 }), fc.array(fc.tuple(fc.nat(20), fc.nat(2), fc.string({ maxLength: 6 })), { maxLength: 6 }), (values, picks, pieces) => {
      const text = pieces.map(([i, f, filler]) => filler + formOf(values[i % values.length]!, f)).join('');
      for (const pick of picks) {
        const secrets = pick.map(([i, placeholder]): [string, string] => [values[i % values.length]!, placeholder]);
        expect(redact(text, secrets)).toBe(plain(text, secrets));
        // The same list again, and a copy of it (a new list of the same secrets).
        expect(redact(text, secrets)).toBe(plain(text, secrets));
        expect(redact(text, secrets.map(([a, b]): [string, string] => [a, b]))).toBe(plain(text, secrets));
      }
    }), { numRuns: 300 });
  });

  test('curl quotes for the shell and keeps the request exact', () => {
    const curl = curlCommand('http://h', { method: 'POST', path: '/p', headers: { 'Content-Type': 'text/xml' }, body: "it's <x/>" });
    expect(curl).toBe(`curl -sS -i -X POST 'http://h/p' -H 'Content-Type: text/xml' --data-binary 'it'\\''s <x/>'`);
  });
});
