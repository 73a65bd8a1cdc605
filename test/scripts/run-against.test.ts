/** scripts/run-against.ts: a run against a stack listens for SIGINT and SIGTERM only while it lasts
 * (test:personalities runs one after another in one process: listeners left behind stopped earlier
 * stacks again on an interrupt, and Node warned of a leak at the eleventh). */
import { expect, test } from 'vitest';
import { runCliAgainst } from '../../scripts/run-against.js';

test('the interrupt listeners are gone once the run has ended, and the stack was stopped once', async () => {
  const before = ['SIGINT', 'SIGTERM'].map((s) => process.listenerCount(s));
  let stops = 0;
  // `run --help` ends at once: the run's whole life, without a target.
  for (let i = 0; i < 2; i++) {
    const { exitCode, stdout } = await runCliAgainst(['--help'], async () => void stops++);
    expect(exitCode).toBe(0);
    expect(stdout).toMatch(/--base-url/);
  }
  expect(['SIGINT', 'SIGTERM'].map((s) => process.listenerCount(s))).toEqual(before);
  expect(stops).toBe(2);
}, 60_000);
