/**
 * What `run` prints, by --format and --quiet. text: progress, the table, the report paths and the
 * verdict on stdout. json: one JSON document on stdout and nothing else there; the human text
 * goes to stderr. --quiet: only the verdict line (text) or the document (json), and errors.
 * Progress is a redrawn bar when its stream is a terminal, plain lines otherwise.
 */
import { waiverText } from '../report/digest/waivers.js';
import { isStale } from '../results/waivers.js';
import type { RunSettings } from '../config/settings.js';
import type { RunDigest } from '../report/digest/digest.js';
import { consoleTable } from '../report/formats/console.js';
import { consoleJson } from '../report/formats/console-json.js';
import { createProgress, type Progress } from './progress.js';
import { passes, verdictText, type RunInfo } from '../report/digest/summary.js';
import { EXIT, exitCodeForSignal } from './errors.js';
import type { Io } from './main.js';

export interface RunConsole {
  /** A line for people (dropped by --quiet). */
  say(line: string): void;
  /** Undefined under --quiet. */
  readonly progress: Progress | undefined;
  /** Prints the outcome and returns the exit code. */
  finish(digest: RunDigest, info: RunInfo, files: readonly string[], interrupted: string | undefined, extra?: readonly string[]): number;
}

export function runConsole(settings: Pick<RunSettings, 'format' | 'quiet' | 'operations' | 'transports' | 'reportsDir' | 'failOn'>, io: Io): RunConsole {
  const json = settings.format === 'json';
  const human = json ? io.err : io.out;
  const say = (line: string) => {
    if (!settings.quiet) human(line);
  };
  const tty = (json ? io.tty?.err : io.tty?.out) === true && io.env['TERM'] !== 'dumb';
  const raw = json ? io.raw?.err : io.raw?.out;
  const progress = settings.quiet
    ? undefined
    : createProgress({
      tty: tty && raw !== undefined,
      ...(io.tty?.columns ? { columns: io.tty.columns } : {}),
      write: (text) => (text.endsWith('\n') ? human(text.slice(0, -1)) : raw?.(text)),
    });
  return {
    say,
    progress,
    finish(digest, info, files, interrupted, extra = []) {
      progress?.done();
      const summary = digest.summary(info);
      const { verdict } = summary;
      const code = interrupted ? exitCodeForSignal(interrupted)
        : passes(verdict) ? EXIT.conforms : verdict === 'does-not-conform' ? EXIT.findings : EXIT.internal;
      say(consoleTable(digest, settings.operations, settings.transports, info));
      say(`Reports: ${files.join(', ')}`);
      for (const line of extra) say(line);
      // Each waiver: what it waived, or that it expired, or that it was stale (matched nothing).
      for (const u of digest.waivers.uses(info)) say(`${u.expiredMatches > 0 ? 'Waiver expired' : isStale(u) ? 'Stale waiver' : 'Waiver'}: ${waiverText(u)}`);
      const incomplete = info.incomplete && `Incomplete: ${info.incomplete.reason}; ${info.incomplete.casesNotRun} cases not run, ${info.incomplete.fuzzPropertiesInterrupted} fuzz properties stopped early`;
      if (settings.quiet) {
        // The table that lists them is not printed: errors still must be seen.
        for (const e of info.toolErrors) io.err(`tsiws-conform: tool error: ${e}`);
        if (incomplete) io.err(`tsiws-conform: ${incomplete}`);
      } else if (incomplete) say(incomplete);
      const verdictLine = `Verdict: ${verdictText(summary)} (${(info.durationMs / 1000).toFixed(1)} s)`;
      if (json) {
        io.out(consoleJson(digest, info, { reportsDir: settings.reportsDir, files, exitCode: code, ...(interrupted ? { interrupted } : {}) }));
        say(verdictLine);
      } else if (!interrupted) io.out(verdictLine);
      return code;
    },
  };
}
