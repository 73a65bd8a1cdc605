/** Progress: a redrawn bar on a terminal, plain lines without escapes elsewhere. */
import { expect, test } from 'vitest';
import { createProgress, progressLine } from '../../src/cli/progress.js';

test('the bar line fits the width and says how far the run is', () => {
  const line = progressLine(250, 1000, 3, 12_400, 80);
  expect(line).toBe(`[${'#'.repeat(10)}${'-'.repeat(29)}]  25% 250/1000 tests, 3 findings, 12 s`);
  expect(line.length).toBeLessThanOrEqual(80);
  expect(progressLine(5, 9, 1, 0, 60, false)).toMatch(/ 5\/9\+ tests, 1 finding, 0 s$/);
  expect(progressLine(1000, 1000, 0, 0, 50).length).toBeLessThanOrEqual(50);
});

test('not a terminal: one plain line per further tenth, only once every suite is collected, no escapes', () => {
  const out: string[] = [];
  let clock = 0;
  const p = createProgress({ write: (t) => out.push(t), tty: false, now: () => clock });
  p.onProgress(1, 1, false, 1); // only the first suite collected: 100% of 1 would mislead
  for (let i = 1; i <= 40; i++) {
    clock += 100;
    // The workers' count of exchanges with findings comes with each result; a result without one keeps it.
    if (i === 2) p.onProgress(i, 40, true, 4);
    else p.onProgress(i, 40, true);
  }
  p.done();
  expect(out).toHaveLength(10);
  expect(out[0]).toBe('progress: 4/40 tests (10%), 4 exchanges with findings, 0 s\n');
  expect(out[9]).toBe('progress: 40/40 tests (100%), 4 exchanges with findings, 4 s\n');
  expect(out.join('')).not.toMatch(/[\x1b\r]/);
});

test('a terminal: the bar is redrawn in place at most every 100 ms and cleared at the end', () => {
  const out: string[] = [];
  let clock = 1000;
  const p = createProgress({ write: (t) => out.push(t), tty: true, columns: 60, now: () => clock });
  for (let i = 1; i <= 20; i++) {
    clock += 30;
    p.onProgress(i, 20, true);
  }
  p.done();
  // 600 ms of progress: a redraw per 100 ms, plus the final 20/20.
  expect(out.length).toBeGreaterThanOrEqual(6);
  expect(out.length).toBeLessThanOrEqual(8);
  for (const frame of out.slice(0, -1)) expect(frame).toMatch(/^\r\x1b\[K\[[#-]+\] +\d+% \d+\/20 tests/);
  expect(out.at(-2)).toContain('100% 20/20 tests');
  expect(out.at(-1)).toBe('\r\x1b[K');
});
