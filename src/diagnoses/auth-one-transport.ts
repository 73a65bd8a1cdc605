/**
 * Authentication is enforced over some transports and not over others: the signature is checked
 * where only SOAP requests pass (a SoapExtension, a SOAP header), so HTTP GET and POST go unchecked.
 *
 * Runtime evidence: .NET Framework (documentation, SoapExtension: extensions run for SOAP messages
 * only) and Mono 6.8 (System.Web.Services source: SoapExtension is invoked by the SOAP server
 * protocol alone, never by the HttpGet/HttpPost protocols).
 */
import { labelsOf, TRANSPORT_LABELS } from './answers.js';
import type { DiagnosisRule, Finding, Identified } from './types.js';

const TRANSPORTS = Object.keys(TRANSPORT_LABELS);
const accepted = (f: Finding) => f.check === 'auth-enforced' && f.level === 'error';

export const authOneTransport: DiagnosisRule = {
  id: 'auth-not-enforced-on-transport',
  description: 'Authentication (sig, timestamp, mobilekey) is enforced over some transports but not over others',
  runtimeEvidence: '.NET Framework (documentation, SoapExtension) and Mono 6.8 (System.Web.Services source): a check in a SoapExtension never sees an HTTP GET or POST request',
  identify(run): Identified | undefined {
    const open = new Set<string>();
    for (const r of run.records) if (r.checks.some((c) => c.id === 'auth-enforced' && c.status === 'failed' && c.level !== 'info')) open.add(r.transport);
    const enforced = TRANSPORTS.filter((t) => run.sentOver.has(t) && !open.has(t));
    // Accepted everywhere is a service that does not authenticate at all: the findings say that.
    if (open.size === 0 || enforced.length === 0) return undefined;
    const openList = TRANSPORTS.filter((t) => open.has(t));
    return {
      summary: `authentication is not enforced over ${labelsOf(openList)} (it is over ${labelsOf(enforced)})`,
      evidence: [`requests with a broken sig, a stale timestamp or no mobilekey were accepted over ${labelsOf(openList)} and refused over ${labelsOf(enforced)}`],
      fix: `check sig, timestamp and mobilekey for every transport: in each [WebMethod] (or an IHttpModule), not only where SOAP requests pass (a SoapExtension or SOAP header never sees ${labelsOf(openList)})`,
      explains: (f) => accepted(f) && open.has(f.record.transport),
    };
  },
};
