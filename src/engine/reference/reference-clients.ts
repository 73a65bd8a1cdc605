/**
 * The reference deployment's side of a run (issue 38, `--reference-url`): its access settings, its
 * clients (the primary, and the secondary when given) and the ids each learned, made before the
 * suites and in each worker where the target's client is made. The reference is a live system
 * too: it gets the target's proxy, and the target's access settings wherever no `--reference-*`
 * one is given.
 */
import type { RunSettings } from '../../config/settings.js';
import { TargetUnreachableError } from '../../http/errors.js';
import type { HttpAccess, HttpClient } from '../../http/send.js';
import { accessSecrets } from '../../results/secrets.js';
import { ensureReachable } from '../send/reachable.js';
import { runClient } from '../send/run-client.js';

type ReferenceSettings = Pick<RunSettings, 'referenceUrl' | 'referenceSecondaryUrl' | 'referenceHeaders' | 'referenceAuth' | 'referenceCaFile' | 'referenceCert' | 'referenceKey' | 'referenceInsecure' | 'headers' | 'auth' | 'proxy' | 'noProxy' | 'caFile' | 'cert' | 'key' | 'insecure'>;

/** The reference's access: each `--reference-*` setting given, else the target's. */
export function referenceAccess(settings: ReferenceSettings): HttpAccess {
  // A client certificate is a pair: the reference's own pair, or the target's, never one of each.
  const ownPair = settings.referenceCert !== undefined;
  return {
    headers: settings.referenceHeaders ?? settings.headers,
    auth: settings.referenceAuth ?? settings.auth,
    proxy: settings.proxy,
    noProxy: settings.noProxy,
    caFile: settings.referenceCaFile ?? settings.caFile,
    cert: ownPair ? settings.referenceCert : settings.cert,
    key: ownPair ? settings.referenceKey : settings.key,
    insecure: settings.referenceInsecure ?? settings.insecure,
  };
}

/** One reference deployment as the exchanges ask it. */
export interface ReferenceSide {
  readonly flag: '--reference-url' | '--reference-secondary-url';
  readonly baseUrl: string;
  readonly client: HttpClient;
  /** Candidate id -> this side's id, by parameter (results/reference.ts idKey, `emailid 12`): what
   * a create made on each side. Per run and worker process (this object lives as long as the
   * worker's client). */
  readonly ids: Map<string, string>;
}

export interface ReferenceSides {
  readonly primary: ReferenceSide;
  readonly secondary?: ReferenceSide;
  /** The reference's access values, with their placeholders: redacted in every text of its answers. */
  readonly secrets: ReadonlyArray<[string, string]>;
  close(): Promise<void>;
}

type ClientSettings = ReferenceSettings & Pick<RunSettings, 'timeoutMs' | 'maxResponseBytes' | 'concurrency' | 'retries' | 'rate'>;

/** The run's reference clients, or undefined without --reference-url. */
export function openReferenceSides(settings: ClientSettings): ReferenceSides | undefined {
  if (!settings.referenceUrl) return undefined;
  const access = referenceAccess(settings);
  const side = (flag: ReferenceSide['flag'], baseUrl: string): ReferenceSide => ({
    flag, baseUrl, ids: new Map(),
    client: runClient(settings, baseUrl, access),
  });
  const primary = side('--reference-url', settings.referenceUrl);
  const secondary = settings.referenceSecondaryUrl ? side('--reference-secondary-url', settings.referenceSecondaryUrl) : undefined;
  return {
    primary, ...(secondary ? { secondary } : {}), secrets: accessSecrets(access),
    close: async () => {
      await primary.client.close();
      await secondary?.client.close();
    },
  };
}

/** Every reference URL answers at the service's path, or the run stops before its suites (exit 3),
 * naming the flag, as an unreachable target does. Asked over the run's reference clients
 * (openReferenceSides), which the caller closes. */
export async function ensureReferenceReachable(settings: ClientSettings & Parameters<typeof ensureReachable>[0], sides: ReferenceSides | undefined): Promise<void> {
  const access = referenceAccess(settings);
  for (const side of [sides?.primary, sides?.secondary]) {
    if (!side) continue;
    const { flag } = side;
    try {
      await ensureReachable({ ...settings, ...access, baseUrl: side.baseUrl }, side.client);
    } catch (err) {
      if (!(err instanceof TargetUnreachableError)) throw err;
      const why = err.message.replace(/^target unreachable: /, '').replace('Is --base-url right?', `Is ${flag} right?`);
      throw new TargetUnreachableError(`reference unreachable (${flag}): ${why}`);
    }
  }
}

// The reference sides of a candidate's client: a worker makes both together (suites/support.ts), and
// every exchange over that client asks them. Kept beside the client rather than passed through
// each of the engine's signatures (units, sequences, instances, baseline replay); a test that makes
// a new client starts with no reference and an empty id map.
const sidesByClient = new WeakMap<HttpClient, ReferenceSides>();

export function attachReference(client: HttpClient, sides: ReferenceSides | undefined): void {
  if (sides) sidesByClient.set(client, sides);
}

export const referenceOf = (client: HttpClient): ReferenceSides | undefined => sidesByClient.get(client);
