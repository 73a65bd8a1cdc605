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
 * - Observed on a real ASMX runtime (Mono's System.Web.Services, issue 3): a wrong SOAPAction gives
 *   a soap:Client fault "Server did not recognize the value of HTTP Header SOAPAction"; a
 *   non-numeric int in a SOAP body a soap:Client fault "Server was unable to read request"; a
 *   missing GET parameter a 500 text/plain "System.InvalidOperationException: Missing parameter".
 * Where Mono and Microsoft differ the profile follows Microsoft, and accepts both where the spec
 * cannot decide.
 * `lenient`: any well-formed fault or non-2xx status counts as a rejection.
 */
import type { TransportId } from '../transports/index.js';
import type { ScenarioId } from '../cases/negative.js';
import type { Expectation, Profile, ProfileId, ResponseShape } from './types.js';

export const PROFILES: Readonly<Record<ProfileId, Profile>> = {
  asmx: { id: 'asmx', description: 'what an ASMX (System.Web.Services) service actually answers', faultStatuses: [500], inherentParity: true },
  // SOAP 1.2 Part 2 section 7.5.2.2 maps env:Sender to 400; SOAP 1.1 section 6.2 requires 500.
  lenient: { id: 'lenient', description: 'any well-formed fault or non-2xx status is a rejection', faultStatuses: [400, 500], inherentParity: true },
  // The asmx expectations, but every difference between transports is a defect, even ASMX's own.
  strict: { id: 'strict', description: 'asmx expectations; every difference between transports is a defect', faultStatuses: [500], inherentParity: false },
};

const REF = 'Microsoft reference source, System.Web.Services';
const UNABLE_TO_READ = '^Server was unable to read request\\.';
const CONVERT = (clr: string) => `^System\\.ArgumentException: Cannot convert .* to System\\.${clr}\\.`;
const CLR: Partial<Record<ScenarioId, string>> = {
  'int-non-numeric': 'Int32', 'int-out-of-range': 'Int32', 'int-empty': 'Int32', 'dt-invalid': 'DateTime', 'bool-invalid': 'Boolean',
};

function asmx(scenario: ScenarioId, transport: TransportId, param: string | undefined): Expectation {
  const soap = transport === 'soap11' || transport === 'soap12';
  const clr = CLR[scenario];
  if (clr) {
    return soap
      ? { summary: 'HTTP 500 SOAP fault, Client/Sender, "Server was unable to read request."', evidence: `${REF}: SoapServerProtocol.ReadParameters (WebRequestUnableToRead); observed on Mono`, accept: [{ body: 'soap-fault', status: [500], faultClass: 'client', reason: UNABLE_TO_READ }] }
      : { summary: `HTTP 500 text/plain "Cannot convert ... to System.${clr}."`, evidence: `${REF}: ScalarFormatter.FromString (WebChangeTypeFailed), HttpServerProtocol.WriteException`, accept: [{ body: 'plain-text', status: [500], message: CONVERT(clr) }] };
  }
  switch (scenario) {
    case 'missing-parameter':
      return { summary: `HTTP 500 text/plain "Missing parameter: ${param}."`, evidence: `${REF}: ValueCollectionParameterReader.Read (WebMissingParameter); observed on Mono`, accept: [{ body: 'plain-text', status: [500], message: `^System\\.InvalidOperationException: Missing parameter: ${param}\\.` }] };
    case 'unknown-soapaction':
      return { summary: 'HTTP 500 SOAP 1.1 fault soap:Client "Server did not recognize the value of HTTP Header SOAPAction: ..."', evidence: `${REF}: Soap11ServerProtocolHelper.RouteRequest (WebHttpHeader); observed on Mono`, accept: [{ body: 'soap-fault', status: [500], faultClass: 'client', reason: '^Server did not recognize the value of HTTP Header SOAPAction: ' }] };
    case 'soap12-envelope-as-soap11':
      // GuessVersion picks SOAP 1.1 from the SOAPAction header, CheckHelperVersion then switches to
      // the envelope's version: ASMX answers the request. A fault or 415 is also a fair answer.
      return { summary: 'tolerated (a SOAP 1.2 answer), or a SOAP fault, or HTTP 415', evidence: `${REF}: SoapServerProtocol.GuessVersion, CheckHelperVersion`, accept: [{ body: 'success' }, { body: 'soap-fault', status: [500], dialect: '1.2' }, { body: 'soap-fault', status: [500], dialect: '1.1' }, { body: 'empty', status: [415] }] };
    case 'soap11-envelope-as-soap12':
      return { summary: 'HTTP 415 with an empty body', evidence: `${REF}: SoapServerProtocol.ReadParameters (UnsupportedMediaType subcode), SetResponseErrorCode`, accept: [{ body: 'empty', status: [415] }] };
    case 'malformed-xml':
      return transport === 'soap11'
        ? { summary: 'HTTP 400 with an empty body', evidence: `${REF}: SetResponseErrorCode (XmlException -> 400, no fault body)`, accept: [{ body: 'empty', status: [400] }] }
        // Without an action parameter SOAP 1.2 routes by the request element; reading it fails
        // outside the "unable to read" wrapper, so ASMX answers a Receiver fault (inferred from the
        // reference source); a 400 as for SOAP 1.1 is accepted too.
        : { summary: 'HTTP 500 SOAP 1.2 fault, or HTTP 400 with an empty body', evidence: `${REF}: Soap12ServerProtocolHelper.RouteRequest, SetResponseErrorCode`, accept: [{ body: 'soap-fault', status: [500] }, { body: 'empty', status: [400] }] };
    case 'unknown-operation-path':
      return { summary: 'HTTP 500 text/plain "... Web Service method name is not valid." or "Request format is unrecognized ..."', evidence: `${REF}: HttpServerProtocol.Initialize (WebInvalidMethodName), WebServiceHandlerFactory (WebUnrecognizedRequestFormatUrl)`, accept: [{ body: 'plain-text', status: [500], message: "(Web Service method name is not valid\\.|Request format is unrecognized for URL unexpectedly ending in ')" }] };
    default:
      // The spec does not show how a bad sig is reported ("Errors: not shown"): any rejection.
      return lenient(scenario);
  }
}

function lenient(scenario: ScenarioId): Expectation {
  const accept: ResponseShape[] = [{ body: 'any-rejection' }];
  if (scenario === 'soap12-envelope-as-soap11') accept.push({ body: 'success' });
  return { summary: scenario === 'soap12-envelope-as-soap11' ? 'any rejection, or tolerated' : 'any well-formed fault or non-2xx status', evidence: 'lenient profile; spec, Errors: "how failures ... are reported: not shown"', accept };
}

/** A generated GET/POST value that looks like markup is valid input, but ASP.NET request
 * validation (on by default in ASP.NET 4, and applied to .asmx) refuses it: inherent under asmx and
 * lenient, a defect under strict. */
function formMarkup(profile: ProfileId): Expectation {
  const evidence = 'ASP.NET request validation (System.Web CrossSiteScriptingValidation); observed on a real ASMX runtime (issue 5)';
  if (profile === 'strict') return { summary: 'a result (strict: request validation refusing valid input is a defect)', evidence, accept: [{ body: 'success' }] };
  return {
    summary: 'a result, or HTTP 500 "A potentially dangerous Request.QueryString value was detected" (ASP.NET request validation)',
    evidence,
    accept: [{ body: 'success' }, { body: 'plain-text', status: [500], message: 'A potentially dangerous Request\\.(QueryString|Form) value was detected' }],
  };
}

/** `markup`: the GET/POST request carries a value ASP.NET request validation refuses. Validation
 * runs when the query string or form is first read, before any parameter is converted, so under
 * asmx and lenient its error is also an acceptable answer to whatever else the case tests. */
/** A long GET query is valid input that hosts refuse by configuration (400, 404.15 or 414). */
function longQuery(profile: ProfileId): Expectation {
  const evidence = 'Microsoft documentation: ASP.NET httpRuntime maxQueryStringLength and IIS requestFiltering maxQueryString default to 2048';
  if (profile === 'strict') return { summary: 'a result (strict: a refused long query is a defect)', evidence, accept: [{ body: 'success' }] };
  return { summary: 'a result, or a rejection of the over-long query string', evidence, accept: [{ body: 'success' }, { body: 'any-rejection' }] };
}

export function expectationFor(profile: ProfileId, scenario: ScenarioId, transport: TransportId, param?: string, markup = false, longQueryString = false): Expectation {
  if (scenario === 'form-markup') return formMarkup(profile);
  if (scenario === 'long-query') return longQuery(profile);
  let e = profile === 'lenient' ? lenient(scenario) : asmx(scenario, transport, param);
  if (profile === 'strict') return e;
  if (markup) {
    const validation = formMarkup(profile).accept.filter((s) => s.body !== 'success');
    e = { ...e, summary: `${e.summary}; or ASP.NET request validation's HTTP 500`, accept: [...e.accept, ...validation] };
  }
  // The host refuses an over-long query string before any parameter is read.
  if (longQueryString) e = { ...e, summary: `${e.summary}; or a rejection of the over-long query string`, accept: [...e.accept, { body: 'any-rejection' }] };
  return e;
}
