/** The run command's console line of a --baseline run. */
import type { RegressionData } from '../report/digest/regression-data.js';

/** `data`: the run's comparison with its baseline (its digest's, regression-json.ts). */
export function regressionLine({ summary: s, differences }: RegressionData, baselineDir: string): string {
  const classes = [...new Set(differences.map((d) => d.class))].map((c) => `${c} ${differences.filter((d) => d.class === c).length}`).join(', ');
  return `Regression: ${s.compared} exchanges compared with the baseline in ${baselineDir}: ${s.same} same, ${s.explained} explained by normalisation rules, ${s.different} differ${classes ? ` (${classes})` : ''}, ${s.notSent} not sent`;
}
