/** The access settings as a run's reports show them (curl commands stay reproducible with
 * placeholders), and the secrets those reports must never contain. */
import type { HttpAccess } from '../http/access.js';
import { accessSecrets } from './secrets.js';

/** What a run's reports show of its access settings, and the values they must never contain. */
export function accessForReports(settings: HttpAccess & { readonly showSecrets: boolean }): { shown: HttpAccess; secrets: Array<[string, string]> } {
  return settings.showSecrets ? { shown: settings, secrets: [] } : { shown: shownAccess(settings), secrets: accessSecrets(settings) };
}

/** Access as reports show it: every value a placeholder, so a curl command stays reproducible. */
export function shownAccess(access: HttpAccess): HttpAccess {
  return {
    headers: Object.fromEntries(Object.keys(access.headers ?? {}).map((name) => [name, '<REDACTED>'])),
    ...(access.auth ? { auth: { user: '<USER>', password: '<PASSWORD>' } } : {}),
    ...(access.proxy ? { proxy: '<PROXY>' } : {}),
    ...(access.caFile ? { caFile: '<CA_FILE>' } : {}),
    ...(access.cert ? { cert: '<CERT>', key: '<KEY>' } : {}),
    ...(access.insecure ? { insecure: true } : {}),
  };
}
