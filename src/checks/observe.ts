/** What a response is, independent of what was expected: the common ground of the negative-case
 * and fault checks. Memoised per response, like the parse it builds on. */
import { parseContentType, parseResponse, bodyText } from '../decode/response.js';
import { resolveQName, type XmlElement } from '../decode/xml.js';
import { dialectByEnvelopeNs, type SoapDialect } from '../transports/dialects.js';
import type { HttpResponse, Transport } from '../transports/index.js';
import { soap11Transport, soap12Transport } from '../transports/soap.js';
import { quotedLine } from '../results/clip.js';
import type { Exchange } from './types.js';

export interface SoapFaultView {
  readonly dialect: SoapDialect;
  /** Envelope, Body, Fault: the path to the fault, for QName resolution. */
  readonly path: readonly XmlElement[];
  readonly fault: XmlElement;
}

export type Observed =
  /** `version`: the SOAP version of the envelope holding the result (a SOAP 1.2 endpoint may answer
   * a SOAP 1.1 request in SOAP 1.1, SOAP 1.2 Part 1, Appendix A); absent over GET and POST. */
  | { readonly body: 'success'; readonly status: number; readonly version?: '1.1' | '1.2' }
  | ({ readonly body: 'soap-fault'; readonly status: number } & SoapFaultView)
  | { readonly body: 'empty'; readonly status: number }
  | { readonly body: 'plain-text'; readonly status: number; readonly text: string }
  | { readonly body: 'unreadable'; readonly status: number; readonly reason: string };

/** The SOAP fault in a response, in whichever SOAP version the envelope is, if it holds one. */
export function soapFaultOf(response: HttpResponse): SoapFaultView | undefined {
  const parsed = parseResponse(response);
  if (!parsed.ok || parsed.root.name !== 'Envelope') return undefined;
  const dialect = dialectByEnvelopeNs(parsed.root.ns);
  const body = dialect && parsed.root.children.find((c) => c.ns === dialect.envelopeNs && c.name === 'Body');
  const fault = body?.children.find((c) => c.ns === dialect!.envelopeNs && c.name === 'Fault');
  return dialect && body && fault ? { dialect, path: [parsed.root, body, fault], fault } : undefined;
}

/** The fault code's local name and whether its namespace is the envelope's, per version. */
export function faultCodeOf(view: SoapFaultView): { local: string; inEnvelopeNs: boolean; text: string } | undefined {
  const { dialect, fault, path } = view;
  // SOAP 1.1: <faultcode> (unqualified) holds the QName; SOAP 1.2: <Code><Value>.
  const chain = dialect.version === '1.1'
    ? [fault.children.find((c) => c.name === 'faultcode' && c.ns === null)]
    : (() => {
        const code = fault.children.find((c) => c.name === 'Code' && c.ns === dialect.envelopeNs);
        return [code, code?.children.find((c) => c.name === 'Value' && c.ns === dialect.envelopeNs)];
      })();
  const holder = chain[chain.length - 1];
  if (!holder || chain.some((c) => c === undefined)) return undefined;
  const text = holder.text.trim();
  const { ns, local } = resolveQName([...path, ...(chain as XmlElement[])], text);
  return { local, inEnvelopeNs: ns === dialect.envelopeNs, text };
}

/** The codec that reads this response: a SOAP envelope is read in its own version (ASMX answers a
 * SOAP 1.2 envelope sent as text/xml in SOAP 1.2), anything else with the request's transport. */
export function codecFor(exchange: Exchange): Transport {
  if (!exchange.transport.dialect) return exchange.transport;
  const parsed = parseResponse(exchange.response);
  const version = parsed.ok && parsed.root.name === 'Envelope' ? dialectByEnvelopeNs(parsed.root.ns)?.version : undefined;
  return version === '1.2' ? soap12Transport : version === '1.1' ? soap11Transport : exchange.transport;
}

const decodedResults = new WeakMap<HttpResponse, ReturnType<Transport['decode']>>();

/** The answer decoded by the codec that reads it (codecFor), once per exchange: every check that
 * needs the result text asks here. */
export function decodedOf(exchange: Exchange): ReturnType<Transport['decode']> {
  let decoded = decodedResults.get(exchange.response);
  if (!decoded) {
    decoded = codecFor(exchange).decode({ namespace: exchange.namespace }, exchange.operation, exchange.response);
    decodedResults.set(exchange.response, decoded);
  }
  return decoded;
}

const observed = new WeakMap<HttpResponse, Observed>();

export function observe(exchange: Exchange): Observed {
  const { response } = exchange;
  let o = observed.get(response);
  if (o) return o;
  const status = response.status;
  const fault = soapFaultOf(response);
  const decoded = decodedOf(exchange);
  if (fault) o = { body: 'soap-fault', status, ...fault };
  else if (status >= 200 && status < 300 && decoded.kind === 'result') {
    const version = codecFor(exchange).dialect?.version;
    o = version ? { body: 'success', status, version } : { body: 'success', status };
  }
  else if (response.body.length === 0) o = { body: 'empty', status };
  else if (parseContentType(response.headers['content-type']).mediaType === 'text/plain') o = { body: 'plain-text', status, text: bodyText(response) };
  else {
    const parsed = parseResponse(response);
    const reason = parsed.ok
      ? `a ${parseContentType(response.headers['content-type']).mediaType || 'untyped'} document with root {${parsed.root.ns ?? ''}}${parsed.root.name}`
      : `a ${parseContentType(response.headers['content-type']).mediaType || 'untyped'} body that is not XML (${parsed.error})`;
    o = { body: 'unreadable', status, reason };
  }
  observed.set(response, o);
  return o;
}

/** One line describing what came back, for failure messages. */
export function describeObserved(o: Observed): string {
  switch (o.body) {
    case 'success': return `HTTP ${o.status} with a result`;
    case 'soap-fault': {
      const code = faultCodeOf(o);
      return `HTTP ${o.status} SOAP ${o.dialect.version} fault ${code?.text ?? '(no code)'}`;
    }
    case 'empty': return `HTTP ${o.status} with an empty body`;
    case 'plain-text': return `HTTP ${o.status} text/plain "${quotedLine(o.text)}"`;
    case 'unreadable': return `HTTP ${o.status}, ${o.reason}`;
  }
}
