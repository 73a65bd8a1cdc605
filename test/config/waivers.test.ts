/** Waiver validation (issue 60, item 3): one line per problem with its JSON pointer, reason and
 * expiry required, an expiry more than a year ahead refused; the file holds { waivers } or an array. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { waiverProblems, waiversFile, waiversFrom } from '../../src/config/waivers.js';
import { ConfigError } from '../../src/config/errors.js';

const TODAY = '2026-11-29';
const ok = { check: 'content-type', transport: 'get', reason: 'legacy host answers GET as HTML', expires: '2027-01-31', ticket: 'OPS-12' };

test('a valid list has no problem; the same list resolves unchanged', () => {
  expect(waiverProblems([ok, { check: 'xsd-valid', reason: 'r', expires: TODAY }], '/waivers', TODAY)).toEqual([]);
  expect(waiversFrom([ok], '--waivers', '', TODAY)).toEqual([ok]);
});

test('each problem is one line with its JSON pointer: missing reason, unknown key, wrong type, bad date', () => {
  const { reason: _r, ...noReason } = ok;
  const problems = waiverProblems([noReason, { ...ok, operaton: 'X' }, { ...ok, check: 3 }, { ...ok, expires: '31.01.2027' }], '/waivers', TODAY);
  expect(problems).toEqual([
    "/waivers/0: must have required property 'reason'",
    '/waivers/1: must NOT have additional properties "operaton"',
    '/waivers/2/check: must be string',
    '/waivers/3/expires: must match pattern "^\\d{4}-\\d{2}-\\d{2}$"',
  ]);
});

test('an expiry more than a year ahead, or no calendar day, is refused; a year ahead is allowed', () => {
  expect(waiverProblems([{ ...ok, expires: '2027-11-30' }], '', TODAY)).toEqual([]);
  expect(waiverProblems([{ ...ok, expires: '2027-12-01' }], '', TODAY)).toEqual(['/0/expires: 2027-12-01 is more than a year ahead (at most 2027-11-30); review the waiver within a year']);
  expect(waiverProblems([{ ...ok, expires: '2027-02-30' }], '', TODAY)).toEqual(['/0/expires: "2027-02-30" is not a calendar day']);
});

test('a waivers file holds { "waivers": [...] } or the bare array; anything else is a ConfigError naming the file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tsiws-waivers-'));
  const file = (name: string, data: unknown) => {
    writeFileSync(join(dir, name), typeof data === 'string' ? data : JSON.stringify(data));
    return join(dir, name);
  };
  expect(waiversFile(file('object.json', { waivers: [ok] }), '--waivers', TODAY)).toEqual([ok]);
  expect(waiversFile(file('array.json', [ok]), '--waivers', TODAY)).toEqual([ok]);
  expect(() => waiversFile(file('other.json', { waiver: [] }), '--waivers', TODAY)).toThrow(/must hold \{ "waivers": \[\.\.\.\] \} or an array of waivers \(found "waiver"\)/);
  expect(() => waiversFile(file('broken.json', '{'), '--waivers', TODAY)).toThrow(ConfigError);
  const { expires: _e, ...noExpiry } = ok;
  expect(() => waiversFile(file('bad.json', { waivers: [noExpiry] }), 'TSIWS_WAIVERS', TODAY)).toThrow(`TSIWS_WAIVERS (${join(dir, 'bad.json')}): a waiver is not valid:\n  /waivers/0: must have required property 'expires'`);
});
