/** The service-level checks: fetch ?WSDL once and judge it. */
import { serviceChecks, type ServiceExchange } from '../checks/registry.js';
import { SERVICE_NAME, SERVICE_PATH } from '../contract/index.js';
import type { RunSettings } from '../config/settings.js';
import { TargetError, type HttpClient } from '../http/send.js';
import { PROFILES } from '../profiles/expectations.js';
import { accessForReports, recordRequest, recordResponse, type ExchangeRecord } from '../results/record.js';
import { runChecks, selected } from '../checks/runner.js';
import { userChecksOf } from '../checks/catalogs.js';

export async function runServiceChecks(settings: RunSettings & { baseUrl: string }, client: HttpClient): Promise<ExchangeRecord> {
  const request = { method: 'GET' as const, path: `${SERVICE_PATH}?WSDL`, headers: {} };
  const checks = selected([...serviceChecks, ...(await userChecksOf(settings)).service], settings);
  const access = accessForReports(settings);
  const base = { operation: SERVICE_NAME, transport: 'wsdl' as const, caseId: `${SERVICE_NAME}-wsdl`, kind: 'service' as const, request: recordRequest(settings.baseUrl, request, access.shown) };
  try {
    const response = await client.send(request);
    const exchange: ServiceExchange = { namespace: settings.namespace, url: base.request.url, response, profile: PROFILES[settings.profile] };
    return { ...base, response: recordResponse(response, access.secrets), checks: runChecks(checks, (c) => c.run(exchange)) };
  } catch (err) {
    if (!(err instanceof TargetError)) throw err;
    return { ...base, checks: [], error: { code: err.code, message: err.message } };
  }
}
