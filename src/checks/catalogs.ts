/** The names settings choose from, taken from the layers that own them: the check registry's ids
 * (and those of a --checks-module) and the parity comparison's named rules. The configuration is
 * given these when it is resolved (src/config/resolve.ts) instead of importing them, so it stays a
 * leaf that loads no check. */
import { CHECK_IDS, CLIENT_CHECK_IDS } from './registry.js';
import { loadChecksModule, NO_USER_CHECKS, userCheckInfos, type UserChecks } from './user-module.js';
import { SECTIONS } from '../config/config-schema.js';
import { ConfigError } from '../config/errors.js';
import type { Catalogs, RunSettings } from '../config/settings.js';
import { NAMED_RULES } from '../parity/rules.js';

/** --checks and --skip-checks name exchange and client checks alike: the proxy runs both, a run only
 * the former (and refuses a client check's id: refuseClientChecks). */
const SELECTABLE: readonly string[] = [...CHECK_IDS, ...CLIENT_CHECK_IDS];

export const CATALOGS: Catalogs = { checks: SELECTABLE, normalise: Object.keys(NAMED_RULES) };

/** The user checks of a run (--checks-module), loaded once per process; none without a module.
 * Their ids may take none of the built-in ones, the client checks' included: --checks names both. */
export function userChecksOf(settings: Pick<RunSettings, 'checksModule'>): Promise<UserChecks> {
  return settings.checksModule ? loadChecksModule(settings.checksModule, SELECTABLE) : Promise.resolve(NO_USER_CHECKS);
}

/** A run's --checks or --skip-checks naming a client check is bad usage: a run sends the requests
 * itself, so only the proxy, which sees a client's, can judge them; selected, it would leave a run
 * judging nothing, and skipped, it would say something of a run that is not so. The config file's
 * per-operation and per-transport sections are its --skip-checks too. `command`: run or replay. */
export function refuseClientChecks(settings: Pick<RunSettings, 'checks' | 'skipChecks' | 'scoped'>, command = 'run'): void {
  refuseIn('--checks', settings.checks ?? [], command);
  refuseIn('--skip-checks', settings.skipChecks, command);
  const sections = [[SECTIONS.perOperation, settings.scoped?.operations], [SECTIONS.perTransport, settings.scoped?.transports]] as const;
  for (const [section, entries] of sections) {
    for (const [name, scoped] of Object.entries(entries ?? {})) refuseIn(`${section} ${name}: skip-checks`, scoped.skipChecks ?? [], command, 'skip-checks');
  }
}

/** `where`: the flag, or the config file's section; `what`: what to leave them out of. */
function refuseIn(where: string, ids: readonly string[], command: string, what = where): void {
  const client = [...new Set(ids.filter((id) => CLIENT_CHECK_IDS.includes(id)))];
  if (client.length === 0) return;
  const them = client.length === 1 ? `${client[0]} is a client check` : `${client.join(', ')} are client checks`;
  throw new ConfigError(`${where}: ${them}, which judge the requests a client sends: ${command} has no client, tsiws-conform proxy has (docs/proxy.md); leave ${client.length === 1 ? 'it' : 'them'} out of ${command}'s ${what}`);
}

/** The catalogs with the user checks' ids added, for --checks and --skip-checks to name them. */
export async function catalogsWith(checksModule: string | undefined): Promise<Catalogs> {
  if (!checksModule) return CATALOGS;
  const user = await userChecksOf({ checksModule });
  return { ...CATALOGS, checks: [...SELECTABLE, ...userCheckInfos(user).map((c) => c.id)] };
}
