/**
 * Nothing at the service's path answers as ASMX: --base-url (or the deployment's path) is wrong.
 * The run's probe already stops a run whose ?WSDL and a SOAP 1.1 request both get 404
 * (src/engine/send/reachable.ts); this names the hosts that answer otherwise: 405 to a POST, or a
 * catch-all page with 200.
 *
 * Runtime evidence: .NET Framework (IIS, ASP.NET: "The resource cannot be found.", HTTP 404 for a
 * path with no .asmx) and Mono 6.8 (observed, npm run test:asmx's host: 404 for any other path);
 * an ASMX service always answers a SOAP POST at its path with an envelope, a fault or an empty 400/415.
 */
import type { ExchangeRecord } from '../results/record.js';
import { answerHeader } from './answers.js';
import type { DiagnosisRule, Identified } from './types.js';

const NOT_SERVICE = new Set([404, 405, 410]);

/** An answer no ASMX service gives at its own path: not found, not allowed, or an HTML page with 200. */
const notTheService = (r: ExchangeRecord): boolean => r.response !== undefined
  && (NOT_SERVICE.has(r.response.status) || (r.response.status === 200 && /^text\/html/i.test(answerHeader(r, 'content-type'))));

export const wrongBasePath: DiagnosisRule = {
  id: 'wrong-base-path',
  description: 'Nothing at the service path answers as ASMX: --base-url or the deployment path is wrong',
  runtimeEvidence: '.NET Framework (IIS/ASP.NET answer 404 "The resource cannot be found." where there is no .asmx) and Mono 6.8 (observed: 404 at any other path); an ASMX service answers every SOAP POST at its path',
  identify(run): Identified | undefined {
    const answered = run.records.filter((r) => r.response !== undefined && r.kind !== 'service');
    if (run.passedOver.size > 0 || answered.length === 0 || !answered.every(notTheService)) return undefined;
    const url = answered[0]!.request.url.replace(/[?#].*$/, '');
    const statuses = [...new Set(answered.map((r) => r.response!.status))].sort().join(', ');
    return {
      summary: 'no exchange reached an ASMX service: the base URL or the deployment path is wrong',
      evidence: [`all ${answered.length} answers were HTTP ${statuses} with no SOAP envelope or ASMX error (e.g. ${answered[0]!.request.method} ${url})`],
      fix: 'deploy the service at /api/rmm/tsiWS.asmx (the spec\'s path), or give --base-url the scheme, host and any path prefix before it',
      explains: (f) => notTheService(f.record),
    };
  },
};
