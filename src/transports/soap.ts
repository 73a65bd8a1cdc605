/** SOAP 1.1 and SOAP 1.2 codecs: one implementation, parametrised by the dialect value. */
import { SERVICE_PATH, soapAction, responseElementName, resultElementName, type Operation } from '../contract/index.js';
import { parseResponse } from '../decode/response.js';
import { XSI_NIL, type XmlElement } from '../decode/xml.js';
import { buildXml, XML_DECLARATION } from '../xml/build.js';
import { XmlTemplate } from '../xml/template.js';
import { decodeSoapRequest } from './soap-request.js';
import { soap11, soap12, XSD_NS, XSI_NS, type SoapDialect } from './dialects.js';
import type { CodecContext, Decoded, HttpResponse, Transport, TransportId, WireValues } from './types.js';

/** The Body element of a SOAP message: `{ns}<Op>` with one child per sent parameter, in contract order. */
export function requestElement(ns: string, op: Operation, values: WireValues): Record<string, unknown> {
  const content: Record<string, unknown> = { '@_xmlns': ns };
  for (const p of op.params) if (p.name in values) content[p.name] = values[p.name];
  return { [op.name]: content };
}

/** A SOAP envelope around `body` (a builder object), with the prefixes ASMX declares. */
export function envelope(dialect: SoapDialect, body: Record<string, unknown>, flavour: 'request' | 'asmx'): string {
  return XML_DECLARATION + buildXml({
    'soap:Envelope': {
      '@_xmlns:soap': dialect.envelopeNs,
      '@_xmlns:xsi': XSI_NS,
      '@_xmlns:xsd': XSD_NS,
      'soap:Body': body,
    },
  }, flavour);
}

// What the request builder does not write as it is (escaping, tag-value processing: xml/build.ts):
// the characters it escapes, and an empty value (an element's empty text). \u2060 is the stand-in's.
const NOT_VERBATIM_TEXT = /^$|[&<>"\n\t\r\u2060]/;
const requestTemplates = new Map<string, XmlTemplate<string>>();

/**
 * envelope(dialect, requestElement(ns, op, values), 'request'), the builder's own text, through one
 * XmlTemplate (xml/template.ts) per dialect, namespace, operation and parameters sent. Building every
 * envelope was 5 % of a test worker's CPU in the bench's positive run (CPU profile, issue 52);
 * test/transports/request-envelope.test.ts holds the two equal.
 */
export function requestEnvelope(dialect: SoapDialect, ns: string, op: Operation, values: WireValues): string {
  const sent = op.params.filter((p) => p.name in values);
  const key = `${dialect.version}\u0000${ns}\u0000${op.name}\u0000${sent.length === op.params.length ? '*' : sent.map((p) => p.name).join(',')}`;
  let template = requestTemplates.get(key);
  if (!template) {
    const build = (v: WireValues) => envelope(dialect, requestElement(ns, op, v), 'request');
    requestTemplates.set(key, (template = new XmlTemplate(build, sent.map((p) => p.name), () => NOT_VERBATIM_TEXT)));
  }
  return template.fill(values);
}

export const childNamed = (el: XmlElement, ns: string | null, name: string): XmlElement | undefined =>
  el.children.find((c) => c.ns === ns && c.name === name);

/** Finds a descendant by a path of local names, ignoring namespaces (fault fields are read leniently). */
function byLocalPath(el: XmlElement, path: readonly string[]): XmlElement | undefined {
  let cur: XmlElement | undefined = el;
  for (const name of path) cur = cur?.children.find((c) => c.name === name);
  return cur;
}

/** The single child of the Body of a SOAP response, or why there is none. */
export function bodyChild(dialect: SoapDialect, response: HttpResponse): XmlElement | string {
  const parsed = parseResponse(response);
  if (!parsed.ok) return `not well-formed XML: ${parsed.error}`;
  const root = parsed.root;
  if (root.name !== 'Envelope' || root.ns !== dialect.envelopeNs) return `root is {${root.ns ?? ''}}${root.name}, not a SOAP ${dialect.version} Envelope`;
  const body = childNamed(root, dialect.envelopeNs, 'Body');
  if (!body) return 'Envelope has no Body';
  const [first] = body.children;
  return first ?? 'Body is empty';
}

function makeSoapTransport(id: TransportId, label: string, dialect: SoapDialect): Transport {
  return {
    id,
    label,
    dialect,
    responseContentType: { mediaType: dialect.mediaType, charset: 'utf-8' },
    encode(ctx: CodecContext, op: Operation, values: WireValues) {
      return {
        method: 'POST',
        path: SERVICE_PATH,
        headers: dialect.requestHeaders(soapAction(ctx.namespace, op)),
        body: requestEnvelope(dialect, ctx.namespace, op, values),
      };
    },
    decode(ctx: CodecContext, op: Operation, response: HttpResponse): Decoded {
      const child = bodyChild(dialect, response);
      if (typeof child === 'string') return { kind: 'unreadable', reason: child };
      if (child.ns === dialect.envelopeNs && child.name === 'Fault') {
        return {
          kind: 'fault',
          code: byLocalPath(child, dialect.faultFields.code)?.text.trim() ?? '',
          reason: byLocalPath(child, dialect.faultFields.reason)?.text ?? '',
        };
      }
      if (child.ns !== ctx.namespace || child.name !== responseElementName(op)) {
        return { kind: 'unreadable', reason: `Body holds {${child.ns ?? ''}}${child.name}, not {${ctx.namespace}}${responseElementName(op)}` };
      }
      const result = childNamed(child, ctx.namespace, resultElementName(op));
      // An absent <Op>Result (minOccurs 0) or xsi:nil means a null string.
      if (!result || result.attrs[XSI_NIL] === 'true') return { kind: 'result', text: null };
      return { kind: 'result', text: result.text };
    },
    decodeRequest: (ctx, request) => decodeSoapRequest(id, dialect, ctx, request),
  };
}

export const soap11Transport = makeSoapTransport('soap11', 'SOAP 1.1', soap11);
export const soap12Transport = makeSoapTransport('soap12', 'SOAP 1.2', soap12);
