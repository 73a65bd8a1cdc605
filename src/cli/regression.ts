/** The run command's regression parts: starting a --record baseline, the console line of a --baseline run. */
import { resolve } from 'node:path';
import { ConfigError } from '../config/errors.js';
import { redactedSettings, type RunSettings } from '../config/settings.js';
import type { ExchangeRecord } from '../engine/record.js';
import { BaselineRecorder } from '../regression/recorder.js';
import { regressionData } from '../report/regression-json.js';

export function startRecording(settings: RunSettings, tool: { name: string; version: string }): BaselineRecorder {
  const dir = settings.record!;
  if (settings.baseline && resolve(settings.baseline) === resolve(dir)) {
    throw new ConfigError(`--record ${dir} is the folder given to --baseline; record the new baseline in another folder`);
  }
  if (resolve(settings.reportsDir) === resolve(dir)) throw new ConfigError(`--record ${dir} is the --reports folder; give the baseline its own folder`);
  return new BaselineRecorder(dir, {
    tool,
    target: settings.baseUrl ?? 'embedded reference server',
    startedAt: new Date().toISOString(),
    seed: settings.seed,
    settings: redactedSettings(settings),
  });
}

export function regressionLine(records: readonly ExchangeRecord[], baselineDir: string): string {
  const { summary: s, differences } = regressionData(records);
  const classes = [...new Set(differences.map((d) => d.class))].map((c) => `${c} ${differences.filter((d) => d.class === c).length}`).join(', ');
  return `Regression: ${s.compared} exchanges compared with the baseline in ${baselineDir}: ${s.same} same, ${s.explained} explained by normalisation rules, ${s.different} differ${classes ? ` (${classes})` : ''}, ${s.notSent} not sent`;
}
