/** tsiws-conform checks: the catalog, as a table or as JSON, with the checks of a --checks-module.
 * The client checks (what a client sent, issue 53) follow the run's checks, in a group of their own. */
import { ALL_CHECKS, clientChecks } from '../checks/registry.js';
import { userChecksOf } from '../checks/catalogs.js';
import type { CheckInfo } from '../checks/types.js';
import { commandLine, commandSettings } from './settings.js';
import { EXIT } from './errors.js';
import type { Io } from './main.js';
import { WSI_ASSERTIONS } from '../checks/wsi/catalog.js';

type Listed = CheckInfo & { readonly scope: string };

const row = (c: Listed, origin: string) => ({ id: c.id, description: c.description, enforces: c.enforces, scope: c.scope, level: c.level, levelReason: c.levelReason, appliesTo: c.appliesText, origin });

/** The built-in checks, the client checks, then those of the checks module (origin: its path). */
export function catalog(user: readonly Listed[] = [], userOrigin = '') {
  return [...ALL_CHECKS.map((c) => row(c, 'built-in')), ...clientChecks.map((c) => row(c, 'built-in')), ...user.map((c) => row(c, userOrigin))];
}

const CLIENT_HEADING = 'Client checks: what a client sent, judged on each request the proxy passes on (scope client)';

export default async function listChecks(argv: string[], io: Io): Promise<number> {
  const line = commandLine('checks', argv, io);
  if (!line) return EXIT.conforms;
  const { json, checksModule, listWsi } = commandSettings('checks', line.flags, io);
  if (listWsi) return listWsiAssertions(json, io);
  // Loaded as a run loads it: its ids may take no built-in one, the client checks' included.
  const user = await userChecksOf({ checksModule });
  const rows = catalog([...user.exchange, ...user.service], `user: ${user.path}`);
  if (json) {
    io.out(JSON.stringify(rows, null, 2));
    return EXIT.conforms;
  }
  const width = Math.max(...rows.map((r) => r.id.length));
  const runRows = rows.filter((r) => r.scope !== 'client');
  // catalog() gives the run's built-in checks, the client checks, then a module's (which judge exchanges).
  const firstClient = rows.findIndex((r) => r.scope === 'client');
  const firstUser = rows.findIndex((r) => r.origin !== 'built-in');
  for (const [i, r] of rows.entries()) {
    if (i === firstClient) io.out(`\n${CLIENT_HEADING}\n`);
    if (i === firstUser) io.out('');
    io.out(`${r.id.padEnd(width)}  ${r.level.padEnd(7)}  ${r.origin === 'built-in' ? '' : '[user] '}${r.description}`);
    io.out(`${''.padEnd(width)}  ${''.padEnd(7)}  applies to: ${r.appliesTo}; scope: ${r.scope}`);
    io.out(`${''.padEnd(width)}  ${''.padEnd(7)}  enforces: ${r.enforces}`);
    io.out(`${''.padEnd(width)}  ${''.padEnd(7)}  level ${r.level}: ${r.levelReason}`);
    if (r.origin !== 'built-in') io.out(`${''.padEnd(width)}  ${''.padEnd(7)}  from ${r.origin.slice('user: '.length)}`);
  }
  const added = rows.filter((r) => r.origin !== 'built-in').length;
  io.out(`\n${runRows.length} checks${added > 0 ? ` (${added} from ${user.path})` : ''}, and ${clientChecks.length} client checks. Errors fail a run; warnings too under --fail-on warning. Select with --checks id,id or leave out with --skip-checks id,id.`);
  return EXIT.conforms;
}

/** checks --wsi: the WS-I assertions (src/checks/wsi/catalog.ts), graded apart from the checks. */
function listWsiAssertions(json: boolean, io: Io): number {
  if (json) {
    io.out(JSON.stringify(WSI_ASSERTIONS.map(({ id, tad, target, requirement, section, prereqs }) => ({ id, tad: tad ?? null, target, requirement, section, prereqs })), null, 2));
    return EXIT.conforms;
  }
  const width = Math.max(...WSI_ASSERTIONS.map((a) => a.id.length));
  for (const a of WSI_ASSERTIONS) {
    io.out(`${a.id.padEnd(width)}  ${a.target.padEnd(11)}  ${a.requirement}`);
    io.out(`${''.padEnd(width)}  ${''.padEnd(11)}  ${a.section}${a.tad ? `; Analyzer test assertion ${a.tad}` : ''}${a.prereqs.length > 0 ? `; needs ${a.prereqs.join(', ')}` : ''}`);
  }
  io.out(`\n${WSI_ASSERTIONS.length} WS-I assertions. A failure is a warning, or an error when the target's WSDL claims Basic Profile 1.1 or under --wsi bp11.`);
  return EXIT.conforms;
}
