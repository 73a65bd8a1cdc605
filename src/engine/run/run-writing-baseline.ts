/** A conformance run that also writes its baseline (run --record DIR): the library entry the run
 * command and the mutation scripts both call. */
import { resolve } from 'node:path';
import { ConfigError } from '../../config/errors.js';
import { redactedSettings, type RunSettings } from '../../config/settings.js';
import type { ExchangeRecord } from '../../results/record.js';
import { BaselineWriter } from '../../regression/baseline-writer.js';
import { conformanceRun, type RunOptions, type RunResult } from './run.js';

export function openBaselineWriter(settings: RunSettings, tool: { name: string; version: string }): BaselineWriter {
  const dir = settings.record!;
  if (settings.baseline && resolve(settings.baseline) === resolve(dir)) {
    throw new ConfigError(`--record ${dir} is the folder given to --baseline; record the new baseline in another folder`);
  }
  if (resolve(settings.reportsDir) === resolve(dir)) throw new ConfigError(`--record ${dir} is the --reports folder; give the baseline its own folder`);
  return new BaselineWriter(dir, {
    tool,
    target: settings.baseUrl ?? 'embedded reference server',
    startedAt: new Date().toISOString(),
    seed: settings.seed,
    settings: redactedSettings(settings),
  });
}

/** A conformance run that, with `settings.record` set, also records its baseline: every record and
 * every fuzz sample, the baseline closed as complete only when the run sent everything it planned.
 * The baselineWriter is started before the run, so a bad --record folder is refused before any request. */
export async function runWritingBaseline(settings: RunSettings, tool: { name: string; version: string }, options: RunOptions = {}): Promise<{ result: RunResult; baselineWriter?: BaselineWriter; complete: boolean }> {
  const baselineWriter = settings.record ? openBaselineWriter(settings, tool) : undefined;
  let result: RunResult;
  try {
    // The baseline needs each record itself; without one, the caller's handlers go as they are.
    result = await conformanceRun(settings, baselineWriter ? {
      ...options,
      onRecord: (r: ExchangeRecord, text: string) => {
        baselineWriter.add(r);
        if (options.onRecord) options.onRecord(r, text);
        else options.onRecordBytes?.(Buffer.from(`${text}\n`));
      },
      onSample: (r: ExchangeRecord) => baselineWriter.add(r),
    } : options);
  } catch (err) {
    baselineWriter?.close(false); // what was recorded stays, marked incomplete
    throw err;
  }
  const complete = !result.interrupted && result.cutShort === 0 && result.toolErrors.length === 0;
  baselineWriter?.close(complete);
  return { result, complete, ...(baselineWriter ? { baselineWriter } : {}) };
}
