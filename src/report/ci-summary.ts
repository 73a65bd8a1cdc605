/**
 * What a run shows where GitHub Actions looks (issue 40, part 4), pure: a Markdown job summary
 * (verdict, the operations x transports table as the console shows it, the first findings, links to
 * the report files) and workflow commands (`::error` / `::warning`) for the first findings. Writing
 * and printing them is the CLI's (cli/ci-summary.ts). Messages come from the records, which are
 * redacted when made (results/record.ts): no secret reaches either.
 */
import type { TransportId } from '../transports/index.js';
import { failsRun } from '../results/levels.js';
import { cellMark } from './console.js';
import { failureId } from './failure-files.js';
import type { RunDigest } from './digest.js';
import { failuresOf, verdictText, type RunInfo } from './summary.js';

/** GitHub shows at most 10 error and 10 warning annotations per step, but the log keeps every
 * command; 50 keeps a large run's log readable (issue 40). */
export const MAX_WORKFLOW_COMMANDS = 50;
const MAX_SUMMARY_FINDINGS = 20;

export interface SummaryView {
  readonly operations: readonly string[];
  readonly transports: readonly TransportId[];
  /** The report files written, as links: paths relative to the job's workspace. */
  readonly files: readonly string[];
}

/** One finding as both outputs show it; failing ones first, in report order. */
interface Shown {
  readonly fails: boolean;
  readonly check: string;
  readonly operation: string;
  readonly transport: string;
  readonly caseId: string;
  /** Its failure file (failure-files.ts, failureId). */
  readonly file: string;
  /** The message's first line: the rest is in the failure file. */
  readonly message: string;
}

function shownFindings(digest: RunDigest): Shown[] {
  const all = failuresOf(digest.kept).map((f) => ({
    fails: f.status === 'error' || failsRun(f.level, digest.failOn),
    check: f.check, operation: f.operation, transport: f.transport, caseId: f.caseId, file: `failures/${failureId(f)}.json`,
    message: f.message.split('\n')[0]!,
  }));
  return [...all.filter((f) => f.fails), ...all.filter((f) => !f.fails)];
}

/** CommonMark lets any ASCII punctuation be escaped with a backslash: a target's text (a message
 * quotes answers) can then open no emphasis, code span, link, tag, entity or table cell, and no
 * bare URL, www. name or e-mail address becomes a link (GFM's autolinks need an unescaped ':' or
 * '.'). What matters only at a line's start (#, -, +) cannot be there: each line starts with ours. */
export const markdownText = (text: string): string => text.replace(/[\\`*_[\]<>|&~:.]/g, '\\$&');

export function stepSummaryMarkdown(digest: RunDigest, info: RunInfo, view: SummaryView): string {
  const summary = digest.summary(info);
  const columns = [...view.transports, 'parity'];
  const header = ['operation', ...columns];
  const lines = [
    '## tsiws-conformance',
    '',
    `**Verdict: ${markdownText(verdictText(summary))}** against ${markdownText(info.target)} (${(info.durationMs / 1000).toFixed(1)} s)`,
    '',
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...view.operations.map((op) => `| ${[op, ...columns.map((t) => cellMark(digest, op, t))].join(' | ')} |`),
    '',
  ];
  const findings = shownFindings(digest);
  if (findings.length > 0) {
    lines.push(`### Findings (${Math.min(findings.length, MAX_SUMMARY_FINDINGS)} of ${findings.length})`, '');
    for (const f of findings.slice(0, MAX_SUMMARY_FINDINGS)) {
      lines.push(`- ${f.fails ? 'error' : 'warning'} \`${f.check}\` ${f.operation} ${f.transport}: ${markdownText(f.message)} (case ${markdownText(f.caseId)}, ${markdownText(f.file)})`);
    }
    lines.push('');
  }
  lines.push('### Reports', '', ...view.files.map((path) => `- [${markdownText(path)}](${encodeURI(path)})`), '');
  return lines.join('\n');
}

/** A workflow command's message: GitHub's runner unescapes %25, %0D and %0A (actions/toolkit,
 * packages/core/src/command.ts, escapeData). */
export const commandData = (text: string): string => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
/** A property value (title=...) is escaped also for ':' and ',' (escapeProperty). */
export const commandProperty = (text: string): string => commandData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** `::error title=...::message` for each of the first findings (failing ones first, warnings that did
 * not fail the run as `::warning`). */
export function workflowCommands(digest: RunDigest): string[] {
  return shownFindings(digest).slice(0, MAX_WORKFLOW_COMMANDS).map((f) => {
    const title = `${f.check} (${f.operation} ${f.transport})`;
    return `::${f.fails ? 'error' : 'warning'} title=${commandProperty(title)}::${commandData(`${f.message} (case ${f.caseId})`)}`;
  });
}
