/**
 * The client judgement the `proxy` command uses: the client checks of issue 53 (a request decoded,
 * then judged against the contract), adapted to the proxy's JudgeClient (observed.ts).
 *
 * NOT WIRED YET: the decoder of an observed request and the client checks are being written beside
 * the proxy (their entry point will be `clientFindings(request, { namespace, servicePath })`). Until
 * they are merged this returns undefined, and the proxy judges answers only (by the checks that
 * judge any answer, and ?WSDL by the service checks); it never pretends a request was judged.
 */
import type { JudgeClient } from './observed.js';

export interface ClientJudgeSettings {
  readonly namespace: string;
  /** Where the service is on the proxy: the spec's /api/rmm/tsiWS.asmx. */
  readonly servicePath: string;
}

/** The client judgement for these settings, or undefined while the client checks are not built in. */
export function clientJudgeFor(_settings: ClientJudgeSettings): JudgeClient | undefined {
  return undefined;
}
