/** The check table of docs/checks.md, from the registry (src/checks/registry.ts): each check's id,
 * level and why, what it applies to, what it checks and the spec line or standard it enforces. */
import { ALL_CHECKS, clientChecks } from '../../src/checks/registry.js';
import type { CheckInfo } from '../../src/checks/types.js';
import { cell } from './blocks.js';

/** In the order `tsiws-conform checks` lists them. */
export { ALL_CHECKS };

function table(list: readonly CheckInfo[]): string {
  const rows = list.map((c) => `| \`${c.id}\` | ${c.level}: ${cell(c.levelReason)} | ${cell(c.appliesText)} | ${cell(c.description)} | ${cell(c.enforces)} |`);
  return ['| id | level, and why | applies to | what it checks | enforces |', '|---|---|---|---|---|', ...rows].join('\n');
}

export const checksTable = (): string => table(ALL_CHECKS);

/** The client checks (issue 53), in their own table as `tsiws-conform checks` lists them in their own group. */
export const clientChecksTable = (): string => table(clientChecks);
