/**
 * WSDL 1.1 text -> WsdlModel. Reads with parseXml (libxml2, no DTDs, no network), resolves QNames
 * against the declarations in scope, and keeps only what the comparison needs. Anything it does
 * not understand is left out of the model rather than guessed at, so the diff reports it missing.
 *
 * Binding protocols are told apart by the namespace of the binding's extension element, as WSDL 1.1
 * section 3 (SOAP), 4 (HTTP) and the WSDL 1.1 SOAP 1.2 binding define them, never by the binding's
 * name: ASMX names bindings after the service class, which the spec does not give.
 */
import { parseXml, type XmlElement } from '../decode/xml.js';
import type { TransportId } from '../transports/types.js';
import type { Binding, Message, Particle, Port, PortType, Schema, SchemaElement, Service, TypeName, WsdlModel } from './model.js';
import { clark, namespaceScopes, resolveQName, type QName, type Scope } from './namespaces.js';

export const NS = {
  wsdl: 'http://schemas.xmlsoap.org/wsdl/',
  xs: 'http://www.w3.org/2001/XMLSchema',
  soap: 'http://schemas.xmlsoap.org/wsdl/soap/',
  soap12: 'http://schemas.xmlsoap.org/wsdl/soap12/',
  http: 'http://schemas.xmlsoap.org/wsdl/http/',
} as const;

export type ParsedWsdl = { readonly ok: true; readonly model: WsdlModel } | { readonly ok: false; readonly error: string };

const kids = (el: XmlElement, ns: string, name: string) => el.children.filter((c) => c.ns === ns && c.name === name);
const first = (el: XmlElement, ns: string, name: string): XmlElement | undefined => kids(el, ns, name)[0];

/** Parses WSDL text without throwing; text that is not well-formed XML or not a WSDL 1.1
 * definitions document gives `ok: false` and a one-line reason. */
export function parseWsdl(text: string): ParsedWsdl {
  const parsed = parseXml(text);
  if (!parsed.ok) return { ok: false, error: `not well-formed XML: ${parsed.error}` };
  const root = parsed.root;
  if (root.ns !== NS.wsdl || root.name !== 'definitions') {
    return { ok: false, error: `not a WSDL 1.1 document: the root element is ${clark({ ns: root.ns, local: root.name })}, expected {${NS.wsdl}}definitions` };
  }
  return { ok: true, model: new Reader(namespaceScopes(root)).definitions(root) };
}

class Reader {
  constructor(private readonly scopes: WeakMap<XmlElement, Scope>) {}

  private qname(el: XmlElement, attr: string): QName | null {
    const value = el.attrs[attr];
    if (value === undefined) return null;
    return resolveQName(value, this.scopes.get(el) ?? new Map()) ?? { ns: null, local: value };
  }

  /** Built-in XML Schema types by local name, anything else in Clark notation. */
  private typeName(el: XmlElement): TypeName {
    const q = this.qname(el, 'type');
    if (!q) return null;
    return q.ns === NS.xs ? q.local : clark(q);
  }

  definitions(root: XmlElement): WsdlModel {
    const types = kids(root, NS.wsdl, 'types');
    return {
      targetNamespace: root.attrs['targetNamespace'] ?? null,
      schemas: types.flatMap((t) => kids(t, NS.xs, 'schema')).map((s) => this.schema(s)),
      messages: kids(root, NS.wsdl, 'message').map((m) => this.message(m)),
      portTypes: kids(root, NS.wsdl, 'portType').map((p) => this.portType(p)),
      bindings: kids(root, NS.wsdl, 'binding').map((b) => this.binding(b)),
      services: kids(root, NS.wsdl, 'service').map((s) => this.service(s)),
    };
  }

  private schema(el: XmlElement): Schema {
    const targetNamespace = el.attrs['targetNamespace'] ?? null;
    const named = new Map(kids(el, NS.xs, 'complexType').map((t) => [clark({ ns: targetNamespace, local: t.attrs['name'] ?? '' }), t]));
    const element = (e: XmlElement): SchemaElement => {
      const anonymous = first(e, NS.xs, 'complexType');
      const type = this.typeName(e);
      const complex = anonymous ?? (type ? named.get(type) : undefined);
      return {
        ns: targetNamespace,
        name: e.attrs['name'] ?? '',
        type,
        nillable: e.attrs['nillable'] === 'true',
        sequence: complex ? this.sequence(complex) : null,
      };
    };
    return {
      targetNamespace,
      elementFormDefault: el.attrs['elementFormDefault'] === 'qualified' ? 'qualified' : 'unqualified',
      elements: kids(el, NS.xs, 'element').map(element),
    };
  }

  /** The particles of a complexType's sequence; [] for an empty complexType (ASMX writes
   * `<s:complexType />` for an operation without parameters); null for any other content model. */
  private sequence(complexType: XmlElement): Particle[] | null {
    if (complexType.children.length === 0) return [];
    const seq = first(complexType, NS.xs, 'sequence');
    if (!seq || complexType.children.length !== 1) return null;
    return kids(seq, NS.xs, 'element').map((p) => ({
      name: p.attrs['name'] ?? this.qname(p, 'ref')?.local ?? '',
      type: this.typeName(p),
      minOccurs: Number(p.attrs['minOccurs'] ?? '1'),
      maxOccurs: p.attrs['maxOccurs'] === 'unbounded' ? 'unbounded' : Number(p.attrs['maxOccurs'] ?? '1'),
      nillable: p.attrs['nillable'] === 'true',
    }));
  }

  private message(el: XmlElement): Message {
    return {
      name: el.attrs['name'] ?? '',
      parts: kids(el, NS.wsdl, 'part').map((p) => ({ name: p.attrs['name'] ?? '', element: this.qname(p, 'element'), type: this.typeName(p) })),
    };
  }

  private portType(el: XmlElement): PortType {
    return {
      name: el.attrs['name'] ?? '',
      operations: kids(el, NS.wsdl, 'operation').map((o) => {
        const input = first(o, NS.wsdl, 'input');
        const output = first(o, NS.wsdl, 'output');
        return { name: o.attrs['name'] ?? '', input: input ? this.qname(input, 'message') : null, output: output ? this.qname(output, 'message') : null };
      }),
    };
  }

  private binding(el: XmlElement): Binding {
    return {
      name: el.attrs['name'] ?? '',
      type: this.qname(el, 'type'),
      protocol: protocolOf(el),
      operations: kids(el, NS.wsdl, 'operation').map((o) => ({
        name: o.attrs['name'] ?? '',
        soapAction: (first(o, NS.soap, 'operation') ?? first(o, NS.soap12, 'operation'))?.attrs['soapAction'] ?? null,
        location: first(o, NS.http, 'operation')?.attrs['location'] ?? null,
      })),
    };
  }

  private service(el: XmlElement): Service {
    return {
      name: el.attrs['name'] ?? '',
      ports: kids(el, NS.wsdl, 'port').map((p): Port => {
        const address = [NS.soap, NS.soap12, NS.http].map((ns) => first(p, ns, 'address')).find((a) => a !== undefined);
        return { name: p.attrs['name'] ?? '', binding: this.qname(p, 'binding'), address: address?.attrs['location'] ?? null };
      }),
    };
  }
}

function protocolOf(binding: XmlElement): TransportId | null {
  if (first(binding, NS.soap, 'binding')) return 'soap11';
  if (first(binding, NS.soap12, 'binding')) return 'soap12';
  const verb = first(binding, NS.http, 'binding')?.attrs['verb'];
  return verb === 'GET' ? 'get' : verb === 'POST' ? 'post' : null;
}
