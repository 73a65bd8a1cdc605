/** tsiws-conform checks: the catalog, as a table or as JSON. */
import { baselineChecks, caseChecks, checks, serviceChecks } from '../checks/registry.js';
import { commandLine, commandSettings } from './settings.js';
import { EXIT } from './errors.js';
import type { Io } from './main.js';

export function catalog() {
  return [...checks, ...caseChecks, ...serviceChecks, ...baselineChecks].map((c) => ({ id: c.id, description: c.description, enforces: c.enforces, scope: c.scope, level: c.level, levelReason: c.levelReason, appliesTo: c.appliesText }));
}

export default async function listChecks(argv: string[], io: Io): Promise<number> {
  const line = commandLine('checks', argv, io);
  if (!line) return EXIT.conforms;
  const rows = catalog();
  if (commandSettings('checks', line.flags, io).json) {
    io.out(JSON.stringify(rows, null, 2));
    return EXIT.conforms;
  }
  const width = Math.max(...rows.map((r) => r.id.length));
  for (const r of rows) {
    io.out(`${r.id.padEnd(width)}  ${r.level.padEnd(7)}  ${r.description}`);
    io.out(`${''.padEnd(width)}  ${''.padEnd(7)}  applies to: ${r.appliesTo}; scope: ${r.scope}`);
    io.out(`${''.padEnd(width)}  ${''.padEnd(7)}  enforces: ${r.enforces}`);
    io.out(`${''.padEnd(width)}  ${''.padEnd(7)}  level ${r.level}: ${r.levelReason}`);
  }
  io.out(`\n${rows.length} checks. Errors fail a run; warnings too under --fail-on warning. Select with --checks id,id or leave out with --skip-checks id,id.`);
  return EXIT.conforms;
}
