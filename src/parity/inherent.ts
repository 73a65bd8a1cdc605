/**
 * Differences between transports that come from the ASMX platform itself: every faithful
 * implementation shows them. Under the asmx and lenient profiles they are reported as inherent
 * (visible, not failing); under strict they are defects. This is the one list of them.
 *
 * Also observed on a real ASMX runtime, but never a difference between transports, so not listed:
 * result text containing CR is written unescaped, so an XML parser reads CRLF as LF on every
 * transport alike.
 */
import { isQueryLengthRefusal, REQUEST_VALIDATION } from '../profiles/host-rejection.js';
import type { TransportId } from '../transports/index.js';
import type { TransportOutcome } from '../results/transport-outcome.js';

export interface InherentBehaviour {
  readonly id: string;
  readonly description: string;
  readonly evidence: string;
  /** Whether `other` rejecting (or accepting) what `reference` accepts (or rejects) is this behaviour. */
  matches(reference: TransportOutcome, other: TransportOutcome, values: Readonly<Record<string, string>>): boolean;
}

const form = (t: TransportId) => t === 'get' || t === 'post';
const soap = (t: TransportId) => !form(t);

export const INHERENT: readonly InherentBehaviour[] = [
  {
    id: 'aspnet-request-validation',
    description: 'ASP.NET request validation rejects GET/POST values that look like markup ("<" before a letter, !, / or ?; "&#"); SOAP bodies are not validated',
    evidence: 'Observed on a real ASMX runtime (Mono System.Web.Services): HTTP 500 "A potentially dangerous Request.QueryString value was detected"; rule from System.Web CrossSiteScriptingValidation.IsDangerousString; ASP.NET 4 breaking changes: request validation applies to .asmx',
    matches: (ref, other) => soap(ref.transport) && form(other.transport) && ref.outcome === 'result' && other.outcome === 'rejected' && REQUEST_VALIDATION.test(other.text ?? ''),
  },
  {
    id: 'boolean-lexical-forms',
    description: 'GET/POST parse booleans with Boolean.Parse ("True"/"False" in any case, not "1"/"0"); SOAP with XmlConvert ("1"/"0", not "True")',
    evidence: 'Microsoft reference source: ScalarFormatter.FromString -> Convert.ChangeType (Boolean.Parse) for GET/POST; XmlSerializer -> XmlConvert.ToBoolean for SOAP',
    matches: (ref, other) => ref.outcome !== other.outcome && soap(ref.transport) !== soap(other.transport) && /System\.Boolean|Boolean value|valid Boolean\./.test(`${ref.text ?? ''} ${other.text ?? ''}`),
  },
  {
    id: 'query-string-length',
    description: 'HTTP GET carries the parameters in the URL, which hosts limit (ASP.NET and IIS: 2048 characters of query string); SOAP and POST carry them in the body',
    evidence: 'Microsoft documentation: httpRuntime maxQueryStringLength (default 2048, HTTP 400), IIS requestFiltering maxQueryString (default 2048, HTTP 404.15); observed on Mono 6.8 (npm run test:asmx): HTTP 400 text/html "The length of the query string for this request exceeds the configured maxQueryStringLength value."',
    // Recognised by what the host answered, not predicted from the length sent (src/profiles/host-rejection.ts).
    matches: (ref, other, values) => other.transport === 'get' && ref.outcome === 'result' && other.outcome === 'rejected'
      && isQueryLengthRefusal(other.status, other.text ?? '', new URLSearchParams(values as Record<string, string>).toString().length),
  },
  {
    id: 'missing-parameter-handling',
    description: 'SOAP reads a missing element as its type\'s default (null, 0, false); GET/POST answer a missing parameter with an error',
    evidence: 'Microsoft reference source: XmlSerializer leaves absent members at their defaults (SOAP); ValueCollectionParameterReader.Read throws "Missing parameter: {0}." (GET/POST); issue 3',
    matches: (ref, other) => ref.outcome !== other.outcome && soap(ref.transport) !== soap(other.transport) && /Missing parameter: /.test(`${ref.text ?? ''} ${other.text ?? ''}`),
  },
  {
    id: 'datetime-leniency',
    description: 'GET/POST parse dateTime with DateTime.Parse (lenient, culture rules); SOAP with strict xs:dateTime (XmlConvert)',
    evidence: 'Microsoft reference source: ScalarFormatter.FromString -> Convert.ChangeType (DateTime.Parse, invariant culture) for GET/POST; XmlConvert.ToDateTime for SOAP',
    matches: (ref, other) => ref.outcome !== other.outcome && soap(ref.transport) !== soap(other.transport) && /System\.DateTime|AllXsd value/.test(`${ref.text ?? ''} ${other.text ?? ''}`),
  },
];
