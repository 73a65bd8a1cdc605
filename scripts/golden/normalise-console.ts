/**
 * What the run printed: stdout, then stderr. Progress lines say how far the run got at a moment of the clock, which
 * differs from run to run: they are left out, the table, counts, findings, workflow commands and
 * verdict stay.
 */
import type { GoldenContext } from './common.js';
import { normaliseDurations } from './normalise-text.js';
import type { GoldenRun } from './runs.js';

export function normaliseConsole(run: GoldenRun, ctx: GoldenContext): string {
  const lines = (text: string) => text.split('\n').filter((line) => !line.startsWith('progress: '));
  return normaliseDurations([`exit code ${run.code}`, '--- stdout', ...lines(run.stdout), '--- stderr', ...lines(run.stderr)].join('\n'), ctx);
}

