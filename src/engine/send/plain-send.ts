/**
 * An exchange the run makes for itself and does not judge: the discovery step's searches and lists,
 * and the setup of a mutating case (the e-mail a delete case deletes). Encoded, signed and decoded
 * exactly as a case's exchange, so the target cannot tell them apart; never recorded as a case.
 */
import type { SettingsOf } from '../../config/settings.js';
import type { Operation } from '../../contract/index.js';
import { TargetError, type HttpClient } from '../../http/send.js';
import { getTransportById, type TransportId, type WireValues } from '../../transports/index.js';
import { authValues } from './auth.js';
import type { FaultAnswer } from '../../state/business-fault.js';
import { accessForReports } from '../../results/shown-access.js';
import { redact, redactClip } from '../../results/redact.js';
import { secretsOf } from '../../results/secrets.js';

export interface PlainAnswer {
  readonly status: number | null;
  /** The result text of a 2xx answer that holds one, else null. */
  readonly text: string | null;
  /** What went wrong, in one line, when there is no result text. */
  readonly problem?: string;
  /** The result text as reports may quote it: secrets redacted, cut at 200 characters. */
  readonly shown?: string;
  /** A fault's code and reason (a SOAP fault, or a GET/POST text/plain error), for learning what
   * failures look like (discover.ts); not redacted, as a result text is not. */
  readonly fault?: FaultAnswer;
}

/** `spoil` alters the authentication values once made (discovery's bad-signature contrast). */
export async function sendPlain(settings: SettingsOf<'target' | 'auth' | 'access' | 'reports'>, client: HttpClient, op: Operation, transportId: TransportId, values: WireValues, spoil?: (auth: Record<string, string>) => Record<string, string>): Promise<PlainAnswer> {
  const transport = getTransportById(transportId);
  const auth = await authValues(settings, op, values);
  const all = { ...values, ...(spoil ? spoil(auth) : auth) };
  const request = transport.encode({ namespace: settings.namespace }, op, all);
  const secrets = settings.showSecrets ? [] : [...accessForReports(settings).secrets, ...secretsOf(all)];
  try {
    const response = await client.send(request);
    const decoded = transport.decode({ namespace: settings.namespace }, op, response);
    if (decoded.kind === 'result' && response.status >= 200 && response.status < 300) {
      const text = decoded.text ?? '';
      return { status: response.status, text, shown: redactClip(text, 200, secrets) };
    }
    const problem = redact(decoded.kind === 'fault' ? `fault ${decoded.code}: ${decoded.reason}` : `HTTP ${response.status}`, secrets);
    return decoded.kind === 'fault' ? { status: response.status, text: null, problem, fault: { code: decoded.code, reason: decoded.reason } } : { status: response.status, text: null, problem };
  } catch (err) {
    if (!(err instanceof TargetError)) throw err;
    // An error names the request (a GET's URL holds sig and mobilekey): a setup's note is reported.
    return { status: null, text: null, problem: redact(`${err.code}: ${err.message}`, secrets) };
  }
}
