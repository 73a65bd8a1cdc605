/**
 * The target's ?WSDL, read once per run in the main process for the WS-I checks (issue 51): its
 * wsi:Claim (grading) and its SOAP 1.1 binding's soapActions (R2744, R2745), handed to the workers
 * as plain data in the settings (TargetSettings.wsiWsdl), as what discovery learns is. A given
 * --base-url was probed with GET ?WSDL already (reachable.ts): that answer is read, not asked again.
 */
import { SERVICE_PATH } from '../contract/index.js';
import { selected } from '../checks/runner.js';
import { wsiBasicProfile } from '../checks/wsi-basic-profile.js';
import { wsiDescription } from '../checks/wsi-description.js';
import { wsdlFacts, type WsiWsdlFacts } from '../checks/wsi/wsdl-facts.js';
import { createHttpClient, TargetError } from '../http/send.js';
import type { HttpResponse } from '../transports/index.js';
import type { TargetSettings } from './vitest-context.js';

/** The facts, or undefined when no WS-I check is selected (--checks, --skip-checks): then nothing is sent. */
export async function wsiWsdlOf(target: TargetSettings, probed: HttpResponse | undefined): Promise<WsiWsdlFacts | undefined> {
  if (selected([wsiBasicProfile, wsiDescription], target).length === 0) return undefined;
  if (probed) return wsdlFacts(probed);
  const client = createHttpClient({ baseUrl: target.baseUrl, timeoutMs: target.timeoutMs, maxResponseBytes: target.maxResponseBytes, connections: 1, access: target });
  try {
    return wsdlFacts(await client.send({ method: 'GET', path: `${SERVICE_PATH}?WSDL`, headers: {} }));
  } catch (err) {
    // No WSDL to read is no reason to stop the run: R2744 and R2745 then miss their input.
    if (!(err instanceof TargetError)) throw err;
    return { claim: false, unread: err.message };
  } finally {
    await client.close();
  }
}
