/**
 * Transport-level access to a target: extra headers, HTTP Basic credentials, a proxy, and the TLS
 * material a private deployment needs (a private CA, a client certificate, or no verification at
 * all for a self-signed test host). Real ASMX deployments often sit behind IIS Basic
 * authentication, a corporate proxy or TLS with a private CA; every request of a run, the
 * reachability probe and the ?WSDL fetch included, goes through the one dispatcher built here.
 */
import { readFileSync } from 'node:fs';
import { EnvHttpProxyAgent, Pool, type Dispatcher } from 'undici';
import { basicCredentials } from './basic-credentials.js';

export type { BasicAuth } from '../contract/index.js';
import type { BasicAuth } from '../contract/index.js';

export interface HttpAccess {
  /** Sent with every request, after the transport's own headers (which they may not replace). */
  readonly headers?: Readonly<Record<string, string>>;
  readonly auth?: BasicAuth | undefined;
  /** Proxy URL for the target; undefined: connect directly. */
  readonly proxy?: string | undefined;
  /** Hosts reached directly even with a proxy (NO_PROXY syntax). */
  readonly noProxy?: string | undefined;
  /** PEM files: trusted CAs, and a client certificate with its key. */
  readonly caFile?: string | undefined;
  readonly cert?: string | undefined;
  readonly key?: string | undefined;
  /** Accept any server certificate (self-signed test hosts only). */
  readonly insecure?: boolean;
}

export interface PoolLimits {
  readonly connections: number;
  readonly timeoutMs: number;
}

/** The TLS options of a connection to the target, direct or tunnelled through a proxy. */
function tlsOptions(access: HttpAccess): Record<string, unknown> {
  return {
    ...(access.caFile ? { ca: readFileSync(access.caFile) } : {}),
    ...(access.cert ? { cert: readFileSync(access.cert) } : {}),
    ...(access.key ? { key: readFileSync(access.key) } : {}),
    ...(access.insecure ? { rejectUnauthorized: false } : {}),
  };
}

/** One dispatcher for every request to `origin`: a keep-alive pool, or a proxy agent. */
export function dispatcherFor(origin: string, access: HttpAccess, limits: PoolLimits): Dispatcher {
  const timeouts = { headersTimeout: limits.timeoutMs, bodyTimeout: limits.timeoutMs, connectTimeout: limits.timeoutMs };
  const tls = tlsOptions(access);
  if (!access.proxy) return new Pool(origin, { connections: limits.connections, ...timeouts, connect: tls });
  // The proxy was chosen for the target's scheme when settings were resolved; '' keeps undici
  // from reading process.env itself (the run's environment is io.env, resolved once).
  return new EnvHttpProxyAgent({
    httpProxy: access.proxy, httpsProxy: access.proxy, noProxy: access.noProxy ?? '',
    connections: limits.connections, ...timeouts, connect: tls, requestTls: tls,
  });
}

/** The headers to send: the transport's, then the user's, then HTTP Basic (RFC 7617). */
export function withAccessHeaders(headers: Readonly<Record<string, string>>, access: HttpAccess): Record<string, string> {
  const out: Record<string, string> = { ...headers, ...access.headers };
  if (access.auth) out['authorization'] = basicCredentials(access.auth);
  return out;
}
