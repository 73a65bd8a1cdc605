/**
 * Under GitHub Actions (GITHUB_ACTIONS=true), a run's verdict where the job shows it: the Markdown
 * summary appended to $GITHUB_STEP_SUMMARY and workflow commands for the first findings (formatted
 * in report/formats/ci-summary.ts). Here and not in the session: the file is named by the CI's environment,
 * which only the CLI reads (io.env), and a library caller chooses its own outputs. Under GitLab the
 * JUnit report serves (docs/ci.md). Off with --no-ci-summary.
 */
import { appendFileSync } from 'node:fs';
import { relative } from 'node:path';
import { stepSummaryMarkdown, workflowCommands } from '../report/formats/ci-summary.js';
import type { RunReport } from '../session/run-and-report.js';
import type { Io } from './main.js';

export function reportToCi({ settings, digest, info, files }: RunReport, io: Io): void {
  if (io.env['GITHUB_ACTIONS'] !== 'true' || settings.noCiSummary) return;
  const summaryFile = io.env['GITHUB_STEP_SUMMARY'];
  if (summaryFile) {
    // Links from the workspace the job checked out, where an upload step finds the same paths.
    const from = io.env['GITHUB_WORKSPACE'] ?? process.cwd();
    const markdown = stepSummaryMarkdown(digest, info, { operations: settings.operations, transports: settings.transports, files: files.map((f) => relative(from, f)) });
    try {
      appendFileSync(summaryFile, `${markdown}\n`);
    } catch (err) {
      // The reports are written already: a summary that cannot be is said, never a failed run.
      io.err(`tsiws-conform: warning: cannot append the job summary to GITHUB_STEP_SUMMARY ${summaryFile} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
    }
  }
  // The runner reads workflow commands from stderr as well as stdout: a `run:` step's ScriptHandler
  // gives each stream its own OutputManager with the ActionCommandManager, whose OnDataReceived
  // tries every line containing "::" as a command (actions/runner, src/Runner.Worker/Handlers/
  // ScriptHandler.cs and OutputManager.cs; observed on GitHub-hosted runners in
  // overengineeringstudio/effect-utils PR 969). So --format json keeps its stdout to the one
  // document and prints them on stderr; every other format prints them on stdout (docs/ci.md).
  const print = settings.format === 'json' ? io.err : io.out;
  for (const line of workflowCommands(digest, info)) print(line);
}
