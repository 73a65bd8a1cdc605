/**
 * Reading a SOAP request a client sent: the envelope, the Body's operation element and its child
 * elements as parameters, in document order, whatever their names. Parsed by decode/xml.ts, which
 * never expands or loads a DTD (a DOCTYPE is reported, its entities left unexpanded) and fetches
 * nothing. One parse per request: the classifier asks for the envelope's version, the codec for the
 * rest, and both read the same memoised reading.
 */
import { operations, soapAction } from '../contract/index.js';
import { parseXml, XSI_NIL } from '../decode/xml.js';
import { dialectByEnvelopeNs, type SoapDialect } from './dialects.js';
import { normalised, readingBase, utf8Text, type DecodedRequest, type ObservedParam, type ObservedRequest, type QName, type RequestContext, type SoapReading } from './observed.js';
import type { TransportId } from './types.js';

interface SoapParse {
  readonly reading: SoapReading;
  readonly params: readonly ObservedParam[];
  readonly notUtf8?: string;
  /** The SOAP version of the envelope, when the root is a SOAP 1.1 or 1.2 Envelope. */
  readonly dialect?: SoapDialect;
}

const NOT_EXPANDED = 'the request has a document type declaration, whose entities are not expanded: its parameter values are not read (SOAP allows no DTD)';

const parses = new WeakMap<ObservedRequest, SoapParse>();

const qname = (el: { ns: string | null; name: string }): QName => ({ ns: el.ns, name: el.name });

/** The request's body read as a SOAP message, once per request. */
export function soapParse(request: ObservedRequest): SoapParse {
  let parse = parses.get(request);
  if (!parse) parses.set(request, (parse = readSoap(request.body)));
  return parse;
}

function readSoap(body: Buffer): SoapParse {
  const { text, notUtf8 } = utf8Text(body);
  const utf8 = notUtf8 === undefined ? {} : { notUtf8 };
  const parsed = text.length === 0 ? ({ ok: false, error: 'empty body' } as const) : parseXml(text);
  if (!parsed.ok) return { reading: { text, notWellFormed: parsed.error, hasDoctype: false, paramElements: [] }, params: [], ...utf8 };
  const { root, hasDoctype } = parsed;
  const dialect = root.name === 'Envelope' ? dialectByEnvelopeNs(root.ns) : undefined;
  const base = { text, hasDoctype, root: qname(root) };
  if (!dialect) return { reading: { ...base, paramElements: [] }, params: [], ...utf8 };
  const bodyEl = root.children.find((c) => c.ns === root.ns && c.name === 'Body');
  const opEl = bodyEl?.children[0];
  const bodyChildren = bodyEl?.children.map(qname);
  if (!opEl) return { reading: { ...base, bodyChildren, paramElements: [] }, params: [], dialect, ...utf8 };
  // The tree reads an entity reference as the entity's replacement text (decode/xml.ts): with a DTD
  // the values would be what the DTD made of them, so they are not read at all.
  if (hasDoctype) return { reading: { ...base, bodyChildren, operationNs: opEl.ns, paramElements: [], paramsUnreadable: NOT_EXPANDED }, params: [], dialect, ...utf8 };
  const params = opEl.children.map((c) => ({ name: c.name, value: c.text }));
  const paramElements = opEl.children.map((c) => ({ ns: c.ns, nil: c.attrs[XSI_NIL] === 'true' || c.attrs[XSI_NIL] === '1' }));
  return { reading: { ...base, bodyChildren, operationNs: opEl.ns, paramElements }, params, dialect, ...utf8 };
}

/** The operation an action names ("{namespace}/<Op>"), if it names one of the contract's. */
function operationOfAction(namespace: string, action: string | undefined): string | undefined {
  return action === undefined ? undefined : operations.find((op) => soapAction(namespace, op) === action)?.name;
}

/** A SOAP request decoded as `dialect`'s transport: the codec's decodeRequest. */
export function decodeSoapRequest(id: TransportId, dialect: SoapDialect, ctx: RequestContext, request: ObservedRequest): DecodedRequest {
  const { headers, path } = normalised(request);
  const parse = soapParse(request);
  // The Body's element names the operation; without one, the action header may still say which it
  // was meant to be (a capture replays it, the checks name what is missing).
  const operation = parse.reading.bodyChildren?.[0]?.name ?? operationOfAction(ctx.namespace, dialect.requestAction(headers));
  return {
    call: { transport: id, ...(operation === undefined ? {} : { operation }), params: parse.params },
    reading: {
      ...readingBase(request, headers, path),
      ...(parse.notUtf8 === undefined ? {} : { notUtf8: parse.notUtf8 }),
      ...(parse.reading.paramsUnreadable === undefined ? {} : { paramsUnreadable: parse.reading.paramsUnreadable }),
      soap: parse.reading,
    },
  };
}
