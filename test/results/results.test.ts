/** The plain data every layer shares: levels and what fails a run, findings of a record, redaction
 * and curl rendering (src/results/). */
import { describe, expect, test } from 'vitest';
import { findingsOf, levelCounts, noticesOf, outcomeOf } from '../../src/results/findings.js';
import { failOnOf, failsRun } from '../../src/results/levels.js';
import { curlCommand, redact, secretsOf, type ExchangeRecord } from '../../src/results/record.js';

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

  test('curl quotes for the shell and keeps the request exact', () => {
    const curl = curlCommand('http://h', { method: 'POST', path: '/p', headers: { 'Content-Type': 'text/xml' }, body: "it's <x/>" });
    expect(curl).toBe(`curl -sS -i -X POST 'http://h/p' -H 'Content-Type: text/xml' --data-binary 'it'\\''s <x/>'`);
  });
});
