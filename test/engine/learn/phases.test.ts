/** A run against a target that keeps state goes in phases (src/engine/learn/phases.ts). */
import { expect, test } from 'vitest';
import { DEFAULTS } from '../../../src/config/settings.js';
import { isMutating, getOperation } from '../../../src/contract/index.js';
import type { LearnedState } from '../../../src/engine/learn/learned-state.js';
import { PHASES, phaseSettings, runsInPhase, runsInPhases } from '../../../src/engine/learn/phases.js';

const data: LearnedState = { pool: { records: [{ from: 'MobileAccountSearch', fields: { accountnumber: '1001' } }] }, discovery: { sent: 1, records: 1, probes: 0, transport: 'soap11' } };
const echo: LearnedState = { pool: { records: [] }, discovery: { sent: 12, records: 0, probes: 0, transport: 'soap11' } };

test.each([
  ['the embedded stateful service', { embedded: true, stateful: true, allowMutations: false, learned: data }, true],
  ['the embedded echo server', { embedded: true, stateful: false, allowMutations: false, learned: undefined }, false],
  ['a target with data, mutations allowed', { embedded: false, stateful: false, allowMutations: true, learned: data }, true],
  ['a target with data, mutations guarded', { embedded: false, stateful: false, allowMutations: false, learned: data }, false],
  ['an echo target, mutations allowed', { embedded: false, stateful: false, allowMutations: true, learned: echo }, false],
])('%s: in phases %s', (_, settings, phased) => {
  expect(runsInPhases(settings)).toBe(phased);
});

test('the phases partition the selected operations and suites: reads and the ?WSDL, then the writes, then the sequences', () => {
  const parts = PHASES.map((phase) => phaseSettings(DEFAULTS, phase));
  expect(parts.map((p) => p.phase)).toEqual(['reads', 'mutations', 'sequences']);
  const [reads, writes, sequences] = parts;
  expect(reads!.operations.every((o) => !isMutating(getOperation(o)))).toBe(true);
  expect(writes!.operations.every((o) => isMutating(getOperation(o)))).toBe(true);
  expect([...reads!.operations, ...writes!.operations].sort()).toEqual([...DEFAULTS.operations].sort());
  expect(sequences!.operations).toEqual(DEFAULTS.operations);
  expect(reads!.suites).toEqual(['positive', 'negative', 'fuzz', 'service']);
  expect(writes!.suites).toEqual(['positive', 'negative', 'fuzz']);
  expect(sequences!.suites).toEqual(['sequences']);
});

test('a regression run replays its baseline with the reads and the mutations, never again with the sequences', () => {
  expect(PHASES.map((p) => [p, runsInPhase(p, 'baseline')])).toEqual([['reads', true], ['mutations', true], ['sequences', false]]);
  expect(PHASES.map((p) => [p, runsInPhase(p, 'sequences')])).toEqual([['reads', false], ['mutations', false], ['sequences', true]]);
  // A run without phases (the echo server) runs every suite it selected.
  expect(runsInPhase(undefined, 'baseline')).toBe(true);
});
