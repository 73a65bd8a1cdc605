/**
 * Basic Profile 1.1 assertions on the target's WSDL (?WSDL). Only the SOAP 1.1 bindings are the
 * profile's: an ASMX WSDL also carries a soap12:binding and the http:binding of HTTP GET and POST,
 * extensions the profile does not cover (SSBP2403). They are named in a note, never failed.
 */
import { resolveQName, type XmlElement } from '../../decode/xml.js';
import { failed, passed, type WsiAssertion, type WsiDescription, type WsiJudgement } from './types.js';

export const WSDL_NS = 'http://schemas.xmlsoap.org/wsdl/';
export const SOAP_BIND_NS = 'http://schemas.xmlsoap.org/wsdl/soap/';
const XSD_NS = 'http://www.w3.org/2001/XMLSchema';
const SOAP_HTTP = 'http://schemas.xmlsoap.org/soap/http';

const kids = (el: XmlElement, ns: string, name: string) => el.children.filter((c) => c.ns === ns && c.name === name);
export const kid = (el: XmlElement, ns: string, name: string) => el.children.find((c) => c.ns === ns && c.name === name);

/** A wsdl:binding of the SOAP 1.1 binding extension, its style and its operations' soapbind:body elements. */
interface SoapBinding {
  readonly el: XmlElement;
  readonly name: string;
  readonly soapBinding: XmlElement;
  readonly style: string;
  readonly operations: ReadonlyArray<{ readonly el: XmlElement; readonly name: string; readonly style: string; readonly bodies: ReadonlyArray<{ io: 'input' | 'output'; body: XmlElement }> }>;
}

export function soapBindings(root: XmlElement): SoapBinding[] {
  return kids(root, WSDL_NS, 'binding').flatMap((el): SoapBinding[] => {
    const soapBinding = kid(el, SOAP_BIND_NS, 'binding');
    if (!soapBinding) return [];
    const style = soapBinding.attrs['style'] ?? 'document';
    const operations = kids(el, WSDL_NS, 'operation').map((op) => ({
      el: op,
      name: op.attrs['name'] ?? '',
      style: kid(op, SOAP_BIND_NS, 'operation')?.attrs['style'] ?? style,
      bodies: (['input', 'output'] as const).flatMap((io) => kids(op, WSDL_NS, io).flatMap((m) => kids(m, SOAP_BIND_NS, 'body').map((body) => ({ io, body })))),
    }));
    return [{ el, name: el.attrs['name'] ?? '', soapBinding, style, operations }];
  });
}

/** The bindings the profile does not cover, for the note of R2401. */
function otherBindings(root: XmlElement): string[] {
  return kids(root, WSDL_NS, 'binding').filter((b) => !kid(b, SOAP_BIND_NS, 'binding'))
    .map((b) => `${b.attrs['name'] ?? '?'} (${b.children.find((c) => c.ns !== WSDL_NS)?.ns ?? 'no binding extension'})`);
}

/** The wsdl:message a binding operation's input or output uses, through the portType. */
function messageOf(root: XmlElement, binding: SoapBinding, opName: string, io: 'input' | 'output'): XmlElement | undefined {
  const type = binding.el.attrs['type'];
  if (!type) return undefined;
  const portTypeName = resolveQName([root, binding.el], type).local;
  const portType = kids(root, WSDL_NS, 'portType').find((p) => p.attrs['name'] === portTypeName);
  const ref = kids(portType ?? root, WSDL_NS, 'operation').find((o) => o.attrs['name'] === opName)?.children.find((c) => c.ns === WSDL_NS && c.name === io);
  const messageName = ref?.attrs['message'] && resolveQName([root, portType!, ref], ref.attrs['message']).local;
  return kids(root, WSDL_NS, 'message').find((m) => m.attrs['name'] === messageName);
}

/** Every problem found, or passed: one failure names the first few. */
const verdict = (problems: readonly string[]): WsiJudgement => (problems.length === 0 ? passed : failed(problems.slice(0, 3).join('; ') + (problems.length > 3 ? ` (and ${problems.length - 3} more)` : '')));

const docLiteral = (root: XmlElement) => soapBindings(root).flatMap((b) => b.operations.filter((op) => op.style === 'document').map((op) => ({ binding: b, op })));

const WSDL_CHILDREN = new Set(['import', 'documentation', 'types', 'message', 'portType', 'binding', 'service']);

