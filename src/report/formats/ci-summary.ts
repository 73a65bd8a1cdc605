/**
 * What a run shows where GitHub Actions looks (issue 40, part 4), pure: a Markdown job summary
 * (verdict, the operations x transports table as the console shows it, the diagnoses, the first
 * findings, links to the report files) and workflow commands (`::error` / `::warning`) for the
 * diagnoses and the first findings. Text from the target is placed as markdown.ts says. Writing
 * and printing them is the CLI's (cli/ci-summary.ts). Messages come from the records, which are
 * redacted when made (results/record.ts): no secret reaches either.
 */
import { waiverText } from '../digest/waivers.js';
import type { TransportId } from '../../transports/index.js';
import { failsRun } from '../../results/levels.js';
import { cellMark } from './console.js';
import { diagnosesHeadline, unexplainedFirst } from './diagnoses-console.js';
import { diagnosesOf, explainedBy, findingKey, findingsCount, type Diagnosis } from '../digest/diagnoses-of.js';
import { cellText, codeSpan, inlineText, linkDestination } from './markdown.js';
import { failureId } from '../digest/failure-files.js';
import type { RunDigest } from '../digest/digest.js';
import { failuresOf, verdictText, type RunInfo } from '../digest/summary.js';

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

/** One finding as both outputs show it. */
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
  /** The id of the diagnosis that explains it, if one does. */
  readonly diagnosis?: string;
}

/** The run's diagnoses, and its findings as the console orders them: failing ones first, and in
 * each group those no diagnosis explains before those one does, in report order. */
function shownFindings(digest: RunDigest, info: RunInfo): { diagnoses: readonly Diagnosis[]; findings: Shown[]; total: number } {
  const diagnoses = diagnosesOf(digest, info);
  const cause = explainedBy(diagnoses);
  const all: Shown[] = failuresOf(digest.kept).map((f) => ({
    fails: f.status === 'error' || failsRun(f.level, digest.failOn),
    check: f.check, operation: f.operation, transport: f.transport, caseId: f.caseId, file: `failures/${failureId(f)}.json`,
    message: f.message.split('\n')[0]!,
    ...(cause.has(findingKey(f)) ? { diagnosis: cause.get(findingKey(f))! } : {}),
  }));
  const explained = (f: Shown) => f.diagnosis !== undefined;
  const findings = [...unexplainedFirst(all.filter((f) => f.fails), explained), ...unexplainedFirst(all.filter((f) => !f.fails), explained)];
  return { diagnoses, findings, total: all.length };
}

export function stepSummaryMarkdown(digest: RunDigest, info: RunInfo, view: SummaryView): string {
  const summary = digest.summary(info);
  const columns = [...view.transports, 'parity'];
  const header = ['operation', ...columns];
  const lines = [
    '## tsiws-conformance',
    '',
    `**Verdict: ${inlineText(verdictText(summary))}** against ${codeSpan(info.target)} (${(info.durationMs / 1000).toFixed(1)} s)`,
    '',
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...view.operations.map((op) => `| ${[op, ...columns.map((t) => cellMark(digest, op, t))].map(cellText).join(' | ')} |`),
    '',
  ];
  const { diagnoses, findings, total } = shownFindings(digest, info);
  // The root causes lead, as on the console (diagnoses-console.ts): what to fix first, and how many
  // of the findings below each accounts for.
  if (diagnoses.length > 0) {
    lines.push('### Diagnoses', '', `${inlineText(diagnosesHeadline(diagnoses, total))}:`, '');
    for (const d of diagnoses) lines.push(`- ${d.level} \`${d.id}\`: ${inlineText(d.summary)}; fix: ${inlineText(d.fix)} (explains ${findingsCount(d.explains.length)})`);
    lines.push('');
  }
  if (findings.length > 0) {
    lines.push(`### Findings (${Math.min(findings.length, MAX_SUMMARY_FINDINGS)} of ${findings.length})`, '');
    for (const f of findings.slice(0, MAX_SUMMARY_FINDINGS)) {
      const cause = f.diagnosis ? `; diagnosis \`${f.diagnosis}\`` : '';
      lines.push(`- ${f.fails ? 'error' : 'warning'} \`${f.check}\` ${f.operation} ${f.transport}: ${inlineText(f.message)} (case ${inlineText(f.caseId)}, ${codeSpan(f.file)}${cause})`);
    }
    lines.push('');
  }
  // Waivers (waivers.ts): what each forgave, expired or stale; nothing without waivers.
  const uses = digest.waivers.uses(info);
  if (uses.length > 0) lines.push('### Waivers', '', ...uses.map((u) => `- ${inlineText(waiverText(u))}`), '');
  lines.push('### Reports', '', ...view.files.map((path) => `- [${inlineText(path)}](${linkDestination(path)})`), '');
  return lines.join('\n');
}

/** A workflow command's message: GitHub's runner unescapes %25, %0D and %0A (actions/toolkit,
 * packages/core/src/command.ts, escapeData). */
export const commandData = (text: string): string => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
/** A property value (title=...) is escaped also for ':' and ',' (escapeProperty). */
export const commandProperty = (text: string): string => commandData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** `::error title=...::message` for the diagnoses, then for the first findings in the summary's
 * order (warnings that did not fail the run as `::warning`), MAX_WORKFLOW_COMMANDS in all. */
export function workflowCommands(digest: RunDigest, info: RunInfo): string[] {
  const { diagnoses, findings } = shownFindings(digest, info);
  const causes = diagnoses.map((d) => `::${d.level === 'error' ? 'error' : 'warning'} title=${commandProperty(`diagnosis ${d.id}`)}::${commandData(`${d.summary}; fix: ${d.fix} (explains ${findingsCount(d.explains.length)})`)}`);
  const each = findings.map((f) => {
    const title = `${f.check} (${f.operation} ${f.transport})`;
    return `::${f.fails ? 'error' : 'warning'} title=${commandProperty(title)}::${commandData(`${f.message} (case ${f.caseId}${f.diagnosis ? `; diagnosis ${f.diagnosis}` : ''})`)}`;
  });
  return [...causes, ...each].slice(0, MAX_WORKFLOW_COMMANDS);
}
