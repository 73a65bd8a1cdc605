/** tsiws-conform run: resolve settings, run and write the reports (session/run-and-report.ts),
 * print the table, exit 0/1/4; an interrupted run still writes its reports (129/130/143), and so
 * does one that fails early (2/3/4). */
import { optionsOf } from '../config/commands.js';
import type { RunSettings } from '../config/settings.js';
import type { Flags, Options } from '../config/args.js';
import { discoveryLine } from '../report/digest/summary.js';
import { searchLine } from '../report/digest/search-line.js';
import { anchorsLine } from '../report/digest/anchors.js';
import { toolInfo } from '../results/tool-info.js';
import { listenForInterruption, runAndReport, type RunReport } from '../session/run-and-report.js';
import { reportToCi } from './ci-summary.js';
import { checkingSettings, commandLine } from './settings.js';
import { EXIT } from './errors.js';
import type { Io } from './main.js';
import { regressionLine } from './regression.js';
import { runConsole } from './run-console.js';
import { runFailed } from './run-failure.js';

/** run's flags, for reading a command line that failed (run-failure.ts). */
export const runOptions: Options = optionsOf('run');

export default async function run(argv: string[], io: Io): Promise<number> {
  // The executable listens from its first line (io.interruption); called in process, the command
  // listens from its start, until a failed run's reports are written too.
  const interruption = listenForInterruption(io.interruption);
  const startedAt = new Date();
  let settings: RunSettings | undefined;
  try {
    const line = commandLine('run', argv, io);
    if (!line) return EXIT.conforms;
    return await conform(line.flags, io, interruption.signal, (resolved) => (settings = resolved));
  } catch (err) {
    return runFailed(err, { argv, options: runOptions, settings, startedAt, tool: toolInfo() }, io);
  } finally {
    interruption.stop();
  }
}

async function conform(flags: Flags, io: Io, signal: AbortSignal, resolvedAs: (settings: RunSettings) => void): Promise<number> {
  const resolved = await checkingSettings('run', flags, io);
  resolvedAs(resolved);
  const ui = runConsole(resolved, io);
  const report = await runAndReport(resolved, {
    signal,
    say: ui.say,
    warn: (line) => io.err(`tsiws-conform: ${line}`),
    ...(ui.progress ? { onProgress: ui.progress.onProgress } : {}),
  });
  const code = ui.finish(report.digest, report.info, report.files, report.interrupted, notesOf(report));
  reportToCi(report, io);
  return code;
}

/** The lines below the table: what discovery learned, the comparison with a baseline, the baseline written. */
function notesOf({ info, settings, digest, baselineWritten: written }: RunReport): string[] {
  return [
    ...(info.discovery ? [discoveryLine(info.discovery)] : []),
    ...(info.discovery?.search ? [searchLine(info.discovery.search)] : []),
    ...(info.discovery?.anchors ? [anchorsLine(info.discovery.anchors, settings.operations)] : []),
    ...(settings.baseline ? [regressionLine(digest.regression.data(), settings.baseline)] : []),
    ...(written ? [`Baseline recorded in ${written.dir}${written.complete ? '' : ', incomplete: only what the run sent'} (replay with --baseline ${written.dir})`] : []),
  ];
}
