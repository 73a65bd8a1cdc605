/**
 * User checks (--checks-module FILE): an ES module (.js, .mjs or .ts) whose checks have the same
 * interface and levels as the built-in catalog (types.ts) and are run by the same runner. It
 * exports them as `checks` (an array) or as its default export (one check or an array). Exchange
 * checks (scope 'exchange': `applies` and `run(exchange)`) and service checks (scope 'service':
 * `run(serviceExchange)`, once per run on the ?WSDL answer) are supported.
 *
 * The module is loaded once per process (the CLI, to know the ids --checks may name; each vitest
 * worker, to run them) and checked here: a module that does not load, exports no valid check, or
 * whose check ids repeat or collide with built-in ones is a configuration error (exit 2).
 */
import { pathToFileURL } from 'node:url';
import { ConfigError } from '../config/errors.js';
import { LEVELS } from '../results/levels.js';
import type { Check, CheckInfo, ServiceCheck } from './types.js';

export interface UserChecks {
  readonly path: string;
  readonly exchange: readonly Check[];
  readonly service: readonly ServiceCheck[];
}

/** A run without a checks module. */
export const NO_USER_CHECKS: UserChecks = { path: '', exchange: [], service: [] };

const ID = /^[a-z0-9][a-z0-9-]*$/;
const TEXT_FIELDS = ['description', 'enforces', 'levelReason', 'appliesText'] as const;

/** Node imports .js and .mjs itself. TypeScript is imported as it is where a loader handles it (vite
 * in the suites' workers); otherwise (the CLI, with or without tsx registered; a .ts file outside a
 * "type": "module" package, which tsx's global hook would take for CommonJS) through tsx's tsImport. */
async function importModule(path: string): Promise<Record<string, unknown>> {
  const url = pathToFileURL(path).href;
  if (!/\.[cm]?ts$/.test(path)) return (await import(url)) as Record<string, unknown>;
  try {
    return (await import(url)) as Record<string, unknown>;
  } catch {
    const { tsImport } = await import('tsx/esm/api');
    return (await tsImport(url, import.meta.url)) as Record<string, unknown>;
  }
}

/** Why `value` is not a check, or undefined when it is one. */
function invalid(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return 'not an object';
  const c = value as Record<string, unknown>;
  if (typeof c['id'] !== 'string' || !ID.test(c['id'])) return `id ${JSON.stringify(c['id'])} is not lower-case letters, digits and dashes`;
  const missing = TEXT_FIELDS.filter((f) => typeof c[f] !== 'string');
  if (missing.length > 0) return `${c['id']}: ${missing.join(', ')} must be text`;
  if (!LEVELS.includes(c['level'] as never)) return `${c['id']}: level ${JSON.stringify(c['level'])} is not one of ${LEVELS.join(', ')}`;
  if (c['scope'] !== 'exchange' && c['scope'] !== 'service') return `${c['id']}: scope ${JSON.stringify(c['scope'])} is not exchange or service`;
  if (typeof c['run'] !== 'function') return `${c['id']}: run must be a function`;
  if (c['scope'] === 'exchange' && typeof c['applies'] !== 'function') return `${c['id']}: applies must be a function (exchange) => boolean`;
  return undefined;
}

async function load(path: string, builtIn: readonly string[]): Promise<UserChecks> {
  const where = `--checks-module: ${path}`;
  let mod: Record<string, unknown>;
  try {
    mod = await importModule(path);
  } catch (err) {
    throw new ConfigError(`${where}: cannot load it: ${(err as Error).message.split('\n')[0]}`);
  }
  const exported = mod['checks'] ?? mod['default'];
  const list: unknown[] = Array.isArray(exported) ? exported : exported === undefined ? [] : [exported];
  if (list.length === 0) throw new ConfigError(`${where}: exports no checks; export them as \`checks\` (an array) or as the default export (see examples/checks/)`);
  const why = list.map(invalid).filter((w): w is string => w !== undefined);
  if (why.length > 0) throw new ConfigError(`${where}: not a check: ${why.join('; ')}`);
  const checks = list as Array<Check | ServiceCheck>;
  const ids = checks.map((c) => c.id);
  const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
  if (repeated.length > 0) throw new ConfigError(`${where}: check id ${[...new Set(repeated)].join(', ')} is given more than once`);
  const taken = ids.filter((id) => builtIn.includes(id));
  if (taken.length > 0) throw new ConfigError(`${where}: check id ${taken.join(', ')} is already a built-in check; give your check another id`);
  return { path, exchange: checks.filter((c): c is Check => c.scope === 'exchange'), service: checks.filter((c): c is ServiceCheck => c.scope === 'service') };
}

const loaded = new Map<string, Promise<UserChecks>>();

/** The checks of the module at `path`, loaded once per process. */
export function loadChecksModule(path: string, builtIn: readonly string[]): Promise<UserChecks> {
  let checks = loaded.get(path);
  if (!checks) loaded.set(path, (checks = load(path, builtIn)));
  return checks;
}

export const userCheckInfos = (u: UserChecks): CheckInfo[] => [...u.exchange, ...u.service];
