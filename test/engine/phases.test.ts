/** Which suites each phase of a run against a target that keeps state runs (src/engine/phases.ts). */
import { expect, test } from 'vitest';
import { PHASES, runsInPhase } from '../../src/engine/phases.js';

test('a regression run replays its baseline with the reads and the mutations, never again with the sequences', () => {
  expect(PHASES.map((p) => [p, runsInPhase(p, 'baseline')])).toEqual([['reads', true], ['mutations', true], ['sequences', false]]);
  expect(PHASES.map((p) => [p, runsInPhase(p, 'sequences')])).toEqual([['reads', false], ['mutations', false], ['sequences', true]]);
  // A run without phases (the echo server) runs every suite it selected.
  expect(runsInPhase(undefined, 'baseline')).toBe(true);
});
