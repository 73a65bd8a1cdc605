/** The check table of docs/checks.md, from the registry (src/checks/registry.ts): each check's id,
 * level and why, what it applies to, what it checks and the spec line or standard it enforces. */
import { ALL_CHECKS } from '../../src/checks/registry.js';
import { cell } from './blocks.js';

/** In the order `tsiws-conform checks` lists them. */
export { ALL_CHECKS };

export function checksTable(): string {
  const rows = ALL_CHECKS.map((c) => `| \`${c.id}\` | ${c.level}: ${cell(c.levelReason)} | ${cell(c.appliesText)} | ${cell(c.description)} | ${cell(c.enforces)} |`);
  return ['| id | level, and why | applies to | what it checks | enforces |', '|---|---|---|---|---|', ...rows].join('\n');
}
