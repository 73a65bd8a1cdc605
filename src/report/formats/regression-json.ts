/** reports/regression.json (runs given --baseline): every exchange whose answer differs from the
 * baseline's, classified, with both answers and a diff; the differences that normalisation rules
 * explained; and the rules in force. The comparison itself is counted in ../digest/regression-data.ts. */
import type { RunInfo } from '../digest/summary.js';
import type { RegressionData } from '../digest/regression-data.js';

export function regressionJson(data: RegressionData, run: RunInfo): string {
  return `${JSON.stringify({ schemaVersion: 1, baseline: run.configuration['baseline'] ?? null, seed: run.seed, ...data }, null, 2)}\n`;
}
