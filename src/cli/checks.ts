/** tsiws-conform checks: the catalog, as a table or as JSON, with the checks of a --checks-module. */
import { baselineChecks, caseChecks, CHECK_IDS, checks, serviceChecks } from '../checks/registry.js';
import type { CheckInfo } from '../checks/types.js';
import { loadChecksModule, NO_USER_CHECKS } from '../checks/user-module.js';
import { resolveSettings } from '../config/resolve.js';
import { parseFlags } from './args.js';
import { EXIT } from './errors.js';
import type { Io } from './main.js';
import { settingsInput } from './settings-input.js';

type Listed = CheckInfo & { readonly scope: string };

const row = (c: Listed, origin: string) => ({ id: c.id, description: c.description, enforces: c.enforces, scope: c.scope, level: c.level, levelReason: c.levelReason, appliesTo: c.appliesText, origin });

/** The built-in checks, then those of the checks module (origin: its path). */
export function catalog(user: readonly Listed[] = [], userOrigin = '') {
  return [...[...checks, ...caseChecks, ...serviceChecks, ...baselineChecks].map((c) => row(c, 'built-in')), ...user.map((c) => row(c, userOrigin))];
}

export default async function listChecks(argv: string[], io: Io): Promise<number> {
  const flags = parseFlags('checks', argv, { json: { type: 'boolean' }, 'checks-module': { type: 'string' } });
  if (flags['help']) {
    io.out('Usage: tsiws-conform checks [--json] [--checks-module FILE]\n  Lists every check: id, level (and why), scope, what it applies to, description, and the spec line or standard it enforces.\n  --checks-module (or TSIWS_CHECKS_MODULE) adds the checks of that module, marked [user].');
    return EXIT.conforms;
  }
  // Only --checks-module is resolved (flag, environment, .env): the engine's catalogs are not loaded.
  const { checksModule } = resolveSettings({ ...settingsInput(flags, io, { checks: CHECK_IDS, normalise: [] }, ['checks-module']), only: ['checksModule'] });
  const user = checksModule ? await loadChecksModule(checksModule, CHECK_IDS) : NO_USER_CHECKS;
  const rows = catalog([...user.exchange, ...user.service], `user: ${user.path}`);
  if (flags['json']) {
    io.out(JSON.stringify(rows, null, 2));
    return EXIT.conforms;
  }
  const width = Math.max(...rows.map((r) => r.id.length));
  for (const r of rows) {
    io.out(`${r.id.padEnd(width)}  ${r.level.padEnd(7)}  ${r.origin === 'built-in' ? '' : '[user] '}${r.description}`);
    io.out(`${''.padEnd(width)}  ${''.padEnd(7)}  applies to: ${r.appliesTo}; scope: ${r.scope}`);
    io.out(`${''.padEnd(width)}  ${''.padEnd(7)}  enforces: ${r.enforces}`);
    io.out(`${''.padEnd(width)}  ${''.padEnd(7)}  level ${r.level}: ${r.levelReason}`);
    if (r.origin !== 'built-in') io.out(`${''.padEnd(width)}  ${''.padEnd(7)}  from ${r.origin.slice('user: '.length)}`);
  }
  const added = rows.filter((r) => r.origin !== 'built-in').length;
  io.out(`\n${rows.length} checks${added > 0 ? ` (${added} from ${user.path})` : ''}. Errors fail a run; warnings too under --fail-on warning. Select with --checks id,id or leave out with --skip-checks id,id.`);
  return EXIT.conforms;
}
