/** The console summary: an operations x transports table, then each finding on one line (pure). */
import { noticesOf, outcomeOf, type Outcome } from '../results/findings.js';
import { failureId } from './failure-files.js';
import { notCoveredGroups } from './not-covered.js';
import { paritySummary } from './parity-json.js';
import type { ExchangeRecord } from '../results/record.js';
import type { TransportId } from '../transports/index.js';
import { failuresOf, notesOf, summarise, type VerdictInputs } from './summary.js';
import { failOnOf, failsRun } from '../results/levels.js';

const MARK = { passed: 'ok', failed: 'FAIL', error: 'ERROR', skipped: 'skip' } as const;
const MAX_LISTED = 40;
const RANK: Record<Outcome, number> = { skipped: 0, passed: 1, failed: 2, error: 3 };

export function consoleTable(records: readonly ExchangeRecord[], operations: readonly string[], transports: readonly TransportId[], run: VerdictInputs): string {
  const { toolErrors } = run;
  const failOn = failOnOf(run);
  // A cell shows the worst outcome of every record of that operation and transport.
  const worst = new Map<string, Outcome>();
  for (const r of records) {
    const key = `${r.operation} ${r.transport}`;
    const o = outcomeOf(r, failOn);
    if (!worst.has(key) || RANK[o] > RANK[worst.get(key)!]) worst.set(key, o);
  }
  const columns = [...transports, 'parity'];
  const width = Math.max(9, ...operations.map((o) => o.length));
  const cell = (s: string) => s.padEnd(8);
  const lines = [`${'operation'.padEnd(width)}  ${columns.map(cell).join(' ')}`.trimEnd()];
  for (const op of operations) {
    const cells = columns.map((t) => {
      const o = worst.get(`${op} ${t}`);
      return cell(o ? MARK[o] : '-');
    });
    lines.push(`${op.padEnd(width)}  ${cells.join(' ')}`.trimEnd());
  }
  const s = summarise(records, run);
  lines.push('', `${s.exchanges.total} exchanges: ${s.exchanges.passed} passed, ${s.exchanges.failed} failed, ${s.exchanges.error} errors${s.exchanges.skipped ? `, ${s.exchanges.skipped} skipped` : ''}; checks: ${s.checks.passed} passed, ${s.checks.failed} failed${s.checks.notices ? `, ${s.checks.notices} noted (warnings and info, below)` : ''}, ${s.checks.skipped} had nothing to judge`);
  const p = paritySummary(records);
  if (p.compared > 0) lines.push(`Parity: ${p.compared} cases compared across transports: ${p.agreeing} agree, ${p.withDefects} with defects, ${p.inherentOnly} with inherent ASMX differences only (see parity.json)`);
  const all = failuresOf(records);
  const failures = all.filter((f) => f.status === 'error' || failsRun(f.level, failOn));
  for (const f of failures.slice(0, MAX_LISTED)) {
    // Many cases of one operation fail the same way: the case id and its failure file tell them apart.
    const [first, ...more] = f.message.split('\n').slice(0, f.kind === 'service' ? 6 : 1);
    lines.push([`  ${f.operation} ${f.transport} ${f.check}: ${first} (case ${f.caseId}, failures/${failureId(f)}.json)`, ...more].join('\n    '));
  }
  if (failures.length > MAX_LISTED) lines.push(`  ... and ${failures.length - MAX_LISTED} more in results.json`);
  // Findings that did not decide the verdict are counted by check, never left out.
  const notices = records.flatMap((r) => noticesOf(r, failOn));
  for (const level of ['warning', 'info'] as const) {
    const byCheck = new Map<string, number>();
    for (const n of notices.filter((c) => c.level === level)) byCheck.set(n.id, (byCheck.get(n.id) ?? 0) + 1);
    const count = [...byCheck.values()].reduce((a, b) => a + b, 0);
    if (count === 0) continue;
    const list = [...byCheck].sort((a, b) => b[1] - a[1]).map(([id, n]) => `${id} ${n}`).join(', ');
    lines.push(level === 'warning'
      ? `  ${count} ${count === 1 ? 'warning' : 'warnings'} (ASMX behaviour where the contract is silent; they fail the run under --fail-on warning): ${list}; details in report.html and results.json`
      : `  ${count} info (observations): ${list}; details in report.html and parity.json`);
  }
  // Every selected cell that got nothing, with why: what a partial verdict left out.
  for (const g of notCoveredGroups(s.cells.notCovered)) lines.push(`  not sent: ${g.operations.join(', ')} over ${g.transports.join(', ')}: ${g.reason}`);
  for (const n of notesOf(records)) lines.push(`  note: ${n.check} not checked: ${n.message}`);
  for (const e of toolErrors) lines.push(`  tool error: ${e}`);
  return lines.join('\n');
}
