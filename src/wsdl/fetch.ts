/**
 * Fetching `<base>/api/rmm/tsiWS.asmx?WSDL` through the project's one HTTP client. A target that
 * cannot be reached raises TargetUnreachableError (exit 3, as for `run`); a target that answers
 * without a WSDL is the target's defect, so it comes back as a problem for the report.
 */
import { SERVICE_PATH } from '../contract/index.js';
import { TargetUnreachableError } from '../http/errors.js';
import { createHttpClient, TargetError, type HttpAccess } from '../http/send.js';

export const WSDL_FETCH_LIMITS = { timeoutMs: 30_000, maxResponseBytes: 8 * 1024 * 1024 } as const;

export type Fetched = { readonly url: string; readonly text: string } | { readonly url: string; readonly problem: string };

export const wsdlUrl = (baseUrl: string) => `${baseUrl.replace(/\/+$/, '')}${SERVICE_PATH}?WSDL`;

export async function fetchWsdl(baseUrl: string, access: HttpAccess = {}): Promise<Fetched> {
  const url = wsdlUrl(baseUrl);
  const client = createHttpClient({ baseUrl, ...WSDL_FETCH_LIMITS, connections: 1, access });
  try {
    const res = await client.send({ method: 'GET', path: `${SERVICE_PATH}?WSDL`, headers: {} });
    if (res.status !== 200) return { url, problem: `GET ${url} answered HTTP ${res.status}, expected 200 and the WSDL` };
    return { url, text: res.body.toString('utf8') };
  } catch (err) {
    if (!(err instanceof TargetError)) throw err;
    if (err.code === 'TSIWS_RESPONSE_TOO_LARGE') return { url, problem: err.message };
    throw new TargetUnreachableError(`target unreachable: ${err.message}`);
  } finally {
    await client.close();
  }
}
