/** The console summary: an operations x transports table, then each finding on one line (pure). */
import { outcomeOf } from '../engine/findings.js';
import type { ExchangeRecord } from '../engine/record.js';
import type { TransportId } from '../transports/index.js';
import { failuresOf, notesOf, summarise } from './summary.js';

const MARK = { passed: 'ok', failed: 'FAIL', error: 'ERROR' } as const;
const MAX_LISTED = 40;

export function consoleTable(records: readonly ExchangeRecord[], operations: readonly string[], transports: readonly TransportId[], toolErrors: readonly string[]): string {
  const byKey = new Map(records.map((r) => [`${r.operation} ${r.transport}`, r]));
  const width = Math.max(9, ...operations.map((o) => o.length));
  const cell = (s: string) => s.padEnd(8);
  const lines = [`${'operation'.padEnd(width)}  ${transports.map(cell).join(' ')}`.trimEnd()];
  for (const op of operations) {
    const cells = transports.map((t) => {
      const r = byKey.get(`${op} ${t}`);
      return cell(r ? MARK[outcomeOf(r)] : '-');
    });
    lines.push(`${op.padEnd(width)}  ${cells.join(' ')}`.trimEnd());
  }
  const s = summarise(records, toolErrors);
  lines.push('', `${s.exchanges.total} exchanges: ${s.exchanges.passed} passed, ${s.exchanges.failed} failed, ${s.exchanges.error} errors; checks: ${s.checks.passed} passed, ${s.checks.failed} failed, ${s.checks.skipped} had nothing to judge`);
  const failures = failuresOf(records);
  for (const f of failures.slice(0, MAX_LISTED)) lines.push(`  ${f.operation} ${f.transport} ${f.check}: ${f.message.split('\n').slice(0, f.kind === 'service' ? 6 : 1).join('\n    ')}`);
  if (failures.length > MAX_LISTED) lines.push(`  ... and ${failures.length - MAX_LISTED} more in results.json`);
  for (const n of notesOf(records)) lines.push(`  note: ${n.check} not checked: ${n.message}`);
  for (const e of toolErrors) lines.push(`  tool error: ${e}`);
  return lines.join('\n');
}
