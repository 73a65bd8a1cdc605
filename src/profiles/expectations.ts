/**
 * The expectation of each negative scenario under each profile.
 *
 * `asmx` is what an ASMX service actually answers. Sources:
 * - Microsoft's reference source for System.Web.Services (mono/mono
 *   mcs/class/referencesource/System.Web.Services): SoapServerProtocol (GuessVersion, ReadParameters,
 *   SetResponseErrorCode: 415 and 400 with empty bodies, fault bodies only with 500),
 *   Soap11/Soap12ServerProtocolHelper.RouteRequest and WriteFault, HttpServerProtocol.WriteException
 *   (text/plain 500), ValueCollectionParameterReader ("Missing parameter: {0}."), ScalarFormatter
 *   ("Cannot convert {0} to {1}."), resource strings in System.Web.Services.txt.
 * - Observed on a real ASMX runtime: Mono 6.8's System.Web.Services hosting the contract
 *   (npm run test:asmx, scripts/asmx/). Every shape below is what it answers. Its messages differ
 *   from Microsoft's in two ways the profile accepts: the resource strings' placeholders are left
 *   unfilled ("Cannot convert {0} to {1}.", "Missing parameter: {0}.", "Server did not recognize
 *   the value of HTTP Header {0}: {1}."), and, as on .NET, a client on the host itself (ASP.NET's
 *   default customErrors RemoteOnly) gets the exception's type name before the message.
 * Both runtimes are ASMX: the profile accepts what either answers. Wording is judged by
 * error-message-per-profile, a warning at most.
 * `lenient`: any well-formed fault or non-2xx status counts as a rejection.
 */
import type { TransportId } from '../transports/index.js';
import type { Expectation, Profile, ProfileId, ResponseShape } from './types.js';
import type { ScenarioId } from '../results/case-labels.js';

export const PROFILES: Readonly<Record<ProfileId, Profile>> = {
  asmx: { id: 'asmx', description: 'what an ASMX (System.Web.Services) service actually answers', faultStatuses: [500], inherentParity: true, hostRejections: true },
  // SOAP 1.2 Part 2 section 7.5.2.2 maps env:Sender to 400; SOAP 1.1 section 6.2 requires 500.
  lenient: { id: 'lenient', description: 'any well-formed fault or non-2xx status is a rejection', faultStatuses: [400, 500], inherentParity: true, hostRejections: true },
  // The asmx expectations, but every difference between transports is a defect, even ASMX's own.
  strict: { id: 'strict', description: 'asmx expectations; every difference between transports is a defect', faultStatuses: [500], inherentParity: false, hostRejections: false },
};

const REF = 'Microsoft reference source, System.Web.Services';
/** A local client sees the exception's type before its message (.NET and Mono alike). */
const typed = (clrType: string) => `^(${clrType.replace(/\./g, '\\.')}: )?`;
const UNABLE_TO_READ = `${typed('System.Web.Services.Protocols.SoapException')}Server was unable to read request\\.`;
// .NET: "Cannot convert abc to System.Int32."; Mono: "Cannot convert {0} to {1}." (unfilled).
const CONVERT = (clr: string) => `${typed('System.ArgumentException')}Cannot convert (.* to System\\.${clr}|\\{0\\} to \\{1\\})\\.`;
const MONO = 'observed on Mono 6.8 (npm run test:asmx)';
const CLR: Partial<Record<ScenarioId, string>> = {
  'int-non-numeric': 'Int32', 'int-out-of-range': 'Int32', 'int-empty': 'Int32', 'dt-invalid': 'DateTime', 'bool-invalid': 'Boolean',
  'int-asmx-only': 'Int32', 'dt-asmx-only': 'DateTime', 'bool-asmx-only': 'Boolean',
};

/** Values XSD allows that ASMX's parsing refuses: a service that takes them is not wrong. */
const TOLERABLE: ReadonlySet<ScenarioId> = new Set(['soap12-envelope-as-soap11', 'int-asmx-only', 'dt-asmx-only', 'bool-asmx-only']);

