/** The run command's console line of a --baseline run. */
import type { ExchangeRecord } from '../results/record.js';
import { regressionData } from '../report/regression-json.js';

export function regressionLine(records: readonly ExchangeRecord[], baselineDir: string): string {
  const { summary: s, differences } = regressionData(records);
  const classes = [...new Set(differences.map((d) => d.class))].map((c) => `${c} ${differences.filter((d) => d.class === c).length}`).join(', ');
  return `Regression: ${s.compared} exchanges compared with the baseline in ${baselineDir}: ${s.same} same, ${s.explained} explained by normalisation rules, ${s.different} differ${classes ? ` (${classes})` : ''}, ${s.notSent} not sent`;
}
