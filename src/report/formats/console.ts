/** The console summary: an operations x transports table, then each finding on one line (pure). */
import { failureId } from '../digest/failure-files.js';
import { notCoveredGroups } from '../digest/not-covered.js';
import { asDigest, worstOutcome, type Reported, type RunDigest } from '../digest/digest.js';
import type { TransportId } from '../../transports/index.js';
import { failuresOf, notesOf, type VerdictInputs } from '../digest/summary.js';
import { failOnOf, failsRun } from '../../results/levels.js';
import { dataPathLine, fuzzLearnedLine, noSuccessText, withoutSuccess } from '../digest/data-path.js';
import { diagnosesOf, explainedBy, findingKey } from '../digest/diagnoses-of.js';
import { diagnosisLines, unexplainedFirst } from './diagnoses-console.js';
import { referenceLine } from '../digest/reference.js';

const MARK = { passed: 'ok', failed: 'FAIL', error: 'ERROR', skipped: 'skip' } as const;
const MAX_LISTED = 40;

/** What the table shows for one operation over one transport (or parity): the worst outcome of
 * every record of that cell, '-' when none (also the CI summary's table, ci-summary.ts). */
export function cellMark(digest: RunDigest, operation: string, transport: string): string {
  const tally = digest.cell(operation, transport);
  const o = tally && worstOutcome(tally);
  return o ? MARK[o] : '-';
}

/** `reported`: the run's digest (or its records, for tests and small callers). */
export function consoleTable(reported: Reported, operations: readonly string[], transports: readonly TransportId[], run: VerdictInputs): string {
  const { toolErrors } = run;
  const failOn = failOnOf(run);
  const digest = asDigest(reported, run);
  const columns = [...transports, 'parity'];
  const width = Math.max(9, ...operations.map((o) => o.length));
  const cell = (s: string) => s.padEnd(8);
  // With --reference-url: how the operation's answers compared with the reference's, over its transports.
  const ref = digest.reference.records.length > 0;
  const lines = [`${'operation'.padEnd(width)}  ${[...columns.map(cell), ...(ref ? ['ref'] : [])].join(' ')}`.trimEnd()];
  for (const op of operations) {
    const cells = columns.map((t) => cell(cellMark(digest, op, t)));
    lines.push(`${op.padEnd(width)}  ${[...cells, ...(ref ? [digest.reference.cellText(op)] : [])].join(' ')}`.trimEnd());
  }
  const s = digest.summary(run);
  lines.push('', `${s.exchanges.total} exchanges: ${s.exchanges.passed} passed, ${s.exchanges.failed} failed, ${s.exchanges.error} errors${s.exchanges.skipped ? `, ${s.exchanges.skipped} skipped` : ''}; checks: ${s.checks.passed} passed, ${s.checks.failed} failed${s.checks.waived ? `, ${s.checks.waived} waived (see the waivers below)` : ''}${s.checks.notices ? `, ${s.checks.notices} noted (warnings and info, below)` : ''}, ${s.checks.skipped} had nothing to judge`);
  const p = digest.parity.summary();
  if (p.compared > 0) lines.push(`Parity: ${p.compared} cases compared across transports: ${p.agreeing} agree, ${p.withDefects} with defects, ${p.inherentOnly} with inherent ASMX differences only (see parity.json)`);
  if (s.reference) lines.push(referenceLine(s.reference));
  if (s.dataPath) {
    lines.push(dataPathLine(s.dataPath));
    const learned = fuzzLearnedLine(s.dataPath);
    if (learned) lines.push(`  ${learned}`);
    // Warnings, though no check's: the verdict counts them (summary.ts, summaryOf).
    for (const [operation, counts] of withoutSuccess(s.dataPath)) lines.push(`  warning: ${noSuccessText(operation, counts)}`);
  }
  const all = failuresOf(digest.kept);
  // The root causes lead; the findings none of them explains come first among the rest.
  const diagnoses = diagnosesOf(digest, run);
  lines.push(...diagnosisLines(diagnoses, all.length));
  const cause = explainedBy(diagnoses);
  const failures = unexplainedFirst(all.filter((f) => f.status === 'error' || failsRun(f.level, failOn)), (f) => cause.has(findingKey(f)));
  for (const f of failures.slice(0, MAX_LISTED)) {
    // Many cases of one operation fail the same way: the case id and its failure file tell them apart.
    const [first, ...more] = f.message.split('\n').slice(0, f.kind === 'service' || f.kind === 'reference' ? 6 : 1);
    const explained = cause.get(findingKey(f));
    lines.push([`  ${f.operation} ${f.transport} ${f.check}: ${first} (case ${f.caseId}, failures/${failureId(f)}.json${explained ? `; diagnosis ${explained}` : ''})`, ...more].join('\n    '));
  }
  if (failures.length > MAX_LISTED) lines.push(`  ... and ${failures.length - MAX_LISTED} more in results.json`);
  // Findings that did not decide the verdict are counted by check, never left out.
  for (const level of ['warning', 'info'] as const) {
    const byCheck = digest.noticesByCheck(level);
    const count = [...byCheck.values()].reduce((a, b) => a + b, 0);
    if (count === 0) continue;
    const list = [...byCheck].sort((a, b) => b[1] - a[1]).map(([id, n]) => `${id} ${n}`).join(', ');
    lines.push(level === 'warning'
      ? `  ${count} ${count === 1 ? 'warning' : 'warnings'} (ASMX behaviour where the contract is silent; they fail the run under --fail-on warning): ${list}; details in report.html and results.json`
      : `  ${count} info (observations): ${list}; details in report.html and parity.json`);
  }
  // Every selected cell that got nothing, with why: what a partial verdict left out.
  for (const g of notCoveredGroups(s.cells.notCovered)) lines.push(`  not sent: ${g.operations.join(', ')} over ${g.transports.join(', ')}: ${g.reason}`);
  for (const n of notesOf(digest.kept)) lines.push(`  note: ${n.check} not checked: ${n.message}`);
  for (const e of toolErrors) lines.push(`  tool error: ${e}`);
  return lines.join('\n');
}
