/** A request as a ready-to-paste curl command, with the run's access settings as given (the
 * caller passes them as shown: placeholders, unless secrets are to be seen). */
import type { HttpAccess } from '../http/access.js';
import type { HttpRequest } from '../transports/index.js';

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export function curlCommand(baseUrl: string, request: HttpRequest, access: HttpAccess = {}): string {
  const parts = ['curl', '-sS', '-i'];
  if (access.insecure) parts.push('-k');
  if (access.caFile) parts.push('--cacert', shellQuote(access.caFile));
  if (access.cert) parts.push('--cert', shellQuote(access.cert), '--key', shellQuote(access.key ?? ''));
  if (access.proxy) parts.push('-x', shellQuote(access.proxy));
  if (access.auth) parts.push('-u', shellQuote(`${access.auth.user}:${access.auth.password}`));
  if (request.method !== 'GET') parts.push('-X', request.method);
  parts.push(shellQuote(baseUrl + request.path));
  for (const [name, value] of Object.entries({ ...request.headers, ...access.headers })) parts.push('-H', shellQuote(`${name}: ${value}`));
  if (request.body !== undefined) parts.push('--data-binary', shellQuote(request.body));
  return parts.join(' ');
}