function asmx(scenario: ScenarioId, transport: TransportId, param: string | undefined): Expectation {
  const soap = transport === 'soap11' || transport === 'soap12';
  const clr = CLR[scenario];
  if (clr) {
    return soap
      ? { summary: 'HTTP 500 SOAP fault, Client/Sender, "Server was unable to read request."', evidence: `${REF}: SoapServerProtocol.ReadParameters (WebRequestUnableToRead); ${MONO}`, accept: [{ body: 'soap-fault', status: [500], faultClass: 'client', reason: UNABLE_TO_READ }] }
      : { summary: `HTTP 500 text/plain "Cannot convert ... to System.${clr}."`, evidence: `${REF}: ScalarFormatter.FromString (WebChangeTypeFailed), HttpServerProtocol.WriteException; ${MONO}`, accept: [{ body: 'plain-text', status: [500], message: CONVERT(clr) }] };
  }
  switch (scenario) {
    case 'missing-parameter':
      return { summary: `HTTP 500 text/plain "Missing parameter: ${param}."`, evidence: `${REF}: ValueCollectionParameterReader.Read (WebMissingParameter); ${MONO}`, accept: [{ body: 'plain-text', status: [500], message: `${typed('System.InvalidOperationException')}Missing parameter: (${param}|\\{0\\})\\.` }] };
    case 'unknown-soapaction':
      return { summary: 'HTTP 500 SOAP 1.1 fault soap:Client "Server did not recognize the value of HTTP Header SOAPAction: ..."', evidence: `${REF}: Soap11ServerProtocolHelper.RouteRequest (WebHttpHeader); ${MONO}`, accept: [{ body: 'soap-fault', status: [500], faultClass: 'client', reason: `${typed('System.Web.Services.Protocols.SoapException')}Server did not recognize the value of HTTP Header (SOAPAction: |\\{0\\}: \\{1\\}\\.)` }] };
    case 'soap12-envelope-as-soap11':
      // GuessVersion picks SOAP 1.1 from the SOAPAction header, CheckHelperVersion then switches to
      // the envelope's version: ASMX answers the request. A fault or 415 is also a fair answer.
      return { summary: 'tolerated (a SOAP 1.2 answer), or a SOAP fault, or HTTP 415', evidence: `${REF}: SoapServerProtocol.GuessVersion, CheckHelperVersion; ${MONO} (a SOAP 1.2 answer)`, accept: [{ body: 'success' }, { body: 'soap-fault', status: [500], dialect: '1.2' }, { body: 'soap-fault', status: [500], dialect: '1.1' }, { body: 'empty', status: [415] }] };
    case 'soap11-envelope-as-soap12':
      return { summary: 'HTTP 415 with an empty body', evidence: `${REF}: SoapServerProtocol.ReadParameters (UnsupportedMediaType subcode), SetResponseErrorCode; ${MONO}`, accept: [{ body: 'empty', status: [415] }] };
    case 'malformed-xml':
      return transport === 'soap11'
        ? { summary: 'HTTP 400 with an empty body', evidence: `${REF}: SetResponseErrorCode (XmlException -> 400, no fault body); ${MONO}`, accept: [{ body: 'empty', status: [400] }] }
        // Without an action parameter SOAP 1.2 routes by the request element; reading it fails
        // outside the "unable to read" wrapper, so .NET answers a Receiver fault (inferred from the
        // reference source); Mono answers 400 with an empty body, as for SOAP 1.1.
        : { summary: 'HTTP 500 SOAP 1.2 fault, or HTTP 400 with an empty body', evidence: `${REF}: Soap12ServerProtocolHelper.RouteRequest, SetResponseErrorCode; 400 ${MONO}`, accept: [{ body: 'soap-fault', status: [500] }, { body: 'empty', status: [400] }] };
    case 'unknown-operation-path':
      return { summary: 'HTTP 500 text/plain "... Web Service method name is not valid." or "Request format is unrecognized ..."', evidence: `${REF}: HttpServerProtocol.Initialize (WebInvalidMethodName), WebServiceHandlerFactory (WebUnrecognizedRequestFormatUrl); ${MONO} ("{0} Web Service method name is not valid.")`, accept: [{ body: 'plain-text', status: [500], message: "(Web Service method name is not valid\\.|Request format is unrecognized for URL unexpectedly ending in ')" }] };
    default:
      // The spec does not show how a bad sig is reported ("Errors: not shown"): any rejection.
      return lenient(scenario);
  }
}

function lenient(scenario: ScenarioId): Expectation {
  const accept: ResponseShape[] = [{ body: 'any-rejection' }];
  const evidence = 'lenient profile; spec, Errors: "how failures ... are reported: not shown"';
  // SOAP 1.2 Part 1, Appendix A: a SOAP 1.2 node "MAY process" a SOAP/1.1 message as SOAP/1.1.
  if (scenario === 'soap11-envelope-as-soap12') return { summary: 'any rejection, or a SOAP 1.1 answer', evidence: `${evidence}; SOAP 1.2 Part 1, Appendix A`, accept: [...accept, { body: 'success', dialect: '1.1' }] };
  if (TOLERABLE.has(scenario)) accept.push({ body: 'success' });
  return { summary: TOLERABLE.has(scenario) ? 'any rejection, or tolerated' : 'any well-formed fault or non-2xx status', evidence, accept };
}

/** A host's own refusal (request validation, query length) is recognised from the answer, not
 * predicted here: see src/profiles/host-rejection.ts. */
export function expectationFor(profile: ProfileId, scenario: ScenarioId, transport: TransportId, param?: string): Expectation {
  return profile === 'lenient' ? lenient(scenario) : asmx(scenario, transport, param);
}
