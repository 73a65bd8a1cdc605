/** The names settings choose from, taken from the layers that own them: the check registry's ids
 * (and those of a --checks-module) and the parity comparison's named rules. The configuration is
 * given these when it is resolved (src/config/resolve.ts) instead of importing them, so it stays a
 * leaf that loads no check. */
import { CHECK_IDS, CLIENT_CHECK_IDS } from './registry.js';
import { loadChecksModule, NO_USER_CHECKS, userCheckInfos, type UserChecks } from './user-module.js';
import { ConfigError } from '../config/errors.js';
import type { Catalogs, RunSettings } from '../config/settings.js';
import { NAMED_RULES } from '../parity/rules.js';

/** --checks and --skip-checks name exchange and client checks alike: the proxy runs both, a run only
 * the former (a client check's id there selects nothing of a run's). */
const SELECTABLE: readonly string[] = [...CHECK_IDS, ...CLIENT_CHECK_IDS];

export const CATALOGS: Catalogs = { checks: SELECTABLE, normalise: Object.keys(NAMED_RULES) };

/** The user checks of a run (--checks-module), loaded once per process; none without a module.
 * Their ids may take none of the built-in ones, the client checks' included: --checks names both. */
export function userChecksOf(settings: Pick<RunSettings, 'checksModule'>): Promise<UserChecks> {
  return settings.checksModule ? loadChecksModule(settings.checksModule, SELECTABLE) : Promise.resolve(NO_USER_CHECKS);
}

/** A run's --checks naming a client check is bad usage: a run sends the requests itself, so only
 * the proxy, which sees a client's, can judge them; selected, it would leave a run judging nothing. */
export function refuseClientChecks(settings: Pick<RunSettings, 'checks'>): void {
  const client = (settings.checks ?? []).filter((id) => CLIENT_CHECK_IDS.includes(id));
  if (client.length === 0) return;
  const them = client.length === 1 ? `${client[0]} is a client check` : `${client.join(', ')} are client checks`;
  throw new ConfigError(`--checks: ${them}, which judge the requests a client sends: run has no client, tsiws-conform proxy has (docs/proxy.md); leave ${client.length === 1 ? 'it' : 'them'} out of run's --checks`);
}

/** The catalogs with the user checks' ids added, for --checks and --skip-checks to name them. */
export async function catalogsWith(checksModule: string | undefined): Promise<Catalogs> {
  if (!checksModule) return CATALOGS;
  const user = await userChecksOf({ checksModule });
  return { ...CATALOGS, checks: [...SELECTABLE, ...userCheckInfos(user).map((c) => c.id)] };
}
