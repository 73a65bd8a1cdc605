/** The SOAP endpoint: routing by action (or Body element), reading parameters, answering or faulting. */
import { operations, soapAction, type Operation } from '../contract/index.js';
import { parseXml, XSI_NIL, type XmlElement } from '../decode/xml.js';
import { parseContentType } from '../decode/response.js';
import { dialects, dialectByEnvelopeNs, type SoapDialect } from '../transports/dialects.js';
import { childNamed } from '../transports/soap.js';
import { empty, soapFault, soapResult, type Reply } from './replies.js';
import { resultText } from './result.js';
import { ConversionError, convert, type Typed } from './values.js';

export interface SoapRequest {
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

const READ_FAILED = 'Server was unable to read request.';

function route(dialect: SoapDialect, ns: string, action: string | undefined, bodyChild: XmlElement | undefined): Operation | string {
  if (action !== undefined) {
    const op = operations.find((o) => soapAction(ns, o) === action);
    return op ?? `Server did not recognize the value of HTTP Header SOAPAction: ${action}.`;
  }
  // SOAP 1.2 names no action header; ASMX then routes by the request element.
  if (dialect.version === '1.2' && bodyChild && bodyChild.ns === ns) {
    const op = operations.find((o) => o.name === bodyChild.name);
    if (op) return op;
  }
  return `Server did not recognize the value of HTTP Header SOAPAction: ${action ?? ''}.`;
}

/** Reads the parameters the way XmlSerializer does: by name, unknown elements ignored. */
function readParams(op: Operation, ns: string, el: XmlElement): Map<string, Typed> {
  const typed = new Map<string, Typed>();
  for (const p of op.params) {
    const child = childNamed(el, ns, p.name);
    const text = !child || child.attrs[XSI_NIL] === 'true' ? null : child.text;
    typed.set(p.name, convert(p, text, 'soap'));
  }
  return typed;
}

export function handleSoap(ns: string, req: SoapRequest): Reply {
  const { mediaType } = parseContentType(req.headers['content-type']);
  const dialect = dialects.find((d) => d.mediaType === mediaType);
  // A POST to the service path that is not SOAP is not handled by the SOAP protocol at all:
  // .NET's reference source answers 415 Unsupported Media Type with an empty body (issue 3).
  if (!dialect) return empty(415);
  const parsed = parseXml(req.body);
  // A body that is not XML cannot be read as a message: HTTP 400 with an empty body (issue 3).
  if (!parsed.ok) return empty(400);
  const root = parsed.root;
  if (root.name !== 'Envelope' || root.ns !== dialect.envelopeNs) {
    const other = dialectByEnvelopeNs(root.ns);
    const reason = other
      ? `Possible SOAP version mismatch: Envelope namespace ${root.ns} was unexpected. Expecting ${dialect.envelopeNs}.`
      : `${READ_FAILED} ---> The root element is {${root.ns ?? ''}}${root.name}, not a SOAP Envelope.`;
    return soapFault(dialect, 'client', reason, other ? 'VersionMismatch' : undefined);
  }
  const body = childNamed(root, dialect.envelopeNs, 'Body');
  const bodyChild = body?.children[0];
  const op = route(dialect, ns, dialect.requestAction(req.headers), bodyChild);
  if (typeof op === 'string') return soapFault(dialect, 'client', op);
  if (!bodyChild || bodyChild.ns !== ns || bodyChild.name !== op.name) {
    const found = bodyChild ? `<${bodyChild.name} xmlns='${bodyChild.ns ?? ''}'>` : 'an empty Body';
    return soapFault(dialect, 'client', `${READ_FAILED} ---> There is an error in XML document. ---> ${found} was not expected.`);
  }
  try {
    return soapResult(dialect, ns, op, resultText(op, readParams(op, ns, bodyChild)));
  } catch (err) {
    if (!(err instanceof ConversionError)) throw err;
    const detail = err.param.type === 'bool' ? `The string '${err.text}' is not a valid Boolean value.` : 'Input string was not in a correct format.';
    return soapFault(dialect, 'client', `${READ_FAILED} ---> There is an error in XML document. ---> ${detail}`);
  }
}