export const wsdlSchemaValid: WsiAssertion<WsiDescription> = {
  id: 'R2028/R2029', target: 'description', prereqs: [],
  requirement: 'A DESCRIPTION using the WSDL namespace (R2028) and the WSDL SOAP binding namespace (R2029) MUST be valid according to the XML Schemas found at http://schemas.xmlsoap.org/wsdl/2003-02-11.xsd and http://schemas.xmlsoap.org/wsdl/soap/2003-02-11.xsd.',
  section: 'Basic Profile 1.1, 4.2.2 WSDL Schema Definitions',
  // The published schemas are not fetched (a run asks only its target): their structure is checked
  // here, the top-level elements and the attributes the SOAP binding schema requires.
  judge({ root }) {
    if (root.ns !== WSDL_NS || root.name !== 'definitions') return failed(`the root is {${root.ns ?? ''}}${root.name}, not wsdl:definitions`);
    const problems = root.children.filter((c) => c.ns === WSDL_NS && !WSDL_CHILDREN.has(c.name)).map((c) => `wsdl:${c.name} is not a child wsdl:definitions may have`);
    for (const b of soapBindings(root)) {
      for (const { body } of b.operations.flatMap((op) => op.bodies)) {
        const use = body.attrs['use'];
        if (use !== undefined && use !== 'literal' && use !== 'encoded') problems.push(`binding ${b.name}: soapbind:body use="${use}"`);
      }
      const style = b.soapBinding.attrs['style'];
      if (style !== undefined && style !== 'rpc' && style !== 'document') problems.push(`binding ${b.name}: soapbind:binding style="${style}"`);
    }
    return verdict(problems);
  },
};

export const schemasHaveTargetNamespace: WsiAssertion<WsiDescription> = {
  id: 'R2105', target: 'description', prereqs: ['R2028/R2029'],
  requirement: 'All xsd:schema elements contained in a wsdl:types element of a DESCRIPTION MUST have a targetNamespace attribute with a valid and non-null value, UNLESS the xsd:schema element has xsd:import and/or xsd:annotation as its only child element(s).',
  section: 'Basic Profile 1.1, 4.4.3 Schema targetNamespace Structure',
  judge({ root }) {
    const schemas = kids(root, WSDL_NS, 'types').flatMap((t) => kids(t, XSD_NS, 'schema'));
    const bad = schemas.filter((s) => !s.attrs['targetNamespace'] && s.children.some((c) => c.name !== 'import' && c.name !== 'annotation'));
    return verdict(bad.map(() => 'an xsd:schema without a targetNamespace declares components'));
  },
};

export const docLiteralOnePart: WsiAssertion<WsiDescription> = {
  id: 'R2201/R2210', target: 'description', prereqs: ['R2705/R2706'],
  requirement: 'A document-literal binding in a DESCRIPTION MUST, in each of its soapbind:body element(s), have at most one part listed in the parts attribute (R2201), and where it lists none, the wsdl:message MUST define zero or one wsdl:parts (R2210).',
  section: 'Basic Profile 1.1, 4.4.1 Bindings and Parts',
  judge({ root }) {
    const problems = docLiteral(root).flatMap(({ binding, op }) => op.bodies.flatMap(({ io, body }) => {
      const parts = body.attrs['parts'];
      if (parts !== undefined) return parts.trim().split(/\s+/).filter(Boolean).length > 1 ? [`${binding.name}/${op.name} ${io}: parts="${parts}"`] : [];
      const count = kids(messageOf(root, binding, op.name, io) ?? root, WSDL_NS, 'part').length;
      return count > 1 ? [`${binding.name}/${op.name} ${io}: its message has ${count} parts`] : [];
    }));
    return verdict(problems);
  },
};

