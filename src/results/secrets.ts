/** Which values are secrets, with the placeholders that stand for them in every output: the case's
 * signature values (the spec's SECRET_PLACEHOLDERS) and the run's access settings. */
import { SECRET_PLACEHOLDERS } from '../contract/index.js';
import type { HttpAccess } from '../http/access.js';
import { basicCredentials } from '../http/basic-credentials.js';

/** Values that must not appear in any output, with their placeholders. */
export function secretsOf(values: Readonly<Record<string, string>>): Array<[string, string]> {
  return Object.entries(SECRET_PLACEHOLDERS)
    .map(([name, placeholder]): [string, string] => [values[name] ?? '', placeholder])
    .filter(([value]) => value.length >= 4);
}

/** The access settings' values (src/http/access.ts), with the placeholders the curl commands show. */
export function accessSecrets(access: HttpAccess): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  if (access.auth) pairs.push([basicCredentials(access.auth).slice('Basic '.length), '<REDACTED>'], [access.auth.password, '<PASSWORD>'], [access.auth.user, '<USER>']);
  for (const value of Object.values(access.headers ?? {})) pairs.push([value, '<REDACTED>']);
  if (access.proxy) pairs.push([access.proxy, '<PROXY>'], ...secretsOfUrl(access.proxy));
  // Longest first, so that a value containing another is replaced whole.
  return pairs.filter(([value]) => value.length >= 4).sort(([a], [b]) => b.length - a.length);
}

function secretsOfUrl(url: string): Array<[string, string]> {
  const { username, password } = new URL(url);
  return [[decodeURIComponent(password), '<PASSWORD>'], [decodeURIComponent(username), '<USER>']];
}
