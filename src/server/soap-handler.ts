/**
 * The SOAP endpoint, in the order ASMX processes a request (Microsoft reference source in mono/mono
 * mcs/class/referencesource/System.Web.Services/System/Web/Services/Protocols/):
 * 1. SoapServerProtocol.GuessVersion: SOAP 1.2 when there is no SOAPAction header or the media type
 *    is application/soap+xml, otherwise SOAP 1.1.
 * 2. RouteRequest: SOAP 1.1 by the SOAPAction header (quotes stripped, URL-decoded, exact match);
 *    SOAP 1.2 by the Content-Type action parameter, falling back to the Body's first element.
 * 3. ReadParameters: a media type other than text/xml or application/soap+xml (or a SOAP 1.1
 *    envelope sent as application/soap+xml) is HTTP 415 with an empty body; an XmlException is
 *    HTTP 400 with an empty body (SetResponseErrorCode writes a fault body only for 500).
 * 4. CheckHelperVersion: a root that is not a known Envelope is a VersionMismatch fault.
 * 5. XmlSerializer reads the parameters; failures are Client faults "Server was unable to read request."
 */
import { operations, soapAction, type Operation } from '../contract/index.js';
import { parseContentType } from '../decode/response.js';
import { parseXml, XSI_NIL, type ParsedXml, type XmlElement } from '../decode/xml.js';
import { dialectByEnvelopeNs, soap11, soap12, type SoapDialect } from '../transports/dialects.js';
import { childNamed } from '../transports/soap.js';
import { empty, soapFault, soapResult, type Reply } from './replies.js';
import { AuthError } from './auth.js';
import { BusinessFault, WebMethodException, type Behaviour } from './behaviour.js';
import { webMethodResult } from './result.js';
import { ConversionError } from '../asmx/values.js';

export interface SoapRequest {
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

// Resource strings from System.Web.Services.txt (reference source).
const UNABLE_TO_READ = 'Server was unable to read request.';
const UNABLE_TO_PROCESS = 'Server was unable to process request.';
const ACTION_REQUIRED = 'Unable to handle request without a valid action parameter. Please supply a valid soap action.';
const unrecognisedHeader = (action: string) => `Server did not recognize the value of HTTP Header SOAPAction: ${action}.`;
const unrecognisedAction = (action: string) => `Unable to handle request. The action '${action}' was not recognized.`;

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function firstBodyChild(parsed: ParsedXml): XmlElement | undefined {
  if (!parsed.ok) return undefined;
  const body = parsed.root.children.find((c) => c.name === 'Body' && c.ns === parsed.root.ns);
  return body?.children[0];
}

/** The parameters' texts the way XmlSerializer finds them: by name, unknown elements ignored, an
 * absent or nil element as null (which converts to the type's default). */
function rawParams(op: Operation, ns: string, el: XmlElement): Map<string, string | null> {
  const raw = new Map<string, string | null>();
  for (const p of op.params) {
    const child = childNamed(el, ns, p.name);
    raw.set(p.name, !child || child.attrs[XSI_NIL] === 'true' ? null : child.text);
  }
  return raw;
}

export function handleSoap(behaviour: Behaviour, req: SoapRequest): Reply {
  const ns = behaviour.namespace;
  const { mediaType } = parseContentType(req.headers['content-type']);
  const header = req.headers['soapaction'];
  const guessed: SoapDialect = header === undefined || mediaType === soap12.mediaType ? soap12 : soap11;
  let parsed: ParsedXml | undefined;
  const parse = () => (parsed ??= parseXml(req.body));
  // A fault is written in the version of the envelope once it is known, else in the guessed one.
  const faultDialect = () => (parse().ok ? dialectByEnvelopeNs((parse() as { root: XmlElement }).root.ns) : undefined) ?? guessed;

  let op: Operation | undefined;
  if (guessed === soap11) {
    const action = safeDecode(soap11.requestAction(req.headers) ?? '');
    op = operations.find((o) => soapAction(ns, o) === action);
    if (!op) return soapFault(soap11, 'client', unrecognisedHeader(action));
  } else {
    const action = soap12.requestAction(req.headers);
    if (action !== undefined) op = operations.find((o) => soapAction(ns, o) === safeDecode(action));
    if (!op) {
      if (!parse().ok) {
        return soapFault(guessed, 'server', `${UNABLE_TO_PROCESS} ---> Data at the root level is invalid. Line 1, position 1.`);
      }
      const el = firstBodyChild(parse());
      op = el && el.ns === ns ? operations.find((o) => o.name === el.name) : undefined;
      if (!op) return soapFault(faultDialect(), 'client', action === undefined ? ACTION_REQUIRED : unrecognisedAction(safeDecode(action)));
    }
  }

  const result = parse();
  const envelopeDialect = result.ok ? dialectByEnvelopeNs(result.root.ns) : undefined;
  if (mediaType !== soap11.mediaType && mediaType !== soap12.mediaType) return empty(415);
  if (envelopeDialect === soap11 && mediaType === soap12.mediaType) return empty(415);
  // ASMX reads SOAP with DTD processing prohibited: a DOCTYPE is an XmlException, so 400 (reference
  // source, SoapServerProtocol; SetResponseErrorCode).
  if (!result.ok || result.hasDoctype) return empty(400);
  if (!envelopeDialect || result.root.name !== 'Envelope') {
    return soapFault(guessed, 'client', `Possible SOAP version mismatch: Envelope namespace ${result.root.ns ?? ''} was unexpected. Expecting ${guessed.envelopeNs}.`, 'VersionMismatch');
  }
  const el = firstBodyChild(result);
  if (!el || el.ns !== ns || el.name !== op.name) {
    const found = el ? `<${el.name} xmlns='${el.ns ?? ''}'>` : 'An empty Body';
    return soapFault(envelopeDialect, 'client', `${UNABLE_TO_READ} ---> There is an error in XML document. ---> ${found} was not expected.`);
  }
  try {
    return soapResult(envelopeDialect, ns, op, webMethodResult(behaviour, op, rawParams(op, ns, el), envelopeDialect.version === '1.1' ? 'soap11' : 'soap12'));
  } catch (err) {
    if (err instanceof ConversionError) return soapFault(envelopeDialect, 'client', `${UNABLE_TO_READ} ---> There is an error in XML document. ---> ${err.inner.message}`);
    if (err instanceof AuthError || err instanceof WebMethodException) return soapFault(envelopeDialect, 'server', `${UNABLE_TO_PROCESS} ---> ${err.message}`);
    if (err instanceof BusinessFault) return soapFault(envelopeDialect, 'client', err.message);
    throw err;
  }
}
