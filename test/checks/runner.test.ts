/** The one check runner: selection, levels, and a check that throws becoming a tool error, for
 * every kind of check alike. */
import { expect, test } from 'vitest';
import { ALL_CHECKS } from '../../src/checks/registry.js';
import { runChecks, selected } from '../../src/checks/runner.js';
import { fail, pass, skip, type CheckInfo, type Verdict } from '../../src/checks/types.js';
import { LEVELS } from '../../src/results/levels.js';

const info = (id: string, level: CheckInfo['level']): CheckInfo => ({ id, description: id, enforces: 'x', level, levelReason: 'because', appliesText: 'all' });

test('a failed verdict takes the level it names, or else its check\'s level', () => {
  const verdicts: Record<string, Verdict> = { a: fail('m'), b: fail('m', 'info'), c: pass, d: skip('nothing') };
  const outcomes = runChecks([info('a', 'warning'), info('b', 'error'), info('c', 'error'), info('d', 'error')], (c) => verdicts[c.id]!);
  expect(outcomes).toEqual([
    { id: 'a', status: 'failed', level: 'warning', message: 'm' },
    { id: 'b', status: 'failed', level: 'info', message: 'm' },
    { id: 'c', status: 'passed' },
    { id: 'd', status: 'skipped', message: 'nothing' },
  ]);
});

test('a check that throws is a tool error with its stack, and the others still run', () => {
  const outcomes = runChecks([info('boom', 'error'), info('fine', 'error')], (c) => {
    if (c.id === 'boom') throw new Error('kaput');
    return pass;
  });
  expect(outcomes[0]).toEqual({ id: 'boom', status: 'error', message: expect.stringMatching(/^check crashed: Error: kaput\n/) });
  expect(outcomes[1]).toEqual({ id: 'fine', status: 'passed' });
});

test('--checks narrows and --skip-checks removes, in catalog order', () => {
  const catalog = [info('a', 'error'), info('b', 'error'), info('c', 'error')];
  expect(selected(catalog, { checks: undefined, skipChecks: [] }).map((c) => c.id)).toEqual(['a', 'b', 'c']);
  expect(selected(catalog, { checks: ['c', 'a'], skipChecks: [] }).map((c) => c.id)).toEqual(['a', 'c']);
  expect(selected(catalog, { checks: ['a', 'b'], skipChecks: ['a'] }).map((c) => c.id)).toEqual(['b']);
});

test('every check of the catalog declares a level and the reason for it', () => {
  for (const c of ALL_CHECKS) {
    expect([c.id, LEVELS.includes(c.level)]).toEqual([c.id, true]);
    expect([c.id, c.levelReason.length > 20]).toEqual([c.id, true]);
  }
});

test('ASMX wording and error shapes are warnings; the spec\'s tables and the standards are errors', () => {
  const levelOf = (id: string) => ALL_CHECKS.find((c) => c.id === id)!.level;
  expect(['error-message-per-profile', 'rejection-per-profile', 'fault-code-per-profile', 'error-body-readable'].map(levelOf)).toEqual(['warning', 'warning', 'warning', 'warning']);
  expect(['http-status-200', 'content-type', 'xsd-valid', 'soap-fault-shape', 'transport-parity'].map(levelOf)).toEqual(['error', 'error', 'error', 'error', 'error']);
});
