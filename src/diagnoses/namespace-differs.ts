/**
 * The service declares another XML namespace than the contract's: the [WebService] attribute's
 * Namespace left at Visual Studio's http://tempuri.org/, or mistyped.
 *
 * Runtime evidence: ASMX takes the namespace from [WebService(Namespace = ...)] (default
 * http://tempuri.org/) for the ?WSDL targetNamespace, the SOAPActions it routes by, the request and
 * response elements, and the <string> root of GET/POST results.
 * - .NET Framework (reference source, Soap11ServerProtocolHelper/Soap12ServerProtocolHelper): a
 *   request with the contract's SOAPAction is refused with a Client fault "Server did not recognize
 *   the value of HTTP Header SOAPAction: ns/Op."; SOAP 1.2: Sender "Unable to handle request. The
 *   action 'ns/Op' was not recognized."", and a SOAP 1.2 request without an action parameter, routed
 *   by its Body element, "Unable to handle request without a valid action parameter. Please supply
 *   a valid soap action." (the element is in the contract's namespace, not the service's).
 * - Mono 6.8 (observed, the generated site with Namespace = "http://tempuri.org/"): the same faults
 *   with the placeholders unformatted ("HTTP Header {0}: {1}.", "The action '{0}'"), ?WSDL
 *   targetNamespace http://tempuri.org/, GET and POST answered with <string xmlns="http://tempuri.org/">.
 */
import type { ExchangeRecord } from '../results/record.js';
import { answerText, quoted } from './answers.js';
import type { DiagnosisRule, Finding, Identified } from './types.js';

/** The SOAP refusals of a request the service does not route (.NET and Mono wordings). */
export const ACTION_NOT_RECOGNIZED = /Server did not recognize the value of HTTP Header (?:SOAPAction|\{0\})|Unable to handle request\. The action '[^']*' was not recognized|Unable to handle request without a valid action parameter/;

const WSDL_NAMESPACE = /^\[namespace\] .* changed from (\S+) to (\S+)$/;
const STRING_ROOT = /^root element is \{([^}]*)\}string; expected \{/;

/** The namespace the service declares, from the ?WSDL comparison or a GET/POST result's root. */
function declaredNamespace(wsdlDrifts: readonly string[], records: readonly ExchangeRecord[]): { ns: string; from: string } | undefined {
  for (const line of wsdlDrifts) {
    const m = WSDL_NAMESPACE.exec(line);
    if (m && m[2] !== '(absent)') return { ns: m[2]!, from: `?WSDL: ${line.replace(/^\[namespace\] /, '')}` };
  }
  for (const r of records) for (const c of r.checks) {
    const m = c.id === 'http-string-root' && c.status === 'failed' ? STRING_ROOT.exec(c.message ?? '') : null;
    if (m && m[1]) return { ns: m[1], from: `${r.operation} over ${r.transport === 'get' ? 'HTTP GET' : 'HTTP POST'} answered with root element {${m[1]}}string` };
  }
  return undefined;
}

export const namespaceDiffers: DiagnosisRule = {
  id: 'namespace-differs',
  description: "The service's XML namespace ([WebService(Namespace = ...)]) differs from the contract's",
  runtimeEvidence: '.NET Framework (reference source, the SOAP server protocol helpers) and Mono 6.8 (observed, the generated site with Namespace = "http://tempuri.org/"): ?WSDL targetNamespace, SOAPAction routing and the GET/POST <string> root all follow the attribute',
  identify(run): Identified | undefined {
    const declared = declaredNamespace(run.wsdlDrifts, run.records);
    if (!declared || declared.ns === run.namespace) return undefined;
    const { ns } = declared;
    const refused = run.records.filter((r) => (r.transport === 'soap11' || r.transport === 'soap12') && ACTION_NOT_RECOGNIZED.test(answerText(r)));
    return {
      summary: `the service's namespace is ${ns}, not the contract's ${run.namespace}`,
      evidence: [declared.from, ...(refused.length > 0 ? [quoted(refused, 'refuse requests in the contract\'s namespace as not routed')] : [])],
      fix: `set [WebService(Namespace = "${run.namespace}")] on the class behind tsiWS.asmx${ns === 'http://tempuri.org/' ? " (it is Visual Studio's default, http://tempuri.org/)" : ''}, rebuild and redeploy`,
      explains: (f: Finding) => refused.includes(f.record) || f.message.includes(ns) || answerText(f.record).includes(`xmlns="${ns}"`),
      explainsDrift: (line) => line.includes(ns),
    };
  },
};
