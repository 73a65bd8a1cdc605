/**
 * Whether anything serves the service at the target's path. A wrong --base-url (a typo in a path
 * prefix, a missing one) reaches a host that answers every request with 404: judging those answers
 * would give dozens of "expected HTTP 200, got 404" findings instead of the one mistake. A 404 to
 * ?WSDL alone is no proof (a real service may publish no WSDL), so a valid SOAP 1.1 request to a
 * read-only operation must be answered 404 too.
 */
import { exampleCase } from '../../cases/examples.js';
import { getOperation, isMutating, operations, SERVICE_PATH } from '../../contract/index.js';
import type { RunSettings, SettingsOf } from '../../config/settings.js';
import { TargetUnreachableError } from '../../http/errors.js';
import { TargetError, type HttpClient } from '../../http/send.js';
import { getTransportById, type HttpResponse } from '../../transports/index.js';
import { PROBE } from './run-client.js';

/** A read-only operation, preferring one of the run's own: the probe changes nothing on the target. */
function probeOperation(settings: Pick<RunSettings, 'operations'>) {
  const readOnly = (name: string) => !isMutating(getOperation(name));
  const name = settings.operations.find(readOnly) ?? operations.find((o) => !isMutating(o))!.name;
  return getOperation(name);
}

/** Undefined when the service answers at the path; otherwise why the target looks wrong. */
export async function nothingAtServicePath(client: HttpClient, settings: Pick<RunSettings, 'operations' | 'namespace' | 'repnumber'> & { baseUrl: string }, wsdlStatus: number): Promise<string | undefined> {
  if (wsdlStatus !== 404) return undefined;
  const op = probeOperation(settings);
  const values = { ...exampleCase(op).values, repnumber: settings.repnumber };
  const request = getTransportById('soap11').encode({ namespace: settings.namespace }, op, values);
  const answer = await client.send(request, PROBE);
  if (answer.status !== 404) return undefined;
  const url = `${settings.baseUrl}${SERVICE_PATH}`;
  return `nothing at ${url}: GET ?WSDL and a SOAP 1.1 ${op.name} request were both answered HTTP 404. Is --base-url right? It is the scheme, host and any path prefix before ${SERVICE_PATH}`;
}

/** Any HTTP answer at all, even an error status, means the target is reachable, unless the service's
 * path answers only 404 (a wrong --base-url, nothingAtServicePath). Returns the answer to ?WSDL,
 * which the run reads for the WS-I checks and the service suite rather than ask again (engine/run/wsi-wsdl.ts).
 * `client` is the caller's (run-client.ts), for `settings.baseUrl`; the caller closes it. */
export async function ensureReachable(settings: SettingsOf<'target' | 'access' | 'auth' | 'generation'> & { baseUrl: string }, client: HttpClient): Promise<HttpResponse> {
  let why: string | undefined;
  let wsdl: HttpResponse;
  try {
    wsdl = await client.send({ method: 'GET', path: `${SERVICE_PATH}?WSDL`, headers: {} }, PROBE);
    why = await nothingAtServicePath(client, settings, wsdl.status);
  } catch (err) {
    // Any HTTP answer, even a broken or oversized one, means the target is reachable.
    if (err instanceof TargetError && !err.answered) {
      throw new TargetUnreachableError(`target unreachable: ${err.message}`);
    }
    throw err;
  }
  if (why) throw new TargetUnreachableError(`target unreachable: ${why}`);
  return wsdl;
}
