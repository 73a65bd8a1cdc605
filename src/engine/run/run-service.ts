/** The service-level checks: fetch ?WSDL once (or take the main process's answer, wsi-wsdl.ts) and judge it. */
import { serviceChecks, type ServiceExchange } from '../../checks/registry.js';
import { SERVICE_NAME, SERVICE_PATH } from '../../contract/index.js';
import type { RunSettings } from '../../config/settings.js';
import { TargetError, type HttpClient } from '../../http/send.js';
import { PROFILES } from '../../profiles/expectations.js';
import { accessForReports } from '../../results/shown-access.js';
import { recordRequest, recordResponse } from '../../results/recorded-http.js';
import { redact } from '../../results/redact.js';
import type { ExchangeRecord } from '../../results/record.js';
import { clip, MESSAGE_CHARS } from '../../results/clip.js';
import { bodyText } from '../../decode/response.js';
import { wsiDescription, wsiDescriptionOutcomesOf } from '../../checks/wsi-description.js';
import { claimsBasicProfile } from '../../checks/wsi/grade.js';
import { wsiRecorded } from '../../checks/wsi/recorded.js';
import { wsiContextOf } from '../../checks/wsi/wsdl-facts.js';
import { runChecks, selected } from '../../checks/runner.js';
import { userChecksOf } from '../../checks/catalogs.js';
import { responseOf, type WsdlAnswer } from './wsdl-answer.js';

export async function runServiceChecks(settings: RunSettings & { baseUrl: string; wsdlAnswer?: WsdlAnswer }, client: HttpClient): Promise<ExchangeRecord> {
  const request = { method: 'GET' as const, path: `${SERVICE_PATH}?WSDL`, headers: {} };
  const checks = selected([...serviceChecks, ...(await userChecksOf(settings)).service], settings);
  const access = accessForReports(settings);
  const base = { operation: SERVICE_NAME, transport: 'wsdl' as const, caseId: `${SERVICE_NAME}-wsdl`, kind: 'service' as const, request: recordRequest(settings.baseUrl, request, access.shown) };
  try {
    const response = settings.wsdlAnswer ? responseOf(settings.wsdlAnswer) : await client.send(request);
    const judgesWsi = checks.includes(wsiDescription);
    const exchange: ServiceExchange = { namespace: settings.namespace, url: base.request.url, response, profile: PROFILES[settings.profile], ...(judgesWsi ? { wsi: wsiContextOf(settings) } : {}) };
    const judged = runChecks(checks, (c) => c.run(exchange));
    const outcomes = judgesWsi ? wsiDescriptionOutcomesOf(exchange) : undefined;
    // The claim is read from the WSDL this record holds, so that the report says what its own WSDL claims.
    const wsi = outcomes && wsiRecorded(outcomes, (text) => redact(clip(text, MESSAGE_CHARS), access.secrets), claimsBasicProfile(bodyText(response)));
    return { ...base, response: recordResponse(response, access.secrets), checks: judged, ...(wsi ? { wsi } : {}) };
  } catch (err) {
    if (!(err instanceof TargetError)) throw err;
    return { ...base, checks: [], error: { code: err.code, message: err.message } };
  }
}
