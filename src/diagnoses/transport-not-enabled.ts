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
 * - .NET Framework with HttpSoap12 removed: SoapServerProtocol reads a SOAP 1.2 envelope as SOAP 1.1
 *   and answers a SOAP 1.1 soap:VersionMismatch fault "Possible SOAP version mismatch: Envelope
 *   namespace http://www.w3.org/2003/05/soap-envelope was unexpected. Expecting
 *   http://schemas.xmlsoap.org/soap/envelope/." (issue 59, a field run).
 * Either runtime's refusal of a SOAP version, with the run's transport-reaches-service finding (no
 * valid request of any operation succeeded over it while the others' did, issue 59), identifies
 * the transport when the ?WSDL still describes it (a static or cached WSDL).
 */
import type { ExchangeRecord } from '../results/record.js';
import { soap11, soap12 } from '../transports/dialects.js';
import { answerText, labelsOf, over, quoted, TRANSPORT_LABELS } from './answers.js';
import type { DiagnosisRule, Identified, RunFindings } from './types.js';

export const UNRECOGNIZED_FORMAT = /Request format is unrecognized for URL unexpectedly ending in '(?:\/[^'\s]*|\{0\})'\./;

/** The name each transport has in <webServices><protocols>. */
const PROTOCOL_NAMES: Readonly<Record<string, string>> = { soap11: 'HttpSoap', soap12: 'HttpSoap12', get: 'HttpGet', post: 'HttpPost' };

const bindingMissing = (drifts: readonly string[], transport: string): string | undefined =>
  drifts.find((line) => line.startsWith(`[binding-missing] no ${TRANSPORT_LABELS[transport]} binding`));

const REACH_CHECK = 'transport-reaches-service';
/** The SOAP envelope each SOAP transport's requests are in. */
const ENVELOPE: Readonly<Record<string, string>> = { soap11: soap11.envelopeNs, soap12: soap12.envelopeNs };
const ROOT = /^\s*(?:<\?xml[^>]*\?>\s*)?<(?:([\w.-]+):)?Envelope\b([^>]*)>/;

/** The namespace of an answer's Envelope root, or undefined when it is none. */
function envelopeNsOf(text: string): string | undefined {
  const m = ROOT.exec(text);
  if (!m) return undefined;
  return new RegExp(`xmlns${m[1] ? `:${m[1]}` : ''}="([^"]*)"`).exec(m[2]!)?.[1];
}

/** An answer in which the runtime refuses the request's SOAP version: an envelope of the other version
 * (Mono) or a VersionMismatch fault (.NET). */
function refusesVersion(r: ExchangeRecord): boolean {
  const text = answerText(r);
  const ns = envelopeNsOf(text);
  return ns !== undefined && ENVELOPE[r.transport] !== undefined && (ns !== ENVELOPE[r.transport] || /:VersionMismatch\s*</.test(text));
}

/** The run's finding that no valid request over `transport` succeeded while others' did. */
const unreached = (run: RunFindings, transport: string): ExchangeRecord | undefined =>
  run.records.find((r) => r.transport === transport && r.checks.some((c) => c.id === REACH_CHECK && c.status === 'failed'));

interface Disabled { transport: string; refused: readonly ExchangeRecord[]; binding?: string; versionRefused?: readonly ExchangeRecord[]; unreached?: ExchangeRecord }

/** The transports refused as not enabled, each with what showed it. */
function disabledTransports(run: RunFindings): Disabled[] {
  const found: Disabled[] = [];
  for (const transport of Object.keys(PROTOCOL_NAMES)) {
    if (!run.sentOver.has(transport)) continue;
    const refused = run.records.filter((r) => r.transport === transport && UNRECOGNIZED_FORMAT.test(answerText(r)));
    const binding = bindingMissing(run.wsdlDrifts, transport);
    const dead = unreached(run, transport);
    const versionRefused = dead ? run.records.filter((r) => r.transport === transport && refusesVersion(r)) : [];
    // A missing binding alone is no proof (a WSDL can be out of date): no exchange over it passed either.
    // Nor is a dead transport alone: the runtime's refusal of its SOAP version says why.
    if (refused.length > 0 || versionRefused.length > 0 || (binding && (!run.passedOver.has(transport) || dead))) {
      found.push({ transport, refused, ...(binding ? { binding } : {}), ...(versionRefused.length > 0 ? { versionRefused } : {}), ...(dead ? { unreached: dead } : {}) });
    }
  }
  return found;
}

/** What showed one transport not enabled, one line each. */
const evidenceOf = (d: Disabled): string[] => [
  ...(d.refused.length > 0 ? [quoted(d.refused, `over ${TRANSPORT_LABELS[d.transport]} say "${answerText(d.refused[0]!).match(UNRECOGNIZED_FORMAT)![0]}"`)] : []),
  ...(d.versionRefused ? [quoted(d.versionRefused, `over ${TRANSPORT_LABELS[d.transport]} are the runtime's refusal of the SOAP version (a fault in another version's envelope, or VersionMismatch)`)] : []),
  ...(d.unreached ? [`${REACH_CHECK}: ${d.unreached.checks.find((c) => c.id === REACH_CHECK)!.message ?? ''}`] : []),
  ...(d.binding ? [`?WSDL: ${d.binding}`] : []),
];

export const transportNotEnabled: DiagnosisRule = {
  id: 'transport-not-enabled',
  description: "A transport the contract requires is not enabled in web.config's <webServices><protocols>",
  runtimeEvidence: '.NET Framework (reference source, WebServiceHandlerFactory; machine.config defaults) and Mono 6.8 (observed, npm run test:asmx with HttpGet/HttpPost removed): the refusal "Request format is unrecognized for URL unexpectedly ending in \'/Op\'." (Mono: \'{0}\'), and no ?WSDL binding for the protocol; with HttpSoap12 removed, SOAP 1.2 requests answered in a SOAP 1.1 envelope (Mono 6.8: a Client fault "Unable to handle request without a valid action parameter."; .NET: soap:VersionMismatch "Possible SOAP version mismatch")',
  identify(run): Identified | undefined {
    const disabled = disabledTransports(run);
    if (disabled.length === 0) return undefined;
    const transports = new Set(disabled.map((d) => d.transport));
    const labels = [...transports].map((t) => TRANSPORT_LABELS[t]!);
    const evidence = disabled.flatMap(evidenceOf);
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