export const docLiteralPartsByElement: WsiAssertion<WsiDescription> = {
  id: 'R2204/R2206', target: 'description', prereqs: ['R2705/R2706'],
  requirement: 'A document-literal binding in a DESCRIPTION MUST refer, in each of its soapbind:body element(s), only to wsdl:part element(s) that have been defined using the element attribute (R2204), which MUST refer to a global element declaration (R2206).',
  section: 'Basic Profile 1.1, 4.4.1 Bindings and Parts and 4.4.2 Bindings and Faults',
  judge({ root }) {
    const globals = new Set(kids(root, WSDL_NS, 'types').flatMap((t) => kids(t, XSD_NS, 'schema')).flatMap((s) => kids(s, XSD_NS, 'element').map((e) => `{${s.attrs['targetNamespace'] ?? ''}}${e.attrs['name']}`)));
    const problems = docLiteral(root).flatMap(({ binding, op }) => op.bodies.flatMap(({ io }) => {
      const message = messageOf(root, binding, op.name, io);
      return kids(message ?? root, WSDL_NS, 'part').flatMap((part) => {
        const element = part.attrs['element'];
        if (!element) return [`${binding.name}/${op.name} ${io}: part ${part.attrs['name']} has no element attribute`];
        const { ns, local } = resolveQName([root, message!, part], element);
        return globals.has(`{${ns ?? ''}}${local}`) ? [] : [`part ${part.attrs['name']} names ${element}, no global element declaration`];
      });
    }));
    return verdict(problems);
  },
};

export const portTypeOperationsPlain: WsiAssertion<WsiDescription> = {
  id: 'R2303/R2304/R2306', target: 'description', prereqs: [],
  requirement: 'A DESCRIPTION MUST NOT use Solicit-Response and Notification operations (R2303) nor overload operation names (R2304) in a wsdl:portType, and a wsdl:part MUST NOT specify both type and element attributes (R2306).',
  section: 'Basic Profile 1.1, 4.5 Port Types and 4.4 Messages',
  judge({ root }) {
    const problems: string[] = [];
    for (const portType of kids(root, WSDL_NS, 'portType')) {
      const names = new Set<string>();
      for (const op of kids(portType, WSDL_NS, 'operation')) {
        const first = op.children.find((c) => c.ns === WSDL_NS && (c.name === 'input' || c.name === 'output'));
        if (first?.name === 'output') problems.push(`operation ${op.attrs['name']} starts with its output (solicit-response or notification)`);
        if (names.has(op.attrs['name'] ?? '')) problems.push(`operation name ${op.attrs['name']} is overloaded`);
        names.add(op.attrs['name'] ?? '');
      }
    }
    for (const part of kids(root, WSDL_NS, 'message').flatMap((m) => kids(m, WSDL_NS, 'part'))) {
      if (part.attrs['type'] && part.attrs['element']) problems.push(`part ${part.attrs['name']} has both type and element`);
    }
    return verdict(problems);
  },
};

export const bindingIsSoap: WsiAssertion<WsiDescription> = {
  id: 'R2401/R2701/R2702', target: 'description', prereqs: [],
  requirement: 'A wsdl:binding MUST use the WSDL SOAP binding of WSDL 1.1 section 3 (R2401), its soapbind:binding MUST specify the transport attribute (R2701), and its value MUST be "http://schemas.xmlsoap.org/soap/http" (R2702).',
  section: 'Basic Profile 1.1, 4.7.1 Use of SOAP Binding and 4.7.2 HTTP Transport',
  judge({ root }) {
    const bindings = soapBindings(root);
    const others = otherBindings(root);
    const problems = bindings.flatMap((b) => {
      const transport = b.soapBinding.attrs['transport'];
      if (transport === undefined) return [`binding ${b.name}: soapbind:binding has no transport`];
      return transport === SOAP_HTTP ? [] : [`binding ${b.name}: transport="${transport}"`];
    });
    if (bindings.length === 0) problems.push('no wsdl:binding uses the SOAP 1.1 binding');
    const judged = verdict(problems);
    // ASMX's soap12:binding and http:binding (HTTP GET and POST) are outside the profile (SSBP2403).
    return others.length > 0 ? { ...judged, note: `bindings the profile does not cover, not judged: ${others.join(', ')}` } : judged;
  },
};

