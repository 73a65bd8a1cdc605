/**
 * A run that ended before its first test (bad usage: exit 2, target unreachable: exit 3, a crash
 * of this tool: exit 4) still leaves reports that say why, as Newman does: the earlier run's
 * reports are removed, and results.json (verdict `error`, `run.failure`), junit.xml (one <error>
 * testcase), report.html (the reason, the fix and the command line, and no matrix: nothing was
 * sent), parity.json and a certificate for them are written, and with --allure
 * the Allure results (one broken result). `--format json` gets
 * its one document too. Where the reports go cannot be known when --reports itself is bad: then
 * the error is only printed.
 */
import { parseArgs } from 'node:util';
import { inputFor, resolveOne, type ResolveInput } from '../config/resolve.js';
import { shownCommandLine } from '../config/shown-command-line.js';
import { DEFAULTS, redactedSettings, type RunSettings } from '../config/settings.js';
import { CATALOGS } from '../checks/catalogs.js';
import { consoleJson } from '../report/formats/console-json.js';
import type { RunInfo } from '../report/digest/summary.js';
import { clearReports, ReportsFolderError, writeReports } from '../report/write.js';
import { AllureFolderError } from '../report/foreign/allure-folder.js';
import { RunDigest } from '../report/digest/digest.js';
import { failOnOf } from '../results/levels.js';
import { errorCodeOf, exitCodeFor, fixFor } from './errors.js';
import type { Io } from './main.js';
import type { Options } from '../config/args.js';

export interface FailedRun {
  readonly argv: readonly string[];
  readonly options: Options;
  /** The settings, when they resolved before the failure. */
  readonly settings: RunSettings | undefined;
  readonly startedAt: Date;
  readonly tool: RunInfo['tool'];
}

/** Best effort: the flags as given, even next to an unknown or malformed one. */
function looseFlags(argv: readonly string[], options: Options): ResolveInput['flags'] {
  try {
    return parseArgs({ args: [...argv], options, strict: false, allowPositionals: true }).values as ResolveInput['flags'];
  } catch {
    return {};
  }
}

/** Prints the error, writes the reports that say why, and returns the exit code. */
export async function runFailed(err: unknown, run: FailedRun, io: Io): Promise<number> {
  const exitCode = exitCodeFor(err, io.err);
  const flags = looseFlags(run.argv, run.options);
  const input = inputFor(flags, io.env, CATALOGS);
  const settings = run.settings;
  const reportsDir = err instanceof ReportsFolderError ? undefined : settings ? settings.reportsDir : resolveOne(input, 'reportsDir');
  const format = settings ? settings.format : resolveOne(input, 'format') ?? 'text';
  const message = exitCode === 4 ? `internal error: ${(err as Error).message ?? String(err)}` : (err as Error).message ?? String(err);
  const baseUrl = settings ? settings.baseUrl : resolveOne(input, 'baseUrl');
  const info: RunInfo = {
    tool: run.tool,
    target: baseUrl ?? 'embedded reference server',
    embedded: baseUrl === undefined,
    namespace: settings?.namespace ?? resolveOne(input, 'namespace') ?? DEFAULTS.namespace,
    startedAt: run.startedAt.toISOString(),
    durationMs: Date.now() - run.startedAt.getTime(),
    configuration: settings ? redactedSettings(settings) : {},
    ...(settings?.sources ? { configurationSources: settings.sources } : {}),
    toolErrors: [message],
    seed: settings?.seed ?? 0,
    failure: { code: errorCodeOf(err), exitCode, message, fix: fixFor(err), commandLine: shownCommandLine('run', run.argv) },
  };
  let files: string[] = [];
  if (reportsDir !== undefined) {
    try {
      clearReports(reportsDir);
      files = writeReports(reportsDir, new RunDigest(failOnOf(info)), info);
    } catch (writeErr) {
      io.err(`tsiws-conform: the reports saying why could not be written to ${reportsDir}: ${(writeErr as Error).message}`);
    }
  }
  // The Allure results say it too: the tool error as a broken result, as junit.xml's <error>.
  const allure = err instanceof AllureFolderError ? undefined : settings ? settings.allure : resolveOne(input, 'allure');
  if (allure !== undefined) {
    try {
      const digest = new RunDigest(failOnOf(info));
      const { AllureResults } = await import('../report/foreign/allure-results.js');
      new AllureResults({ dir: allure, reportsDir: reportsDir ?? settings?.reportsDir ?? DEFAULTS.reportsDir, seed: info.seed, failOn: digest.failOn, warn: (line) => io.err(`tsiws-conform: ${line}`) }).finish(digest, info);
    } catch (allureErr) {
      io.err(`tsiws-conform: ${(allureErr as Error).message}`);
    }
  }
  if (format === 'json') io.out(consoleJson([], info, { reportsDir, files, exitCode }));
  return exitCode;
}
