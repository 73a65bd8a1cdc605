/**
 * A transport the contract requires is not enabled in web.config's <webServices><protocols>.
 *
 * Runtime evidence:
 * - .NET Framework: HttpGet and HttpPost are off by default since .NET 1.1 (machine.config enables
 *   HttpSoap, HttpSoap12, HttpPostLocalhost and Documentation); a request no enabled protocol takes
 *   is refused by WebServiceHandlerFactory with InvalidOperationException "Request format is
 *   unrecognized for URL unexpectedly ending in '/Op'." (HTTP 500, an HTML error page); and the
 *   ?WSDL lists a binding and port only for each enabled protocol. Seen on a public tsiWS
 *   deployment: "The test form is only available for requests from the local machine" (issue 42).
 * - Mono 6.8 (observed, `TSIWS_ASMX_WITHOUT=HttpGet,HttpPost npm run test:asmx`): HTTP 500
 *   text/html, an error page with "Request format is unrecognized for URL unexpectedly ending in
 *   &#39;{0}&#39;." (the placeholder left unformatted); ?WSDL lists tsiWSSoap and tsiWSSoap12 only.
 *   With HttpSoap12 removed, a SOAP 1.2 request gets a SOAP 1.1 Client fault ("Unable to handle
 *   request without a valid action parameter. Please supply a valid soap action.") and ?WSDL has no
 *   SOAP 1.2 binding: that transport is identified by the WSDL and by no SOAP 1.2 exchange passing.
 */
import type { ExchangeRecord } from '../results/record.js';
import { answerText, labelsOf, over, quoted, TRANSPORT_LABELS } from './answers.js';
import type { DiagnosisRule, Identified, RunFindings } from './types.js';

export const UNRECOGNIZED_FORMAT = /Request format is unrecognized for URL unexpectedly ending in '(?:\/[^'\s]*|\{0\})'\./;

/** The name each transport has in <webServices><protocols>. */
const PROTOCOL_NAMES: Readonly<Record<string, string>> = { soap11: 'HttpSoap', soap12: 'HttpSoap12', get: 'HttpGet', post: 'HttpPost' };

const bindingMissing = (drifts: readonly string[], transport: string): string | undefined =>
  drifts.find((line) => line.startsWith(`[binding-missing] no ${TRANSPORT_LABELS[transport]} binding`));

/** The transports refused as not enabled, each with what showed it. */
function disabledTransports(run: RunFindings): Array<{ transport: string; refused: readonly ExchangeRecord[]; binding?: string }> {
  const found = [];
  for (const transport of Object.keys(PROTOCOL_NAMES)) {
    if (!run.sentOver.has(transport)) continue;
    const refused = run.records.filter((r) => r.transport === transport && UNRECOGNIZED_FORMAT.test(answerText(r)));
    const binding = bindingMissing(run.wsdlDrifts, transport);
    // A missing binding alone is no proof (a WSDL can be out of date): no exchange over it passed either.
    if (refused.length > 0 || (binding && !run.passedOver.has(transport))) found.push({ transport, refused, ...(binding ? { binding } : {}) });
  }
  return found;
}

export const transportNotEnabled: DiagnosisRule = {
  id: 'transport-not-enabled',
  description: "A transport the contract requires is not enabled in web.config's <webServices><protocols>",
  runtimeEvidence: '.NET Framework (reference source, WebServiceHandlerFactory; machine.config defaults) and Mono 6.8 (observed, npm run test:asmx with HttpGet/HttpPost removed): the refusal "Request format is unrecognized for URL unexpectedly ending in \'/Op\'." (Mono: \'{0}\'), and no ?WSDL binding for the protocol',
  identify(run): Identified | undefined {
    const disabled = disabledTransports(run);
    if (disabled.length === 0) return undefined;
    const transports = new Set(disabled.map((d) => d.transport));
    const labels = [...transports].map((t) => TRANSPORT_LABELS[t]!);
    const evidence = disabled.flatMap((d) => [
      ...(d.refused.length > 0 ? [quoted(d.refused, `over ${TRANSPORT_LABELS[d.transport]} say "${answerText(d.refused[0]!).match(UNRECOGNIZED_FORMAT)![0]}"`)] : []),
      ...(d.binding ? [`?WSDL: ${d.binding}`] : []),
    ]);
    const entries = disabled.map((d) => `<add name="${PROTOCOL_NAMES[d.transport]}" />`).join(' ');
    return {
      summary: `${labelsOf([...transports])} ${transports.size === 1 ? 'is' : 'are'} not enabled for the service`,
      evidence,
      fix: `add ${entries} to <system.web><webServices><protocols> in the service's web.config (and take out any <remove> of ${disabled.map((d) => PROTOCOL_NAMES[d.transport]).join(' or ')})`,
      explains: over(transports),
      explainsDrift: (line) => labels.some((label) => line.startsWith(`[binding-missing] no ${label} `) || line.startsWith(`[port-missing] no ${label} `)),
    };
  },
};
