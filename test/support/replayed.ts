/** What a regression run that found nothing shows: every recorded answer compared and the same. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { CliResult } from './cli.js';

/** The lines of a JSON-lines file, parsed. */
export const jsonLines = (file: string): unknown[] => readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as unknown);

/** `r` replayed the baseline in `base` and every answer was the same; returns how many there were. */
export function expectEveryAnswerSame(r: CliResult, base: string): number {
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  const answers = jsonLines(join(base, 'responses.jsonl')).length;
  const regression = r.json('regression.json');
  expect(regression.summary).toEqual({ compared: answers, same: answers, explained: 0, different: 0, shapeDrift: 0, notSent: 0 });
  expect(regression.differences).toEqual([]);
  expect(r.stdout).toMatch(new RegExp(`^Regression: ${answers} exchanges compared with the baseline in ${base}: ${answers} same, 0 explained by normalisation rules, 0 differ, 0 not sent$`, 'm'));
  return answers;
}