export const bindingLiteralOneStyle: WsiAssertion<WsiDescription> = {
  id: 'R2705/R2706', target: 'description', prereqs: [],
  requirement: 'A wsdl:binding in a DESCRIPTION MUST be either an rpc-literal or a document-literal binding (R2705), using "literal" for the use attribute of every soapbind:body, soapbind:fault, soapbind:header and soapbind:headerfault (R2706).',
  section: 'Basic Profile 1.1, 4.7.3 Consistency of style Attribute and 4.7.4 Encodings and the use Attribute',
  judge({ root }) {
    const problems = soapBindings(root).flatMap((b) => {
      const styles = new Set(b.operations.map((op) => op.style));
      const out = styles.size > 1 ? [`binding ${b.name} mixes rpc and document operations`] : [];
      const walk = (el: XmlElement): XmlElement[] => [...(el.ns === SOAP_BIND_NS && ['body', 'fault', 'header', 'headerfault'].includes(el.name) ? [el] : []), ...el.children.flatMap(walk)];
      for (const use of walk(b.el)) if (use.attrs['use'] !== 'literal') out.push(`binding ${b.name}: soapbind:${use.name} use="${use.attrs['use'] ?? '(none)'}"`);
      return out;
    });
    return verdict(problems);
  },
};

export const operationSignaturesDiffer: WsiAssertion<WsiDescription> = {
  id: 'R2710', target: 'description', prereqs: ['R2705/R2706'],
  requirement: 'The operations in a wsdl:binding in a DESCRIPTION MUST result in operation signatures that are different from one another.',
  section: 'Basic Profile 1.1, 4.7.6 Operation Signatures',
  judge({ root }) {
    const problems: string[] = [];
    for (const b of soapBindings(root)) {
      const seen = new Map<string, string>();
      for (const op of b.operations) {
        // A document-literal request is told by its body element; an rpc-literal one by the operation name.
        const part = kids(messageOf(root, b, op.name, 'input') ?? root, WSDL_NS, 'part')[0];
        const signature = op.style === 'rpc' ? `rpc:${op.name}` : `doc:${part?.attrs['element'] ?? ''}`;
        const other = seen.get(signature);
        if (other) problems.push(`binding ${b.name}: ${other} and ${op.name} have the same signature`);
        seen.set(signature, op.name);
      }
    }
    return verdict(problems);
  },
};

export const bindingNamespaceAttributes: WsiAssertion<WsiDescription> = {
  id: 'R2716-R2718', target: 'description', prereqs: ['R2705/R2706'],
  requirement: 'A document-literal binding MUST NOT have the namespace attribute on its soapbind:body, header, headerfault or fault elements (R2716), an rpc-literal binding MUST have an absolute URI namespace attribute on its soapbind:body elements (R2717), and a wsdl:binding MUST have the same set of wsdl:operations as its wsdl:portType (R2718).',
  section: 'Basic Profile 1.1, 4.7.10 Namespaces for soapbind Elements and 4.7.18 Operations in wsdl:binding',
  judge({ root }) {
    const problems: string[] = [];
    for (const b of soapBindings(root)) {
      for (const op of b.operations) {
        for (const { io, body } of op.bodies) {
          const ns = body.attrs['namespace'];
          if (op.style === 'document' && ns !== undefined) problems.push(`${b.name}/${op.name} ${io}: a document-literal soapbind:body with namespace="${ns}"`);
          if (op.style === 'rpc' && !(ns && /^[A-Za-z][A-Za-z0-9+.-]*:/.test(ns))) problems.push(`${b.name}/${op.name} ${io}: an rpc-literal soapbind:body without an absolute namespace`);
        }
      }
      const portTypeName = b.el.attrs['type'] ? resolveQName([root, b.el], b.el.attrs['type']).local : '';
      const portType = kids(root, WSDL_NS, 'portType').find((p) => p.attrs['name'] === portTypeName);
      const declared = new Set(kids(portType ?? root, WSDL_NS, 'operation').map((o) => o.attrs['name']));
      const bound = new Set(b.operations.map((op) => op.name));
      const missing = [...declared].filter((n) => !bound.has(n ?? ''));
      const extra = [...bound].filter((n) => !declared.has(n));
      if (missing.length + extra.length > 0) problems.push(`binding ${b.name} and portType ${portTypeName} differ: ${[...missing.map((n) => `-${n}`), ...extra.map((n) => `+${n}`)].join(' ')}`);
    }
    return verdict(problems);
  },
};

export const DESCRIPTION_ASSERTIONS: ReadonlyArray<WsiAssertion<WsiDescription>> = [
  wsdlSchemaValid, schemasHaveTargetNamespace, docLiteralOnePart, docLiteralPartsByElement, portTypeOperationsPlain,
  bindingIsSoap, bindingLiteralOneStyle, operationSignaturesDiffer, bindingNamespaceAttributes,
];
