/**
 * The validity guard applied where it counts: on the text a receiver reads from the request a
 * transport encoded (the XML builder drops characters XML cannot hold, a query string decodes "+"
 * as a space), so a value is judged as sent, not as generated. Over SOAP that text is the element's
 * content, typed by the contract's XSD; over GET and POST it is the decoded field, text by the
 * spec's Transports note, and checked against the same XSD type, which is the strictest reading
 * the contract allows (src/profiles/contract-rules.ts says what each profile makes of it).
 */
import { DEFAULT_NAMESPACE, type Operation } from '../contract/index.js';
import { parseXml, type XmlElement } from '../decode/xml.js';
import { getTransportById, type CodecContext, type HttpRequest, type TransportId, type WireValues } from '../transports/index.js';
import { lexicalErrors } from '../wsdl/lexical-space.js';

const byName = (el: XmlElement | undefined, name: string): XmlElement | undefined => el?.children.find((c) => c.name === name);

/** The text of `param` as the receiver reads it from `request`: undefined when it is not sent, an
 * Error when the SOAP body holding it is not XML at all (a character XML forbids, say). */
export function sentText(request: HttpRequest, transport: TransportId, param: string): string | undefined | Error {
  if (transport === 'get' || transport === 'post') {
    const form = transport === 'get' ? request.path.split('?')[1] ?? '' : request.body ?? '';
    return new URLSearchParams(form).get(param) ?? undefined;
  }
  const parsed = parseXml(request.body ?? '');
  if (!parsed.ok) return new Error(`the SOAP body holding it is not well-formed XML: ${parsed.error}`);
  // Envelope > Body > the operation's element > the parameter's element.
  return byName(byName(parsed.root, 'Body')?.children[0], param)?.text;
}

/** Why the value of `param` sent in `request` is outside its XSD type's lexical space; empty when
 * it is inside (then it is no negative case), or when the parameter is not sent at all. */
export function wireLexicalErrors(op: Operation, request: HttpRequest, transport: TransportId, param: string): string[] {
  const type = op.params.find((p) => p.name === param)?.type;
  const text = sentText(request, transport, param);
  if (text instanceof Error) return [text.message];
  return type === undefined || text === undefined ? [] : lexicalErrors(type, text);
}

/** Whether the value of `param` in `request` is one the contract's type refuses: a negative value. */
export const invalidOnWire = (op: Operation, request: HttpRequest, transport: TransportId, param: string): boolean =>
  wireLexicalErrors(op, request, transport, param).length > 0;

/** The element text of a parameter does not depend on the namespace a run uses. */
const GUARD_CONTEXT: CodecContext = { namespace: DEFAULT_NAMESPACE };

/** invalidOnWire for the request `transport` encodes from `values`. */
export const invalidValueOnWire = (op: Operation, values: WireValues, transport: TransportId, param: string): boolean =>
  invalidOnWire(op, getTransportById(transport).encode(GUARD_CONTEXT, op, values), transport, param);
