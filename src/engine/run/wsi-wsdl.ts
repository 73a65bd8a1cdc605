/**
 * The target's ?WSDL, read once per run in the main process: for the WS-I checks, its wsi:Claim
 * (grading) and its SOAP 1.1 binding's soapActions (R2744, R2745), handed to the workers as plain
 * data in the settings (TargetSettings.wsiWsdl), as what discovery learns is; and the answer itself,
 * handed to the service suite (TargetSettings.wsdlAnswer), whose checks judge it rather than ask
 * again. A given --base-url was probed with GET ?WSDL already (reachable.ts): that answer is read.
 * So a run sends GET ?WSDL once: the probe's, this module's, or (neither made) the service suite's.
 */
import { SERVICE_PATH } from '../../contract/index.js';
import { selected } from '../../checks/runner.js';
import { wsiBasicProfile } from '../../checks/wsi-basic-profile.js';
import { wsiDescription } from '../../checks/wsi-description.js';
import { wsdlFacts, type WsiWsdlFacts } from '../../checks/wsi/wsdl-facts.js';
import { TargetError, type HttpClient } from '../../http/send.js';
import { PROBE } from '../send/run-client.js';
import type { HttpResponse } from '../../transports/index.js';
import { servicePlan } from './plan.js';
import type { TargetSettings } from './vitest-context.js';
import { wsdlAnswerOf, type WsdlAnswer } from './wsdl-answer.js';


export interface WsdlRead {
  /** Absent when no WS-I check is selected (--checks, --skip-checks). */
  readonly wsiWsdl?: WsiWsdlFacts;
  /** Absent when no answer came, or when this run (this shard) makes no service check. */
  readonly wsdlAnswer?: WsdlAnswer;
}

/** The WSDL's facts for the WS-I checks and the answer for the service suite. Sends GET ?WSDL, over
 * the run's client (run-client.ts), only when a WS-I check needs the facts and no probe answered it already. */
export async function readWsdl(target: TargetSettings, probed: HttpResponse | undefined, client: HttpClient): Promise<WsdlRead> {
  const judgesWsi = selected([wsiBasicProfile, wsiDescription], target).length > 0;
  let answer = probed;
  let unread: string | undefined;
  if (!answer && judgesWsi) {
    try {
      answer = await client.send({ method: 'GET', path: `${SERVICE_PATH}?WSDL`, headers: {} }, PROBE);
    } catch (err) {
      // No WSDL to read is no reason to stop the run: R2744 and R2745 then miss their input, and the
      // service suite asks for itself (a second try, after a failed first).
      if (!(err instanceof TargetError)) throw err;
      unread = err.message;
    }
  }
  const servesSuite = answer !== undefined && target.suites.includes('service') && servicePlan(target) > 0;
  return {
    ...(judgesWsi ? { wsiWsdl: answer ? wsdlFacts(answer) : { claim: false, unread: unread! } } : {}),
    ...(servesSuite ? { wsdlAnswer: wsdlAnswerOf(answer!) } : {}),
  };
}
