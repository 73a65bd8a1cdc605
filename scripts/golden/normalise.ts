/**
 * Every file of the golden runs, normalised: a map from a stable name (`<run>/<file>`) to its text
 * with what legitimately varies between two runs of the same seed replaced or put in order. Which
 * normaliser applies goes by the file's kind; a file of no known kind fails the golden check, so
 * that a new report cannot go unpinned.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { GoldenContext } from './common.js';
import { normaliseAllure } from './normalise-allure.js';
import { normaliseConsole } from './normalise-console.js';
import { normaliseJson, normaliseRecords } from './normalise-json.js';
import { normaliseJunit } from './normalise-junit.js';
import { normaliseDurations } from './normalise-text.js';
import type { GoldenRun } from './runs.js';

type Normaliser = (text: string, ctx: GoldenContext) => string;

/** By file name within a run's folder; the first match wins. */
const KINDS: ReadonlyArray<readonly [RegExp, Normaliser]> = [
  [/^reports\/junit\.xml$/, normaliseJunit],
  [/^reports\/records\.jsonl$/, normaliseRecords],
  // report.html lists records in report order (report/digest/report-order.ts): only the run's times vary.
  [/^reports\/report\.html$/, normaliseDurations],
  [/^reports\/((results|parity|regression|certificate|tsiws\.postman_collection)\.json|failures\.har|failures\/[^/]+\.json)$/, normaliseJson],
  // The WS-I report's only varying value is its timestamp, the run's start (common.ts).
  [/^reports\/wsi-report\.xml$/, normaliseDurations],
  // The CI job summary the run appended to $GITHUB_STEP_SUMMARY: the target's port, the duration.
  [/^summary\.md$/, normaliseDurations],
];

/** Folders the runs write that are not reports: the baseline is the second run's input, and its
 * replay pins what of it matters (regression.json). */
const NOT_REPORTS = new Set(['baseline', '.env']);

export function normaliseRuns(runs: readonly GoldenRun[], ctx: GoldenContext): Map<string, string> {
  const out = new Map<string, string>();
  for (const run of runs) {
    const dir = join(ctx.root, run.name);
    out.set(`${run.name}/console.txt`, normaliseConsole(run, ctx));
    for (const file of filesUnder(dir)) {
      const name = relative(dir, file);
      if (NOT_REPORTS.has(name.split('/')[0]!) || name.startsWith('allure/')) continue;
      const kind = KINDS.find(([pattern]) => pattern.test(name));
      if (!kind) throw new Error(`golden reports: ${run.name}/${name} is a file of no known kind; give it a normaliser in scripts/golden/normalise.ts`);
      out.set(`${run.name}/${name}`, kind[1](readFileSync(file, 'utf8'), ctx));
    }
    out.set(`${run.name}/allure.json`, normaliseAllure(join(dir, 'allure'), ctx));
  }
  return out;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).sort().flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}
